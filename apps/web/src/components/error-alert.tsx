import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** A red error announced to assistive technology (role alert); nothing while there is none. */
export function ErrorAlert({ message }: { message: ReactNode }) {
  if (message === null || message === undefined || message === false || message === '') return null;
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}
