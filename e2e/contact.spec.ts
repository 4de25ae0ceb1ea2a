import { expect, test } from '@playwright/test';
import { solveCaptcha } from './captcha.ts';
import { expectNoSidewaysScroll } from './patient-payment.ts';
import { expectAccessible, expectErrorSummary, expectTouchTargets, watchConsole } from './support.ts';

/**
 * Contact Us (spec 3 §2 'Other links used'; decision 0183) for a patient, with the captcha: a message sent with nothing
 * filled in lists every message in the one error summary at the top of the form, with the focus (issue 15, decision
 * 0332); filled in and verified, it is sent.
 */
for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
]) {
  test.describe(viewport.name, () => {
    test.use({ viewport: viewport.size });

    test('an empty message lists its errors in the summary, each leading to its field; then it is sent', async ({
      page,
    }) => {
      const errors = watchConsole(page);
      await page.goto('/contact');
      await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
      await page.getByRole('button', { name: 'Send message' }).click();
      const summary = await expectErrorSummary(page, [
        'Name: Please enter your name.',
        'Email: Please enter a valid email address.',
        'Message: Please enter your message.',
        'Verification: Please confirm that you are not a robot.',
      ]);
      // Each field keeps its own message too.
      await expect(page.getByText('Please enter your message.', { exact: true })).toBeVisible();
      await expectAccessible(page);
      if (viewport.name === 'phone') {
        await expectNoSidewaysScroll(page);
        await expectTouchTargets(page, 'Contact us with its error summary');
      }
      await summary.getByRole('link', { name: /^Message: / }).click();
      await expect(page.getByRole('textbox', { name: /^Message/ })).toBeFocused();

      await page.getByRole('textbox', { name: /^Name/ }).fill('Casey Contact');
      await page.getByRole('textbox', { name: /^Email/ }).fill('casey.contact@example.com');
      await page.getByRole('textbox', { name: /^Message/ }).fill('When does my collection pack arrive?');
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible();
      await expect(summary).toHaveCount(0);
      await expectAccessible(page);
      expect(errors).toEqual([]);
    });
  });
}
