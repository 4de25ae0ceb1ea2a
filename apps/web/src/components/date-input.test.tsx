import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/render-ui.tsx';
import { DateInput, typedDate } from './date-input.tsx';

describe('typedDate (decision 0327)', () => {
  it.each<[string, string, boolean, string]>([
    ['the month typed on a number pad gets its slash', '03', false, '03/'],
    ['the day too', '03/14', false, '03/14/'],
    ['a slash typed after the added one is not doubled', '03//', false, '03/'],
    ['deleting the slash does not add it back', '03', true, '03'],
    ['MM/DD/YYYY as pasted', '03/14/1990', false, '03/14/1990'],
    ['YYYY-MM-DD as pasted (spec 2 §5 reads both)', '1990-03-14', false, '1990-03-14'],
    ['letters and spaces are dropped', ' 03a/14 ', false, '03/14/'],
    ['at most 10 characters', '03/14/19901', false, '03/14/1990'],
    ['a one-digit month keeps the slash typed', '3/', false, '3/'],
  ])('%s', (_case, text, deleting, expected) => {
    expect(typedDate(text, deleting)).toBe(expected);
  });
});

function Controlled() {
  const [value, setValue] = useState('');
  return (
    <DateInput
      label="Date of birth"
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
    />
  );
}

describe('DateInput', () => {
  it('a number pad, MM/DD/YYYY, and the digits of a date typed one by one', async () => {
    renderUi(<Controlled />);
    const input = screen.getByRole('textbox', { name: 'Date of birth' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    expect(input).toHaveAccessibleDescription('MM/DD/YYYY');
    await userEvent.type(input, '03141990');
    expect(input).toHaveValue('03/14/1990');
    await userEvent.clear(input);
    await userEvent.type(input, '03/14/1990');
    expect(input).toHaveValue('03/14/1990');
  });
});
