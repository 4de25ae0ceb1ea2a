import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * axe on the document as it stands, in jsdom: no serious or critical violations (ARCHITECTURE.md, 'Tests').
 * Colour contrast needs a real layout engine and is left to the Chromium journeys (e2e/support.ts).
 */
export async function expectAccessible(root: Element = document.body) {
  const { violations } = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** Headings never skip a level going down (h1 → h3 without an h2), so the outline reads in order. */
export function expectHeadingsInOrder(root: Element = document.body) {
  const levels = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')]
    .filter((h) => !h.closest('[aria-hidden="true"]'))
    .map((h) => Number(h.tagName.slice(1)));
  const skips = levels.filter((level, index) => index > 0 && level > (levels[index - 1] as number) + 1);
  expect({ levels, skips }).toEqual({ levels, skips: [] });
}
