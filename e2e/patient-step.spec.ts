import { expect, type Page, test } from '@playwright/test';
import { birthdayYearsAgo, createOrderThroughApi, signIn } from './orders.ts';
import { expectAccessible, watchConsole } from './support.ts';

const textbox = (page: Page, name: RegExp | string) => page.getByRole('textbox', { name });
const combobox = (page: Page, name: RegExp | string) => page.getByRole('combobox', { name });

/** The patient: a 17-year-old student living in Columbus, Ohio. */
async function fillOhioStudent(page: Page) {
  const birthday = birthdayYearsAgo(17);
  await textbox(page, /^First name/).fill('Riley');
  await textbox(page, /^Last name/).fill('Student');
  await textbox(page, /^Date of birth/).fill(birthday.typed);
  await combobox(page, /^Sex/).selectOption({ label: 'Female' });
  await textbox(page, /^Email/).fill('riley.student@example.com');
  await textbox(page, /^Cell phone/).fill('6145550142');
  await textbox(page, /^Phone/).fill('6145550142');
  await textbox(page, /^Street address/).fill('150 East Gay Street');
  await textbox(page, /^City/).fill('Columbus');
  await combobox(page, /^State$|^State \*/).selectOption('OH');
  await textbox(page, /^Zip code/).fill('43215');
  await combobox(page, /^Employment status/).selectOption('Student');
}

