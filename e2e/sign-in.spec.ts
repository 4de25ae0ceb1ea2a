import { expect, test } from '@playwright/test';
import { expectAccessible, watchConsole } from './support.ts';

test('an anonymous visit to the wizard shows the login-required screen with its two links', async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  await page.goto('/order/new/pract');
  await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Practitioner Login' })).toHaveAttribute(
    'href',
    '/mygdx/login?url=%2Forder%2Fnew%2Fpract',
  );
  await expect(page.getByRole('link', { name: 'Patient Registration' })).toHaveAttribute('href', '/register');
  await expectAccessible(page);
  expect(consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
});

test('a wrong password shows the one generic message', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Login name').fill('dr.avery');
  await page.getByLabel(/^Password/).fill('not-her-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The login name or password is incorrect.');
  // Issue 15 (decision 0330): the focus moves to the message, not to <body>.
  await expect(page.locator(':focus')).toContainText('The login name or password is incorrect.');
  await expectAccessible(page);
});

test('signing in at /mygdx/login returns to the url asked for, and signing out ends the session', async ({
  page,
}) => {
  await page.goto('/mygdx/login?url=%2Forder%2Fnew%2Fpract');
  await page.getByLabel('Login name').fill('staff.kim');
  await page.getByLabel(/^Password/).fill('demo-Kim-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/order\/new\/pract$/);
  await expect(page.getByLabel('Practitioner', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  // Signing out is a request: the app shows the login page once the server has ended the session. Leaving before
  // then could abandon the request and find the session still alive.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.goto('/order/new/pract');
  await expect(page.getByRole('heading', { name: 'Sign in required' })).toBeVisible();
});
