import { describe, expect, it } from 'vitest';
import { clientLogActionOf, clientLogCategoryOf } from './client-log.ts';

// Spec 1 §7 'display panel pricing'; issue 14 (docs/decisions/0224): known names only, never free text.
describe('clientLogActionOf', () => {
  it.each([
    ['the action name as it is', 'display panel pricing', 'display panel pricing'],
    ['case and spacing ignored', '  Display  Panel Pricing ', 'display panel pricing'],
    ['free text with a name and a date', 'opened order 100001 for Jane, born 1985-04-12!', 'unknown'],
    ['a known name with more text', 'display panel pricing for Jane', 'unknown'],
    ['empty', '', 'unknown'],
  ])('%s', (_case, message, expected) => {
    expect(clientLogActionOf(message)).toBe(expected);
  });
});

describe('clientLogCategoryOf', () => {
  it.each([
    ['info', 'info'],
    ['pricing', 'pricing'],
    ['Jane_Testpatient', 'other'],
  ])('%s → %s', (category, expected) => {
    expect(clientLogCategoryOf(category)).toBe(expected);
  });
});
