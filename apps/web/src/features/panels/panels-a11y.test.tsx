import { screen, within } from '@testing-library/react';
import { describe, it } from 'vitest';
import { expectAccessible, expectHeadingsInOrder } from '../../test/axe.ts';
import { envelope } from '../../test/fetch-mock.ts';
import { makeOrder, makePractitioner } from '../../test/fixtures.ts';
import { nextButton, openPanels, patientUser, section } from '../../test/panels-helpers.tsx';

const GI = 'GI Effects Comprehensive Profile - Stool (3-day)';

describe('panel selection accessibility (axe in jsdom: no serious or critical violations; headings in order)', () => {
  it('the order-type choice', async () => {
    openPanels();
    await screen.findByRole('button', { name: 'Ship to Office' });
    await expectAccessible();
    expectHeadingsInOrder();
  });

  it('ship to office with a line, the catalogue and the customize modal', async () => {
    const app = openPanels();
    await app.user.click(await screen.findByRole('button', { name: 'Ship to Office' }));
    await app.user.type(
      (await section('Recently Ordered')).getByRole('textbox', { name: `Quantity of ${GI}` }),
      '2',
    );
    await app.user.click(screen.getByRole('button', { name: 'Home Kits (1)' }));
    await app.user.click(nextButton());
    await expectAccessible();
    expectHeadingsInOrder();
    await app.user.click(screen.getByRole('button', { name: `Customize ${GI}` }));
    const dialog = await screen.findByRole('dialog', { name: `Customize ${GI}` });
    await within(dialog).findByRole('checkbox', { name: 'GI Effects Comprehensive Profile' });
    await expectAccessible(dialog);
  });

  it('requisition details with Medicare, errors, profile-specific fields and prices', async () => {
    const order = makeOrder({
      practitioner: makePractitioner({
        billingMethods: ['Client', 'Medicare'],
        covidRegistrationAccount: true,
      }),
    });
    const app = openPanels('/order/42/panels', { order });
    await app.user.click(await screen.findByRole('button', { name: 'Activate COVID Test' }));
    await screen.findByRole('heading', { level: 2, name: 'COVID-19 PCR' });
    await app.user.click(screen.getByRole('button', { name: 'Ship to Patient' }));
    await app.user.click(
      within(screen.getByRole('radiogroup', { name: /Medicare/ })).getByRole('radio', { name: 'Yes' }),
    );
    await app.user.click(
      (await section('Recently Ordered')).getByRole('button', { name: 'Select Metabolomix+' }),
    );
    await screen.findByRole('heading', { level: 2, name: 'Metabolomix+' });
    await app.user.click(screen.getByRole('checkbox', { name: 'Toxic Element Clearance (urine)' }));
    await app.user.click(screen.getByRole('checkbox', { name: 'Comprehensive Urine Element Profile' }));
    await app.user.click(nextButton());
    await screen.findByText('Please acknowledge you have read the definition of medical necessity.');
    await expectAccessible();
    expectHeadingsInOrder();
  });

  it('the COVID questions', async () => {
    const order = makeOrder({ practitioner: makePractitioner({ covidRegistrationAccount: true }) });
    const app = openPanels('/order/42/panels', { order });
    await app.user.click(await screen.findByRole('button', { name: 'Activate COVID Test' }));
    await screen.findByRole('heading', { level: 2, name: 'COVID-19 PCR' });
    await app.user.click(screen.getByRole('radio', { name: 'Other' }));
    await app.user.click(nextButton());
    await screen.findAllByText('Please fill out this field.');
    await expectAccessible();
  });

  it("the activation search with a message, the number's image and the product info modal", async () => {
    const app = openPanels('/order/42/panels', {
      handlers: {
        'GET /gear/requisition/getReqByOrderableItem': () => envelope(500, 'Internal Server Error'),
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Activate Online' }));
    await app.user.click(screen.getByRole('button', { name: 'Begin' }));
    await screen.findByText('Please enter a requisition number.');
    await app.user.click(screen.getByRole('button', { name: 'Where do I find my number?' }));
    await expectAccessible();
    await app.user.click(screen.getByRole('button', { name: "I don't have a number" }));
    await app.user.click(
      (await section('Recently Ordered')).getByRole('button', { name: `Product information for ${GI}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: GI });
    await within(dialog).findByRole('alert');
    await expectAccessible(dialog);
  });

  it("a patient's screen", async () => {
    openPanels('/order/new/panels', { user: patientUser });
    await screen.findByRole('textbox', { name: 'Requisition or Activation Number' });
    await expectAccessible();
    expectHeadingsInOrder();
  });
});
