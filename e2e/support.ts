import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';

export const DEMO_PASSWORDS = {
  'dr.avery': 'demo-Avery-2026',
  'staff.kim': 'demo-Kim-2026',
  'dr.chen': 'demo-Chen-2026',
  'dr.diaz': 'demo-Diaz-2026',
  'dr.evans': 'demo-Evans-2026',
  'dr.fox': 'demo-Fox-2026',
  'dr.gray': 'demo-Gray-2026',
  'admin.ops': 'demo-Admin-2026',
} as const;

export type DemoLogin = keyof typeof DEMO_PASSWORDS;

/** Signs in on the login page as a demo user; the wizard opens on a new order. */
export async function signIn(page: Page, login: DemoLogin) {
  await page.goto('/login');
  await page.getByLabel('Login name').fill(login);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORDS[login]);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

let shots = 0;

/**
 * axe on the page as it stands: no serious or critical violations. With E2E_SHOTS_DIR set, every page so checked is
 * also kept as a full-page screenshot there, named by the test and its viewport, for a person to look at.
 */
export async function expectAccessible(page: Page) {
  const shotsDir = process.env.E2E_SHOTS_DIR;
  if (shotsDir) {
    shots += 1;
    const { title } = test.info();
    const width = page.viewportSize()?.width ?? 0;
    const name = `${title.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${width}-${String(shots).padStart(3, '0')}.png`;
    await page.screenshot({ path: path.join(shotsDir, name), fullPage: true });
  }
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/**
 * Collects console errors (CSP violations among them) so a journey can assert there were none. Chromium logs every
 * non-2xx answer as 'Failed to load resource'; answers the journey expects (a lookup's 404 or 410) are named by
 * expectedFailures, patterns of their URLs, and not collected.
 */
export function watchConsole(page: Page, expectedFailures: readonly RegExp[] = []) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const failedLoad = message.text().startsWith('Failed to load resource');
    const url = message.location().url;
    if (failedLoad && expectedFailures.some((pattern) => pattern.test(url))) return;
    errors.push(failedLoad ? `${message.text()} (${url})` : message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Issue 15: every visible button, text input, list and link of the header and the main content is at least 44 px tall
 * (touch targets, WCAG 2.5.5). Links inside a sentence are exempt (WCAG 2.5.8's inline exception), as are the named
 * ones.
 */
const SMALL_TARGETS = `(except) => [...document.querySelectorAll('header a, header button, main button, main input:not([type=checkbox]):not([type=radio]):not([type=hidden]), main select, main a')]
  .filter((el) => el.offsetParent !== null && !el.closest('altcha-widget'))
  .filter((el) => !(el.tagName === 'A' && el.closest('p')))
  .map((el) => ({ text: (el.textContent || el.getAttribute('aria-label') || el.tagName).trim(), h: Math.round(el.getBoundingClientRect().height) }))
  .filter(({ h, text }) => h < 44 && !except.includes(text))`;

export async function expectTouchTargets(page: Page, where: string, except: readonly string[] = []) {
  const small = await page.evaluate(`(${SMALL_TARGETS})(${JSON.stringify(except)})`);
  expect(small, `${where} has touch targets under 44 px`).toEqual([]);
}

/**
 * Issue 15 (decisions 0322, 0332): after a failed submit the form's one error summary has the focus, is in view, and
 * lists exactly these lines ('<field label>: <message>'), each a link. Returns the summary.
 */
export async function expectErrorSummary(page: Page, lines: readonly string[]): Promise<Locator> {
  await expect(page.locator(':focus')).toContainText('Please correct the following');
  const summary = page.getByRole('alert').filter({ hasText: 'Please correct the following' });
  await expect(summary).toBeInViewport();
  await expect(summary.getByRole('link')).toHaveText([...lines]);
  return summary;
}

/** The page's text and controls (header and main) whose boxes meet the element's, the element's own left out. */
const COVERED = `(element) => {
  const box = element.getBoundingClientRect();
  return [...document.querySelectorAll('header a, header button, main a, main button, main h1, main h2, main h3, main p, main li, main label, main input, main select, main textarea')]
    .filter((other) => !element.contains(other) && !other.contains(element) && other.offsetParent !== null)
    .filter((other) => {
      const r = other.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom;
    })
    .map((other) => other.tagName + ' ' + (other.textContent || other.getAttribute('aria-label') || '').trim().slice(0, 40));
}`;

/** Issue 15 (decision 0332): the element (the 'Saved' notice) is in view and lies over nothing of the page. */
export async function expectCoversNothing(what: Locator, where: string) {
  await expect(what).toBeInViewport();
  await what.evaluate((element) =>
    (element as unknown as { setAttribute(name: string, value: string): void }).setAttribute(
      'data-e2e-checked',
      '',
    ),
  );
  const covered = await what.page().evaluate(`(${COVERED})(document.querySelector('[data-e2e-checked]'))`);
  expect(covered, `${where} covers part of the page`).toEqual([]);
}

const TABLE_HINT = 'Scroll the table sideways to see every column.';

/**
 * Issue 15 (decision 0332): a list of orders scrolls inside its own region, named like its table, that takes the focus
 * and scrolls with the arrow keys. Wider than the screen (`overflows`), the region is described by the visible hint
 * and its last column is out of sight until the region is scrolled; otherwise there is no hint.
 */
export async function expectSidewaysTable(
  page: Page,
  name: RegExp | string,
  last: string,
  overflows: boolean,
) {
  const region = page.getByRole('region', { name });
  await expect(region).toBeVisible();
  await expect(region).toHaveAttribute('tabindex', '0');
  const lastColumn = region.getByRole('columnheader', { name: last, exact: true });
  if (!overflows) {
    await expect(region).not.toHaveAttribute('aria-describedby');
    await expect(lastColumn).toBeInViewport();
    return;
  }
  await expect(region).toHaveAccessibleDescription(TABLE_HINT);
  await expect(page.getByText(TABLE_HINT).first()).toBeVisible();
  await expect(lastColumn).not.toBeInViewport();
  const scrolled = () =>
    region.evaluate((element) => (element as unknown as { scrollLeft: number }).scrollLeft);
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(scrolled).toBeGreaterThan(0);
  for (let presses = 0; presses < 40; presses += 1) await page.keyboard.press('ArrowRight');
  await expect(lastColumn).toBeInViewport();
}

/** The card form's lines in an error summary when nothing is typed (spec 3 §5 'Card payment' messages). */
export const EMPTY_CARD_SUMMARY = [
  'Card number: Please provide a card number.',
  'Cardholder name: Please provide a cardholder name.',
  'Expiration date (MM/YY): Please provide an expiration date.',
  'CVV: Please provide a CVV code.',
  'Billing zip code: Please provide a billing zip code.',
] as const;
