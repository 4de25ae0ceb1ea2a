import { expect, test } from '@playwright/test';
import { createOrderThroughApi, signIn } from './orders.ts';
import { expectAccessible, watchConsole } from './support.ts';

/** A practice's file: one new patient, one already on dr.avery's list (Jane Testpatient), one with a bad date. */
const FILE = [
  'First Name,Last Name,DOB,Sex,Email,Phone',
  'Imogen,Importova,03/14/1991,F,imogen.importova@example.com,+18285550177',
  'Jane,Testpatient,1985-04-12,F,,',
  'Bad,Dateson,1990-02-31,M,,',
].join('\r\n');

test('dr.avery imports a CSV with one duplicate and one bad date, sees the preview, imports, and finds the new patient in the patient step', async ({
  page,
}) => {
  // Four pages with axe, an upload and an import on a shared two-core machine.
  test.setTimeout(120_000);
  const consoleErrors = watchConsole(page);
  await signIn(page, 'dr.avery');
  await page.goto('/');
  await page.getByRole('link', { name: 'Patients' }).click();
  await expect(page).toHaveURL(/\/patient-management$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Management' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Jane Testpatient', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.locator('input[type=file]').setInputFiles({
    name: 'practice-patients.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(FILE),
  });
  await expect(page.getByText('1 to add, 1 duplicates to skip, 1 errors.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Patients to add' })).toContainText('Imogen Importova');
  await expect(page.getByRole('table', { name: /Duplicates to skip/ })).toContainText('Jane Testpatient');
  const errors = page.getByRole('table', { name: /Lines with errors/ });
  await expect(errors).toContainText('4');
  await expect(errors).toContainText('Date of Birth');
  await expect(errors).toContainText(
    '1990-02-31 is not a valid date format. Please use YYYY-MM-DD or MM/DD/YYYY.',
  );
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Import 1 patient' }).click();
  await expect(page.getByText('1 patient was added.')).toBeVisible();
  await page.getByRole('textbox', { name: /Search patients/ }).fill('importova');
  await expect(page.getByRole('cell', { name: 'Imogen Importova', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Show details of Imogen Importova' }).click();
  await expect(page.getByText('imogen.importova@example.com')).toBeVisible();
  await expect(page.getByText('No orders yet.')).toBeVisible();
  await expectAccessible(page);

  const order = await createOrderThroughApi(page);
  await page.goto(`/order/${order.id}/patient`);
  await page.getByRole('textbox', { name: 'Search by name and date of birth' }).fill('Importova 03/14/1991');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('table').getByRole('button', { name: 'Imogen Importova' })).toBeVisible();
  await expectAccessible(page);
  expect(consoleErrors).toEqual([]);
});
