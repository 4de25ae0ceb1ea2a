import { Anchor, Stack, Text, Title } from '@mantine/core';
import { AppLink } from '../services/navigation.tsx';

export function NotFoundPage() {
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Page not found</Title>
      <Text>The page you asked for does not exist.</Text>
      <Anchor component={AppLink} to="/">
        Go to the home page
      </Anchor>
    </Stack>
  );
}