test('patient search finds Jane Testpatient and fills the form', async ({ page }) => {
  const consoleErrors = watchConsole(page);
  await signIn(page, 'dr.avery');
  const order = await createOrderThroughApi(page);
  await page.goto(`/order/${order.id}/patient`);
  await expect(page.getByRole('heading', { name: 'Patient', level: 1 })).toBeVisible();
  await expectAccessible(page);

  await textbox(page, 'Search by name and date of birth').fill('Testpatient 04/12/1985');
  await page.getByRole('button', { name: 'Search' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Jane Testpatient');
  await expect(table.getByRole('row').nth(1)).toContainText('04/12/1985');
  await expect(table.getByRole('row').nth(1)).toContainText('EMR');
  await expectAccessible(page);

  await table.getByRole('button', { name: 'Jane Testpatient' }).click();
  await expect(textbox(page, /^First name/)).toHaveValue('Jane');
  await expect(textbox(page, /^Last name/)).toHaveValue('Testpatient');
  await expect(textbox(page, /^Date of birth/)).toHaveValue('04/12/1985');
  await expect(textbox(page, /^Email/)).toHaveValue('jane.testpatient@example.com');
  await expect(textbox(page, /^Cell phone/)).toHaveValue('(828) 555-0199');
  await expect(textbox(page, /^Street address/)).toHaveValue('12 Haywood Road');
  await expectAccessible(page);

  await textbox(page, 'Search by name and date of birth').fill('Nobody Atall');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(
    page.getByText(
      "We're sorry, no patients were found with the information provided. Please enter the patient's information below.",
    ),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}/insurance$`));
  expect(consoleErrors).toEqual([]);
});

test('a 17-year-old student in Ohio: optional on a drop-ship order the patient will confirm, required on a registration order', async ({
  page,
}) => {
  await signIn(page, 'dr.avery');

  // A practitioner's drop-ship order before the patient confirmed the data: validatePatient exempts the
  // responsible party and the employer block (spec 2 §5 'drop-ship not yet confirmed is exempt').
  const dropShip = await createOrderThroughApi(page);
  await page.goto(`/order/${dropShip.id}/patient`);
  await fillOhioStudent(page);
  await expect(page.getByRole('group', { name: 'Responsible Party' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Employer or School' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${dropShip.id}/insurance$`));

  // A registration order (neither drop-ship nor ship to office): the data is required now.
  const registration = await createOrderThroughApi(page, { dropShip: false });
  await page.goto(`/order/${registration.id}/patient`);
  await fillOhioStudent(page);
  await page.getByRole('button', { name: 'Next' }).click();
  for (const message of [
    "Please provide the responsible party's first name.",
    "Please provide the responsible party's last name.",
    'Please provide an occupation.',
    'Please provide an employer or school name.',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  // Issue 15: one summary at the top, with the focus, each message a link to its field.
  const summary = page.getByRole('alert').filter({ hasText: 'Please correct the following' });
  await expect(page.locator(':focus')).toContainText('Please correct the following');
  await expectAccessible(page);
  await summary.getByRole('link', { name: 'Occupation: Please provide an occupation.' }).click();
  await expect(textbox(page, /^Occupation/)).toBeFocused();

  await textbox(page, /^Responsible party first name/).fill('Morgan');
  await textbox(page, /^Responsible party last name/).fill('Student');
  await textbox(page, /^Occupation/).fill('Student');
  await textbox(page, /^Employer or school name/).fill('Columbus Alternative High School');
  await textbox(page, /^Employer or school street address/).fill('1777 Ni Hao Drive');
  await textbox(page, /^Employer or school city/).fill('Columbus');
  await combobox(page, /^Employer or school state/).selectOption('OH');
  await textbox(page, /^Employer or school zip code/).fill('43211');
  await textbox(page, /^Employer or school phone/).fill('6143656710');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${registration.id}/insurance$`));
  await expect(page.getByRole('region', { name: 'Patient' })).toContainText('Riley Student');
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`an edit on the patient step asks before a step-bar link drops it; Next saves and says so (${viewport.name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signIn(page, 'dr.avery');
    const order = await createOrderThroughApi(page);
    await page.goto(`/order/${order.id}/patient`);
    const steps = page.getByRole('navigation', { name: 'Order steps' });
    // Issue 15 (decision 0321): the count is the practitioner's ten steps, here as on the first step.
    await expect(steps).toContainText('Step 6 of 10: Patient');
    await textbox(page, /^First name/).fill('Riley');
    const practitionerLink = steps.getByRole('link').first();
    await practitionerLink.click();
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes will be lost' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/order/${order.id}/patient$`));
    await expect(textbox(page, /^First name/)).toHaveValue('Riley');

    await practitionerLink.click();
    await page
      .getByRole('dialog', { name: 'Unsaved changes will be lost' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/order/${order.id}/pract$`));
    await expect(steps).toContainText('Step 1 of 10: Practitioner');

    // Back on the patient step with nothing typed: a failed Next puts the focus on the summary.
    await page.goto(`/order/${order.id}/patient`);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.locator(':focus')).toContainText('Please correct the following');
    await expect(page.getByRole('link', { name: 'First name: Please provide a first name.' })).toBeVisible();
    await expectAccessible(page);

    // A save that succeeds says so, briefly, clear of the next step's heading and of Next.
    await fillOhioStudent(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${order.id}/insurance$`));
    const saved = page.getByRole('status').filter({ hasText: 'Saved' });
    await expect(saved).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Insurance' })).toBeVisible();
    const notice = await saved.boundingBox();
    for (const covered of [
      page.getByRole('heading', { level: 1, name: 'Insurance' }),
      page.getByRole('button', { name: 'Next' }),
    ]) {
      const box = await covered.boundingBox();
      const apart =
        !notice ||
        !box ||
        notice.x + notice.width <= box.x ||
        box.x + box.width <= notice.x ||
        notice.y + notice.height <= box.y ||
        box.y + box.height <= notice.y;
      expect(apart, 'the Saved notice covers the heading or Next').toBe(true);
    }
    await expect(page.getByRole('button', { name: 'Next' })).not.toBeFocused();
    await expectAccessible(page);
    await expect(saved).toBeHidden({ timeout: 10_000 });
  });
}

test('a drop-ship P.O. box address asks the question, and Yes ships by Smart Post', async ({ page }) => {
  await signIn(page, 'dr.avery');
  const order = await createOrderThroughApi(page);
  await page.goto(`/order/${order.id}/patient`);
  await textbox(page, /^First name/).fill('Pat');
  await textbox(page, /^Last name/).fill('Boxholder');
  await textbox(page, /^Date of birth/).fill('07/04/1970');
  await combobox(page, /^Sex/).selectOption({ label: 'Male' });
  await textbox(page, /^Email/).fill('pat.boxholder@example.com');
  await textbox(page, /^Cell phone/).fill('8285550177');
  await textbox(page, /^Phone/).fill('8285550177');
  await textbox(page, /^Street address/).fill('P.O. Box 4411');
  await textbox(page, /^City/).fill('Asheville');
  await combobox(page, /^State$|^State \*/).selectOption('NC');
  await textbox(page, /^Zip code/).fill('28802');
  await expect(combobox(page, /^Shipping method/)).toHaveValue('FedEx Ground');
  await page.getByRole('button', { name: 'Next' }).click();
  const dialog = page.getByRole('dialog', { name: 'Is this a P.O. Box?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${order.id}/insurance$`));
  const saved = await page.request.get(`/gear/order/${order.id}`);
  expect(((await saved.json()) as { shippingMethod: string }).shippingMethod).toBe('Smart Post');
});
