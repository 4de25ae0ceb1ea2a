import type { GearOrder } from '@gear/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueLists } from '../../test/catalogue.ts';
import { envelope, json } from '../../test/fetch-mock.ts';
import { makeOrder, makePractitioner, TEST_PHONE } from '../../test/fixtures.ts';
import {
  makeRequisition,
  nextButton,
  openPanels,
  region,
  savedWithRequisition,
  section,
} from '../../test/panels-helpers.tsx';

const GI = 'GI Effects Comprehensive Profile - Stool (3-day)';
const CAP_MESSAGE = `A maximum of 25 collection packs may be ordered online. If you need to order more packs, please call us at ${TEST_PHONE}.`;

async function openBulk(options: Parameters<typeof openPanels>[1] = {}, url = '/order/42/panels') {
  const app = openPanels(url, options);
  await app.user.click(await screen.findByRole('button', { name: 'Ship to Office' }));
  await screen.findByRole('searchbox', { name: 'Select a product' });
  return app;
}

const quantity = async (name: string, list = 'Recently Ordered') =>
  (await section(list)).getByRole('textbox', { name: `Quantity of ${name}` });
const summary = () => within(screen.getByRole('region', { name: 'Selected products' }));
/** The summary table's body and footer rows, as text. */
const rows = () =>
  summary()
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('product search (spec 1 §2.6)', () => {
  it('lists the accordion sections, opens Recently Ordered, and shows each row with category and info', async () => {
    await openBulk();
    const controls = screen
      .getAllByRole('button', { expanded: false })
      .concat(screen.getAllByRole('button', { expanded: true }))
      .map((b) => b.textContent);
    for (const name of [
      'Customized Profiles (1)',
      'Recently Ordered (2)',
      'Most Popular Profiles (3)',
      'Gastrointestinal (1)',
      'Nutritional (1)',
      'COVID-19 (2)',
      'Complete Alphabetical Listing (7)',
    ]) {
      expect(controls).toContain(name);
    }
    expect(controls.some((c) => c?.startsWith('Product Highlights'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Recently Ordered (2)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const recent = await section('Recently Ordered');
    expect(recent.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      `Gastrointestinal${GI}`,
      'NutritionalMetabolomix+',
    ]);
    expect(recent.getByRole('button', { name: `Product information for ${GI}` })).toBeInTheDocument();
  });

  it('lists every product alphabetically and the saved bundles', async () => {
    const app = await openBulk();
    await app.user.click(screen.getByRole('button', { name: 'Complete Alphabetical Listing (7)' }));
    expect(
      (await section('Complete Alphabetical Listing')).getAllByRole('listitem').map((li) => li.textContent),
    ).toEqual([
      'COVID-19COVID-19 Antibody',
      'COVID-19COVID-19 PCR',
      `Gastrointestinal${GI}`,
      'Home KitsGut Microbiome Home Kit',
      'NutritionalMetabolomix+',
      'EndocrinologyRhythm Plus*',
      'ToxicologyToxic Element Clearance - Urine',
    ]);
    await app.user.click(screen.getByRole('button', { name: 'Customized Profiles (1)' }));
    expect(await section('Customized Profiles')).toBeDefined();
    expect(screen.getByText('Gut restoration')).toBeInTheDocument();
  });

  it('filters instantly as one types, in a Filtered Products section', async () => {
    const app = await openBulk();
    await app.user.type(screen.getByRole('searchbox', { name: 'Select a product' }), 'cov');
    const filtered = await section('Filtered Products');
    expect(filtered.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'COVID-19COVID-19 Antibody',
      'COVID-19COVID-19 PCR',
    ]);
    await app.user.type(screen.getByRole('searchbox', { name: 'Select a product' }), 'zz');
    expect(region('Filtered Products').getByText('No products match “covzz”.')).toBeInTheDocument();
    await app.user.clear(screen.getByRole('searchbox', { name: 'Select a product' }));
    expect(screen.queryByRole('button', { name: /^Filtered Products/ })).not.toBeInTheDocument();

    // The section may be closed like any other; a new filter opens it again.
    await app.user.type(screen.getByRole('searchbox', { name: 'Select a product' }), 'gi');
    await app.user.click(screen.getByRole('button', { name: 'Filtered Products (1)' }));
    await app.user.type(screen.getByRole('searchbox', { name: 'Select a product' }), ' ');
    expect(screen.getByRole('button', { name: 'Filtered Products (1)' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await app.user.clear(screen.getByRole('searchbox', { name: 'Select a product' }));
    await app.user.type(screen.getByRole('searchbox', { name: 'Select a product' }), 'gi');
    expect(screen.getByRole('button', { name: 'Filtered Products (1)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it("says 'You are not eligible for online ordering.' when the practitioner has no products", async () => {
    const empty = catalogueLists({
      recentlyOrderedItems: [],
      topProducts: [],
      categoryMap: {},
      otherOrderableItems: [],
      productHighlights: [],
      savedBundles: [],
    });
    const app = openPanels('/order/42/panels', {
      handlers: { 'GET /gear/practitioner/P1001/orderableItems': () => json(empty) },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Ship to Office' }));
    expect(await screen.findByText('You are not eligible for online ordering.')).toBeInTheDocument();
  });
});

describe('ship to office quantities (spec 1 §5, §9)', () => {
  it('adds a line for a quantity, changes it, and drops it at 0', async () => {
    const app = await openBulk();
    expect(
      summary().getByText('No products selected yet. Enter a quantity beside a product to add it.'),
    ).toBeVisible();
    await app.user.type(await quantity(GI), '3');
    expect(rows()).toEqual([`${GI}3CustomizeRemove`, 'Total packs3']);
    await app.user.clear(await quantity(GI));
    await app.user.type(await quantity(GI), '12');
    expect(rows()).toEqual([`${GI}12CustomizeRemove`, 'Total packs12']);
    await app.user.clear(await quantity(GI));
    expect(summary().queryByText(GI)).not.toBeInTheDocument();
  });

  it('takes at most 99 per line and whole numbers only', async () => {
    const app = await openBulk();
    await app.user.type(await quantity('Metabolomix+'), '150');
    expect(await quantity('Metabolomix+')).toHaveValue('15');
    await app.user.clear(await quantity('Metabolomix+'));
    await app.user.type(await quantity('Metabolomix+'), '99');
    expect(await quantity('Metabolomix+')).toHaveValue('99');
    await app.user.type(await quantity('Metabolomix+'), '.5');
    expect(await quantity('Metabolomix+')).toHaveValue('99');
  });

  it('removes a line with Remove', async () => {
    const app = await openBulk();
    await app.user.type(await quantity(GI), '2');
    await app.user.click(summary().getByRole('button', { name: `Remove ${GI}` }));
    expect(summary().queryByText(GI)).not.toBeInTheDocument();
    expect(await quantity(GI)).toHaveValue('');
  });

  it('caps an international office at 25 packs across lines, reducing the line, with the message', async () => {
    const base = makePractitioner();
    const evans = makePractitioner({
      gsdlNo: 'P1005',
      office: {
        ...base.office,
        reqLayoutId: 3,
        address: { ...base.office.address, city: 'Toronto', state: 'ON' },
      },
    });
    const app = await openBulk({
      order: makeOrder({ practitioner: evans }),
      handlers: { 'GET /gear/practitioner/P1005/orderableItems': () => json(catalogueLists()) },
    });
    await app.user.type(await quantity(GI), '20');
    expect(screen.queryByText(CAP_MESSAGE)).not.toBeInTheDocument();
    await app.user.type(await quantity('Metabolomix+'), '10');
    expect(await quantity('Metabolomix+')).toHaveValue('5');
    expect(screen.getByRole('alert')).toHaveTextContent(CAP_MESSAGE);
    expect(rows()).toContain('Total packs25');
  });

  it('does not cap a domestic office', async () => {
    const app = await openBulk();
    await app.user.type(await quantity(GI), '60');
    await app.user.type(await quantity('Metabolomix+'), '40');
    expect(rows()).toContain('Total packs100');
    expect(screen.queryByText(CAP_MESSAGE)).not.toBeInTheDocument();
  });

  it('offers a drop-ship-only product to a practitioner permitted to ship to office', async () => {
    const app = await openBulk();
    await app.user.click(screen.getByRole('button', { name: 'Home Kits (1)' }));
    const row = (await section('Home Kits')).getByRole('listitem');
    expect(within(row).getByRole('textbox', { name: 'Quantity of Gut Microbiome Home Kit' })).toBeEnabled();
  });

  it('offers no quantity for a drop-ship-only product when the practitioner is not permitted, and says why', async () => {
    const order = makeOrder({
      practitioner: makePractitioner({ shipToOfficePermitted: false }),
      containsShipToOfficeRequisition: true,
      requisitions: [makeRequisition({ dropShip: false, shipToOffice: true, quantity: 2 })],
    });
    const app = openPanels('/order/42/panels', { order });
    await app.user.click(await screen.findByRole('button', { name: 'Home Kits (1)' }));
    const row = (await section('Home Kits')).getByRole('listitem');
    expect(within(row).queryByRole('textbox')).not.toBeInTheDocument();
    expect(row).toHaveTextContent(
      'Gut Microbiome Home KitShips to patients only: not available for ship to office.',
    );
  });

  it('offers no quantity for a product ending with * to a New York office', async () => {
    const base = makePractitioner();
    const brooks = makePractitioner({
      gsdlNo: 'P1002',
      office: { ...base.office, address: { ...base.office.address, city: 'New York', state: 'NY' } },
    });
    const app = await openBulk({
      order: makeOrder({ practitioner: brooks }),
      handlers: { 'GET /gear/practitioner/P1002/orderableItems': () => json(catalogueLists()) },
    });
    await app.user.click(screen.getByRole('button', { name: 'Endocrinology (1)' }));
    const row = (await section('Endocrinology')).getByRole('listitem');
    expect(within(row).queryByRole('textbox')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('Rhythm Plus*This product cannot be ordered in New York.');
    // Not starred, so orderable in New York.
    expect(await quantity('Metabolomix+')).toBeEnabled();
  });
});

describe('ship to office: saving (spec 1 §7 PUT /gear/testSelection/)', () => {
  it("says 'Please select a test.' when nothing is chosen", async () => {
    const app = await openBulk();
    await app.user.click(nextButton());
    expect(await screen.findByText('Please select a test.')).toBeInTheDocument();
    expect(app.server.callsTo('PUT /gear/testSelection/')).toHaveLength(0);
  });

  it('sends every line, disables Next until the answer, then moves to the next step', async () => {
    let answer: (response: Response) => void = () => {};
    const app = await openBulk({
      handlers: {
        'PUT /gear/testSelection/': () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      },
    });
    await app.user.type(await quantity(GI), '2');
    await app.user.type(await quantity('Metabolomix+'), '5');
    await app.user.click(nextButton());
    await waitFor(() => expect(nextButton()).toBeDisabled());
    const [put] = app.server.callsTo('PUT /gear/testSelection/');
    expect(put?.body).toEqual({
      id: 42,
      version: 1,
      requisitions: [
        {
          id: null,
          omsOrderableItemId: 540,
          dropShip: false,
          shipToOffice: true,
          quantity: 2,
          components: [],
          addons: [],
          panel: null,
          patientInstructions: null,
        },
        {
          id: null,
          omsOrderableItemId: 617,
          dropShip: false,
          shipToOffice: true,
          quantity: 5,
          components: [],
          addons: [],
          panel: null,
          patientInstructions: null,
        },
      ],
    });
    answer(json(savedWithRequisition({ shipToOffice: true, dropShip: false, quantity: 2 })));
    // Decision 0325: packs for the office ask for no one patient's billing, collection, patient or insurance.
    await waitFor(() => expect(app.location()).toBe('/order/42/confirm'));
  });

  it("keeps the lines' ids of a saved order and shows a stale-order refusal", async () => {
    const order = makeOrder({
      containsShipToOfficeRequisition: true,
      requisitions: [makeRequisition({ id: 9, shipToOffice: true, dropShip: false, quantity: 4 })],
    });
    const app = openPanels('/order/42/panels', {
      order,
      handlers: {
        'PUT /gear/testSelection/': () =>
          envelope(
            409,
            'This order was changed by someone else. Please reload it to see the latest version.',
          ),
      },
    });
    await screen.findByRole('region', { name: 'Selected products' });
    await app.user.click(nextButton());
    expect(
      await screen.findByText(
        'This order was changed by someone else. Please reload it to see the latest version.',
      ),
    ).toBeInTheDocument();
    const body = app.server.callsTo('PUT /gear/testSelection/')[0]?.body as {
      requisitions: { id: number }[];
    };
    expect(body.requisitions.map((r) => r.id)).toEqual([9]);
    expect(nextButton()).toBeEnabled();
  });

  it('pre-adds the orderableItemId product as a line of an order without requisitions (spec 1 §2.8)', async () => {
    const app = openPanels('/order/42/panels?orderableItemId=617');
    expect(await screen.findByRole('button', { name: 'Ship to Office' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await screen.findByRole('region', { name: 'Selected products' });
    await waitFor(() => expect(rows()).toEqual(['Metabolomix+1CustomizeRemove', 'Total packs1']));
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/testSelection/')).toHaveLength(1));
  });
});

describe('Customize modal (spec 1 §2.6)', () => {
  it("shows a line's base panel, edits its panel, components and add-ons (SARS add-ons shown for ship to office) and saves them", async () => {
    const app = await openBulk({
      handlers: { 'PUT /gear/testSelection/': () => json(savedWithRequisition({ shipToOffice: true })) },
    });
    await app.user.type(await quantity(GI), '2');
    await app.user.click(summary().getByRole('button', { name: `Customize ${GI}` }));
    const dialog = within(await screen.findByRole('dialog', { name: `Customize ${GI}` }));
    // A line without a chosen test is saved with the base panel: the modal shows it so.
    expect(await dialog.findByRole('checkbox', { name: 'GI Effects Comprehensive Profile' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'Calprotectin' })).toBeChecked();
    await app.user.click(dialog.getByRole('checkbox', { name: 'Pancreatic Elastase-1' }));
    expect(dialog.getByText('Profile selected: Inflammation and Immunology Markers')).toBeInTheDocument();
    expect(dialog.getByRole('checkbox', { name: 'SARS-CoV-2 Stool PCR' })).toBeInTheDocument();
    await app.user.click(dialog.getByRole('checkbox', { name: 'Helicobacter pylori Stool Antigen' }));
    await app.user.type(dialog.getByRole('textbox', { name: /Patient Instructions/ }), 'Ship Monday.');
    await app.user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await app.user.click(nextButton());
    await waitFor(() => expect(app.server.callsTo('PUT /gear/testSelection/')).toHaveLength(1));
    const body = app.server.callsTo('PUT /gear/testSelection/')[0]?.body as Pick<GearOrder, 'requisitions'>;
    expect(body.requisitions[0]).toMatchObject({
      omsOrderableItemId: 540,
      quantity: 2,
      panel: 5415,
      components: [5404, 5405, 5406],
      addons: [{ omsInputFieldID: 5413, cptQuantity: null }],
      patientInstructions: 'Ship Monday.',
    });
  });

  it('shows the error when the product cannot be loaded, and Cancel changes nothing', async () => {
    const app = await openBulk({
      handlers: {
        'GET /gear/requisition/getReqByOrderableItem': () => envelope(500, 'Internal Server Error'),
      },
    });
    await app.user.type(await quantity('Metabolomix+'), '1');
    await app.user.click(summary().getByRole('button', { name: 'Customize Metabolomix+' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Customize Metabolomix+' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      `An unexpected error has occurred. Please call us at ${TEST_PHONE}.`,
    );
    await app.user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
