import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../../../test/axe.ts';
import { catalogueLists } from '../../../test/catalogue.ts';
import { focusedErrorSummary } from '../../../test/error-summary.ts';
import { envelope, type Handler, json, networkFailure } from '../../../test/fetch-mock.ts';
import { makePractitioner, practitionerUser } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const P1001 = makePractitioner({ gsdlNo: 'P1001', billingMethods: ['Client', 'Patient'] });

const saved = {
  gearBundleId: 7,
  name: 'Gut restoration',
  gsdlNo: 'P1001',
  practitioner: { gsdlNo: 'P1001', firstName: 'Ada', lastName: 'Lovelace', degree: 'MD' },
  billingMethod: 'Physician Account',
  products: [
    {
      omsOrderableItemId: 540,
      omsOrderableItemName: 'GI Effects Comprehensive Profile - Stool (3-day)',
      panel: 5400,
      components: [],
      addons: [],
      billingMethod: null,
    },
  ],
};

const common = {
  'GET /gear/practitioner/P1001/orderableItems': () => json(catalogueLists()),
  'GET /gear/practitioner/P1001': () => json(P1001),
  'GET /gear/practitioner-options': () => json([P1001]),
  'GET /gear/bundle': () => json({ bundles: [] }),
};

describe('custom profile editor (spec 3 §2, §5; decision 0280)', () => {
  it("a new profile: the spec's messages, products from the search, 'Let my patient select' by default, saved", async () => {
    const app = renderApp('/custom-profile/new/P1001', {
      user: practitionerUser,
      handlers: { ...common, 'POST /gear/bundle/save': () => json({ status: 'SUCCESS', gearBundleId: 11 }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'New custom profile' })).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    // One way of showing errors (issue 15, decision 0322): a summary that takes the focus, each message a link.
    const summary = await focusedErrorSummary();
    const nameLink = within(summary).getByRole('link', {
      name: 'Custom profile name: Please enter a custom profile name',
    });
    const productsLink = within(summary).getByRole('link', {
      name: 'Products in this profile: Please add at least one product to the custom profile.',
    });
    const nameInput = screen.getByRole('textbox', { name: /Custom profile name/ });
    expect(nameInput).toHaveAttribute('aria-invalid', 'true');
    expect(nameInput).toHaveAccessibleDescription('Please enter a custom profile name');
    await app.user.click(nameLink);
    expect(nameInput).toHaveFocus();
    await app.user.click(productsLink);
    expect(screen.getByRole('region', { name: 'Add products' })).toHaveFocus();
    expect(app.server.callsTo('POST /gear/bundle/save')).toHaveLength(0);
    const billing = screen.getByRole('combobox', { name: 'Billing method' });
    expect(billing).toHaveValue('Let my patient select their billing option');

    await app.user.type(screen.getByRole('textbox', { name: /Custom profile name/ }), 'Gut and nutrition');
    await app.user.type(await screen.findByRole('searchbox', { name: 'Select a product' }), 'Metabolomix');
    const filtered = await screen.findByRole('list', { name: 'Filtered Products' });
    await app.user.click(within(filtered).getByRole('button', { name: /^Select Metabolomix\+/ }));
    expect(await screen.findByRole('button', { name: 'Customize Metabolomix+' })).toBeVisible();
    await expectAccessible();

    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(app.server.callsTo('POST /gear/bundle/save')).toHaveLength(1));
    expect(app.server.callsTo('POST /gear/bundle/save')[0]?.body).toEqual({
      gearBundleId: null,
      gsdlNo: 'P1001',
      name: 'Gut and nutrition',
      billingMethod: 'Let my patient select their billing option',
      products: [{ omsOrderableItemId: 617, panel: null, components: [], addons: [], billingMethod: null }],
    });
    expect(await screen.findByText('The custom profile was saved.')).toBeVisible();
  }, 60_000);

  it("an existing profile: the server's field message on ERROR, the generic text on a network failure", async () => {
    let answer: Handler = () => envelope(400, 'This product cannot be ordered in New York.');
    const app = renderApp('/custom-profile/edit/7', {
      user: practitionerUser,
      handlers: {
        ...common,
        'GET /gear/bundle/7': () => json(saved),
        'POST /gear/bundle/save': (call) => answer(call),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit custom profile' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Custom profile name/ })).toHaveValue('Gut restoration');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This product cannot be ordered in New York.')).toBeVisible();
    answer = () =>
      envelope(400, 'Validation failed', [
        { field: 'products.0.panel', defaultMessage: 'This product cannot be ordered in New York.' },
      ]);
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await focusedErrorSummary();
    await app.user.click(
      within(summary).getByRole('link', {
        name: 'GI Effects Comprehensive Profile - Stool (3-day): This product cannot be ordered in New York.',
      }),
    );
    expect(screen.getByRole('button', { name: /^Customize GI Effects/ })).toHaveFocus();
    answer = networkFailure;
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An unexpected error has occurred. Please try again.')).toBeVisible();
  }, 60_000);

  it('Remove takes a product off; leaving with changes asks first; Delete asks and deletes', async () => {
    const app = renderApp('/custom-profile/edit/7', {
      user: practitionerUser,
      handlers: {
        ...common,
        'GET /gear/bundle/7': () => json(saved),
        'DELETE /gear/bundle/7': () => json({ status: 'DELETED', gearBundleId: 7 }),
      },
    });
    await app.user.click(
      await screen.findByRole('button', { name: 'Remove GI Effects Comprehensive Profile - Stool (3-day)' }),
    );
    expect(screen.queryByRole('button', { name: /^Customize GI Effects/ })).toBeNull();
    await app.user.click(screen.getByRole('link', { name: 'Back to custom profiles' }));
    const leave = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(within(leave).getByText('You will lose any unsaved changes...')).toBeVisible();
    await app.user.click(within(leave).getByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Edit custom profile' })).toBeVisible();

    await app.user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete custom profile' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The custom profile was deleted.')).toBeVisible();
    expect(app.server.callsTo('DELETE /gear/bundle/7')).toHaveLength(1);
  }, 60_000);

  it("another practice's profile: the server's refusal, no form", async () => {
    renderApp('/custom-profile/edit/8', {
      user: practitionerUser,
      handlers: {
        ...common,
        'GET /gear/bundle/8': () => envelope(404, 'We could not find that custom profile.'),
      },
    });
    expect(await screen.findByText('We could not find that custom profile.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  }, 60_000);
});
