import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { solveCaptcha } from './captcha.ts';
import { expectAccessible, watchConsole } from './support.ts';

/**
 * The captcha widget (altcha 3.2.2) solves our server's challenge in Chromium under the server's own CSP
 * (worker-src 'self' blob:). No page of the app shows the captcha yet, so the check uses a bare page on the
 * app's origin, served by the test with the header the server sends with its pages.
 */
// The package's entry for require (dist/main/altcha.umd.cjs) sits beside the browser build the app loads.
const altchaEntry = createRequire(import.meta.url).resolve('altcha');
const altchaScript = readFileSync(path.join(path.dirname(altchaEntry), 'altcha.js'), 'utf8');

test('the captcha widget solves a challenge from /gear/captcha/challenge under the app CSP', async ({
  page,
}) => {
  const real = await page.request.get('/api/config');
  const csp = real.headers()['content-security-policy'];
  expect(csp).toContain("worker-src 'self' blob:");
  await page.route('**/captcha-check/altcha.js', (route) =>
    route.fulfill({
      body: altchaScript,
      contentType: 'text/javascript',
      headers: { 'content-security-policy': csp ?? '' },
    }),
  );
  await page.route('**/captcha-check', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      headers: { 'content-security-policy': csp ?? '' },
      body: `<!doctype html><html lang="en"><head><title>Captcha check</title>
        <script type="module" src="/captcha-check/altcha.js"></script></head>
        <body><main><form><altcha-widget challenge="/gear/captcha/challenge" name="recaptcha"
        configuration='{"hideFooter":true}'></altcha-widget></form></main></body></html>`,
    }),
  );
  const errors = watchConsole(page);
  const challengeAnswer = page.waitForResponse('**/gear/captcha/challenge');
  await page.goto('/captcha-check');
  await expectAccessible(page);
  const started = Date.now();
  await solveCaptcha(page);
  const took = Date.now() - started;
  const challenge = await (await challengeAnswer).json();
  const payload = await page.locator('input[name="recaptcha"]').inputValue();
  const decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  expect(decoded.challenge.signature).toBe(challenge.signature);
  expect(decoded.solution.derivedKey.startsWith(challenge.parameters.keyPrefix)).toBe(true);
  await expectAccessible(page);
  expect(errors).toEqual([]);
  test.info().annotations.push({ type: 'solve time', description: `${took} ms` });
});
