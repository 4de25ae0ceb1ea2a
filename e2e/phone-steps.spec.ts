import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, signIn } from './support.ts';

/**
 * Issue 15 (decisions 0230, 0232): the wizard at 390x844. On every step reached, the page does not scroll sideways,
 * the step bar says 'Step n of m', text inputs use 16 px text, and axe finds nothing serious.
 */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const GI = 'GI Effects Comprehensive Profile - Stool (3-day)';

/**
 * What scrolls sideways: scrollWidth minus clientWidth of the page, and (to say why) the first elements sticking out of
 * the viewport outside a row that scrolls within itself.
 */
const SIDEWAYS = `(() => {
  const width = document.documentElement.clientWidth;
  const overflow = document.documentElement.scrollWidth - width;
  const culprits = [...document.querySelectorAll('main *')]
    .filter((el) => el.getBoundingClientRect().right > width + 1)
    .filter((el) => { for (let p = el.parentElement; p; p = p.parentElement) if (/auto|scroll|hidden/.test(getComputedStyle(p).overflowX)) return false; return true; })
    .slice(0, 5)
    .map((el) => el.tagName + '.' + String(el.className).slice(0, 40) + ' ' + Math.round(el.getBoundingClientRect().right));
  return { overflow, culprits };
})()`;

/** Visible text inputs whose text is smaller than 16 px (iOS zooms on those). */
const SMALL_INPUTS = `[...document.querySelectorAll('main input:not([type=checkbox]):not([type=radio]):not([type=hidden]), main select, main textarea')]
  .filter((el) => el.offsetParent !== null && parseFloat(getComputedStyle(el).fontSize) < 16)
  .map((el) => el.getAttribute('aria-label') || el.id)`;

async function expectPhoneFriendly(page: Page, step: string) {
  await expect(page.getByRole('heading', { level: 1, name: step })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Order steps' })).toContainText(
    new RegExp(`Step \\d+ of \\d+: ${step}`),
  );
  const sideways = await page.evaluate<{ overflow: number; culprits: string[] }>(SIDEWAYS);
  expect(sideways.overflow, `${step} scrolls sideways: ${sideways.culprits.join(', ')}`).toBeLessThanOrEqual(
    0,
  );
  expect(await page.evaluate(SMALL_INPUTS), `${step} has inputs under 16 px`).toEqual([]);
  await expectAccessible(page);
}

test('dr.avery orders on a phone: practitioner, panels and billing fit 390 px', async ({ page }) => {
  // Five page states, each checked with axe: longer than one journey's default on a loaded machine.
  test.setTimeout(180_000);
  await signIn(page, 'dr.avery');
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
  await expectPhoneFriendly(page, 'Practitioner');
  await expect(page).toHaveTitle('Practitioner · New order · Gear');
  await page.getByLabel('Practitioner', { exact: true }).selectOption({ label: 'Dana Avery, MD (P1001)' });
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/order\/\d+\/panels$/);
  await expectPhoneFriendly(page, 'Panel Selection');
  await page.getByRole('button', { name: 'Ship to Patient' }).click();
  await page.getByRole('button', { name: /^Complete Alphabetical Listing/ }).click();
  await expectPhoneFriendly(page, 'Panel Selection');
  await page
    .getByRole('list', { name: 'Complete Alphabetical Listing' })
    .getByRole('button', { name: `Select ${GI}` })
    .click();
  await page.getByRole('checkbox', { name: 'GI Effects Comprehensive Profile', exact: true }).check();
  await expectPhoneFriendly(page, 'Panel Selection');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/order\/\d+\/billing\/\d+$/);
  await expectPhoneFriendly(page, 'Billing Options');
  const orderId = /\/order\/(\d+)\//.exec(page.url())?.[1];
  await expect(page).toHaveTitle(`Billing Options · Order ${orderId} · Gear`);
  await expect(page.getByRole('heading', { level: 1, name: 'Billing Options' })).toBeFocused();
});
