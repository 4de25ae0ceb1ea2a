import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { createOrderThroughApi, signIn } from './orders.ts';
import { expectAccessible, watchConsole } from './support.ts';

const fixture = (name: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name);

const textbox = (page: Page, name: RegExp | string) => page.getByRole('textbox', { name });
const combobox = (page: Page, name: RegExp | string) => page.getByRole('combobox', { name });

/** Chooses a file through the slot's button, as a person does (the browser's file chooser). */
async function chooseFile(page: Page, button: string, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(fixture(file));
}

/** The image really shows: the browser fetched it from the server and decoded it. */
async function expectImageShown(page: Page, name: string) {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect
    .poll(() =>
      image.evaluate((img) => {
        const shown = img as unknown as { complete: boolean; naturalWidth: number };
        return shown.complete ? shown.naturalWidth : 0;
      }),
    )
    .toBeGreaterThan(0);
  return image;
}

test('ID cards: a real JPEG front and back are uploaded, the front replaced, the back deleted', async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  await signIn(page, 'dr.avery');
  const order = await createOrderThroughApi(page);
  await page.goto(`/order/${order.id}/insurance`);
  await expect(page.getByRole('heading', { name: 'Upload ID Cards' })).toBeVisible();
  await expectAccessible(page);

  await chooseFile(page, 'Upload Primary insurance card, front', 'insurance-card-front.jpg');
  const front = await expectImageShown(page, 'Primary insurance card, front as uploaded');
  await chooseFile(page, 'Upload Primary insurance card, back', 'insurance-card-back.jpg');
  await expectImageShown(page, 'Primary insurance card, back as uploaded');
  await expectAccessible(page);

  const firstFront = await front.getAttribute('src');
  await chooseFile(page, 'Replace Primary insurance card, front', 'insurance-card-front-rescan.jpg');
  await expect(front).not.toHaveAttribute('src', firstFront ?? '');
  await expectImageShown(page, 'Primary insurance card, front as uploaded');

  await page.getByRole('button', { name: 'Delete Primary insurance card, back' }).click();
  await expect(page.getByRole('img', { name: 'Primary insurance card, back as uploaded' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload Primary insurance card, back' })).toBeVisible();
  await expectAccessible(page);

  const saved = (await (await page.request.get(`/gear/order/${order.id}`)).json()) as {
    attachments: Record<string, { contentType: string }>;
  };
  expect(Object.keys(saved.attachments)).toEqual(['ins-primary-front']);
  expect(saved.attachments['ins-primary-front']?.contentType).toBe('image/jpeg');
  expect(consoleErrors).toEqual([]);
});

test('entering an MBI opens the Medicare/Tricare question; Yes makes the insurance Medicare', async ({
  page,
}) => {
  await signIn(page, 'dr.avery');
  const order = await createOrderThroughApi(page);
  await page.goto(`/order/${order.id}/insurance`);
  await combobox(page, /^Insurance provider/).selectOption({ label: 'Aetna' });
  await textbox(page, /^Subscriber full name/).fill('Wei Zhang');
  await textbox(page, /^Subscriber ID/).fill('1EG4-TE5-MK73');
  await textbox(page, /^Subscriber date of birth/).click();
  const dialog = page.getByRole('dialog', { name: 'Is this a Medicare or Tricare ID?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(combobox(page, /^Insurance provider/)).toHaveValue('medicare');
  await expect(textbox(page, /^Claims street address/)).toHaveCount(0);

  await textbox(page, /^Subscriber date of birth/).fill('03/08/1958');
  await combobox(page, /^Relationship to subscriber/).selectOption('Self');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}/confirm$`));
  const saved = (await (await page.request.get(`/gear/order/${order.id}`)).json()) as {
    insurance: { insuranceProvider: string; subscriberId: string };
    requisitions: { billingMethod: string }[];
  };
  expect(saved.insurance).toMatchObject({ insuranceProvider: 'medicare', subscriberId: '1EG4TE5MK73' });
  expect(saved.requisitions.map((r) => r.billingMethod)).toEqual(['Medicare or Tricare']);
});
