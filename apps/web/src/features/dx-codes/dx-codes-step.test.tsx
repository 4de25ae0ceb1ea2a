import { type GearOrder, STEP_STATUS } from '@gear/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createAppServices } from '../../services/app-services.tsx';
import { expectAccessible } from '../../test/axe.ts';
import {
  createFetchMock,
  envelope,
  type Handler,
  json,
  networkFailure,
  type RecordedCall,
} from '../../test/fetch-mock.ts';
import { practitionerUser, TEST_PHONE } from '../../test/fixtures.ts';
import { renderApp, renderInApp } from '../../test/render-app.tsx';
import { orderWith540, product540WithCodes, requisitionOf540 } from '../../test/requisition-fixtures.ts';
import { DxCodesEditor } from './dx-codes-editor.tsx';

const INS = 'Bill Insurance with Patient Payment';

const K58 = [
  { code: 'K58.0', name: 'Irritable bowel syndrome with diarrhea' },
  { code: 'K58.1', name: 'Irritable bowel syndrome with constipation' },
  { code: 'K58.2', name: 'Mixed irritable bowel syndrome' },
  { code: 'K58.8', name: 'Other irritable bowel syndrome' },
  { code: 'K58.9', name: 'Irritable bowel syndrome without diarrhea' },
];

const termOf = (call: RecordedCall) => new URLSearchParams(call.search).get('searchTerm') ?? '';

const suggestions: Handler = (call) => {
  const term = termOf(call).toUpperCase();
  if (term.startsWith('K5')) return json({ results: K58, omittedResults: 0 });
  if (term === 'FRACTURE')
    return json({
      results: Array.from({ length: 20 }, (_, i) => ({ code: `S72.${i}`, name: `Fracture ${i}` })),
      omittedResults: 1234,
    });
  return json({ results: [], omittedResults: 0 });
};

const lookups: Record<string, { active: boolean; version: number; description: string }> = {
  'K58.1': { active: true, version: 10, description: 'Irritable bowel syndrome with constipation' },
  'K58.2': { active: true, version: 10, description: 'Mixed irritable bowel syndrome' },
  'E55.9': { active: true, version: 10, description: 'Vitamin D deficiency, unspecified' },
  'K59.1': { active: false, version: 10, description: 'Functional diarrhea (replaced)' },
};

const lookup: Handler = (call) => {
  const code = decodeURIComponent(call.path.split('/').at(-1) ?? '');
  const found = lookups[code];
  return found ? json({ code, ...found }) : envelope(404, 'Please enter a valid ICD code.');
};

const withLookups = (): Record<string, Handler> =>
  Object.fromEntries(Object.keys(lookups).map((code) => [`GET /api/dxcodes/${code}`, lookup]));

const savedWithCodes = (order: GearOrder): GearOrder => ({
  ...order,
  version: order.version + 1,
  workflow: {
    ...order.workflow,
    steps: order.workflow.steps.map((row) =>
      row.id === 4 && row.gearReqId === 9
        ? { ...row, completed: true, notStarted: false, status: { ...STEP_STATUS.completed } }
        : row,
    ),
  },
});

function openDxCodes(order: GearOrder, handlers: Record<string, Handler> = {}) {
  return renderApp('/order/42/dxCodes/9', {
    user: practitionerUser,
    handlers: {
      'GET /gear/order/42': () => json(order),
      'GET /gear/requisitions': () => json([{ id: 9, orderableItem: product540WithCodes() }]),
      'GET /gear/getDxCodeSuggestions': suggestions,
      'PUT /gear/diagnosisCodes/': () => json(savedWithCodes(order)),
      ...withLookups(),
      ...handlers,
    },
  });
}

const field = () => screen.findByRole('combobox', { name: 'Additional diagnosis code' });
const next = () => screen.getByRole('button', { name: 'Next' });

describe('diagnosis codes step (spec 1 §2.7, §4.5, §5, §7)', () => {
  it("shows the heading, the product's checklist and the other codes on the requisition", async () => {
    openDxCodes(
      orderWith540({
        billingMethod: INS,
        icdCodes: [
          { code: 'E55.9', name: 'Vitamin D deficiency, unspecified', rank: 1, otherCode: true },
          { code: 'K58.1', name: 'Irritable bowel syndrome with constipation', rank: 2, otherCode: false },
        ],
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Diagnosis Codes' })).toBeVisible();
    const checklist = await screen.findByRole('group', {
      name: 'Codes for GI Effects Comprehensive Profile - Stool (3-day)',
    });
    const boxes = within(checklist).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('value'))).toEqual(['K58.0', 'K58.1', 'R19.7']);
    expect(
      within(checklist).getByRole('checkbox', { name: 'K58.1 Irritable bowel syndrome with constipation' }),
    ).toBeChecked();
    expect(
      within(checklist).getByRole('checkbox', { name: 'K58.0 Irritable bowel syndrome with diarrhea' }),
    ).not.toBeChecked();
    const others = screen.getByRole('group', { name: 'Other codes on this requisition' });
    expect(
      within(others).getByRole('checkbox', { name: 'E55.9 Vitamin D deficiency, unspecified' }),
    ).toBeChecked();
    await expectAccessible();
  });

  it('suggests codes for K58 after one debounced call, at most 20, with the trailing line', async () => {
    const app = openDxCodes(orderWith540({ billingMethod: INS }));
    await app.user.type(await field(), 'K58');
    expect(
      await screen.findByRole('option', { name: 'K58.0 Irritable bowel syndrome with diarrhea' }),
    ).toBeVisible();
    expect(screen.getAllByRole('option')).toHaveLength(5);
    expect(app.server.callsTo('GET /gear/getDxCodeSuggestions').map(termOf)).toEqual(['K58']);

    await app.user.clear(await field());
    await app.user.type(await field(), 'fracture');
    expect(await screen.findByText('... There are 1234 additional active codes ...')).toBeVisible();
    expect(screen.getAllByRole('option')).toHaveLength(20);
    await expectAccessible();
  });

  it('drops an answer that arrives after the answer to a later term', async () => {
    let releaseFirst: (response: Response) => void = () => {};
    const app = openDxCodes(orderWith540({ billingMethod: INS }), {
      'GET /gear/getDxCodeSuggestions': (call) =>
        termOf(call) === 'irritable'
          ? new Promise<Response>((resolve) => {
              releaseFirst = resolve;
            })
          : suggestions(call),
    });
    await app.user.type(await field(), 'irritable');
    await waitFor(() => expect(app.server.callsTo('GET /gear/getDxCodeSuggestions')).toHaveLength(1));
    await app.user.clear(await field());
    await app.user.type(await field(), 'K58');
    expect(await screen.findByRole('option', { name: /K58.9/ })).toBeVisible();
    releaseFirst(json({ results: [{ code: 'Z99.9', name: 'Stale answer' }], omittedResults: 0 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('option', { name: /Stale answer/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(5);
  });

  it('while an answer is awaited the field says so as a status, and the page stays accessible', async () => {
    let release: (response: Response) => void = () => {};
    const app = openDxCodes(orderWith540({ billingMethod: INS }), {
      'GET /gear/getDxCodeSuggestions': () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    await app.user.type(await field(), 'K58');
    expect(await screen.findByRole('status', { name: 'Searching codes' })).toBeInTheDocument();
    await expectAccessible();
    release(json({ results: K58, omittedResults: 0 }));
    expect(await screen.findByRole('option', { name: /K58.9/ })).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Searching codes' })).not.toBeInTheDocument();
  });

  it("does not keep an older term's list on show while the next term is asked", async () => {
    let release: (response: Response) => void = () => {};
    const app = openDxCodes(orderWith540({ billingMethod: INS }), {
      'GET /gear/getDxCodeSuggestions': (call) =>
        termOf(call) === 'E55'
          ? new Promise<Response>((resolve) => {
              release = resolve;
            })
          : suggestions(call),
    });
    await app.user.type(await field(), 'K58');
    expect(await screen.findByRole('option', { name: /K58.9/ })).toBeVisible();
    await app.user.clear(await field());
    await app.user.type(await field(), 'E55');
    expect(await screen.findByRole('status', { name: 'Searching codes' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /K58/ })).not.toBeInTheDocument();
    release(
      json({ results: [{ code: 'E55.9', name: 'Vitamin D deficiency, unspecified' }], omittedResults: 0 }),
    );
    expect(
      await screen.findByRole('option', { name: 'E55.9 Vitamin D deficiency, unspecified' }),
    ).toBeVisible();
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });

  it('a chosen suggestion is looked up and added, checked, 50 ms later', async () => {
    const app = openDxCodes(orderWith540({ billingMethod: INS }));
    await app.user.type(await field(), 'K58');
    await app.user.click(await screen.findByRole('option', { name: 'K58.2 Mixed irritable bowel syndrome' }));
    const added = await screen.findByRole('checkbox', { name: 'K58.2 Mixed irritable bowel syndrome' });
    expect(added).toBeChecked();
    expect(app.server.callsTo('GET /api/dxcodes/K58.2')).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Other codes on this requisition' })).toContainElement(added);
  });

  it.each([
    ['a text that is not a code', 'ZZZ99', 0],
    ['a code the code set does not have', 'Q99.999', 1],
    ['a code no longer active', 'k59.1', 1],
  ])("Add Code refuses %s with 'Please enter a valid ICD code.'", async (_case, typed, lookupsMade) => {
    const app = openDxCodes(orderWith540({ billingMethod: INS }), {
      'GET /api/dxcodes/Q99.999': lookup,
    });
    await app.user.type(await field(), typed);
    await app.user.click(screen.getByRole('button', { name: 'Add Code' }));
    expect(await screen.findByText('Please enter a valid ICD code.')).toBeVisible();
    const lookedUp = app.server.calls.filter((c) => c.path.startsWith('/api/dxcodes/'));
    expect(lookedUp).toHaveLength(lookupsMade);
  });

  it('Add Code with a code of the checklist selects it and says so; codes are trimmed and uppercased', async () => {
    const app = openDxCodes(orderWith540({ billingMethod: INS }));
    await app.user.type(await field(), '  k580 ');
    await app.user.click(screen.getByRole('button', { name: 'Add Code' }));
    expect(
      await screen.findByText(
        "The code you've entered is defined on the requisition. It has been selected in the list for you.",
      ),
    ).toBeVisible();
    expect(
      screen.getByRole('checkbox', { name: 'K58.0 Irritable bowel syndrome with diarrhea' }),
    ).toBeChecked();
    expect(app.server.calls.filter((c) => c.path.startsWith('/api/dxcodes/'))).toHaveLength(0);
  });

  it("spec 1 §5: Bill Insurance without a code: 'Please select a diagnosis code.'", async () => {
    const app = openDxCodes(orderWith540({ billingMethod: INS }));
    await field();
    await app.user.click(next());
    expect(await screen.findByText('Please select a diagnosis code.')).toBeVisible();
    expect(app.server.callsTo('PUT /gear/diagnosisCodes/')).toHaveLength(0);
  });

  it("spec 1 §5: a product without a checklist: 'Please add a diagnosis code.'", async () => {
    const app = openDxCodes(orderWith540({ billingMethod: 'Medicare or Tricare' }), {
      'GET /gear/requisitions': () =>
        json([{ id: 9, orderableItem: { ...product540WithCodes(), diagnosisCodes: [] } }]),
    });
    await field();
    await app.user.click(next());
    expect(await screen.findByText('Please add a diagnosis code.')).toBeVisible();
  });

  it('Next saves ranked codes (other codes first, then the checklist in catalogue order) and advances', async () => {
    const app = openDxCodes(orderWith540({ billingMethod: INS }));
    await app.user.click(await screen.findByRole('checkbox', { name: 'R19.7 Diarrhea, unspecified' }));
    await app.user.click(
      screen.getByRole('checkbox', { name: 'K58.0 Irritable bowel syndrome with diarrhea' }),
    );
    await app.user.type(await field(), 'e55.9{Enter}');
    expect(
      await screen.findByRole('checkbox', { name: 'E55.9 Vitamin D deficiency, unspecified' }),
    ).toBeChecked();
    await app.user.click(next());
    await waitFor(() => expect(app.location()).toBe('/order/42/collection/9'));
    expect(app.server.callsTo('PUT /gear/diagnosisCodes/').map((c) => c.body)).toEqual([
      { selectedCodes: ['2_K58.0', '3_R19.7'], otherCodes: ['1_E55.9'], gearReqId: 9, version: 1 },
    ]);
  });

  it('spec 1 §8: a failed save shows the generic text; a failed search the network message', async () => {
    const app = openDxCodes(orderWith540({ billingMethod: 'No Insurance Billing: Pay Full Amount' }), {
      'PUT /gear/diagnosisCodes/': () => envelope(500, 'Internal Server Error'),
      'GET /gear/getDxCodeSuggestions': networkFailure,
    });
    await app.user.type(await field(), 'K58');
    expect(
      await screen.findByText(`The network is currently unavailable. Please call us at ${TEST_PHONE}.`),
    ).toBeVisible();
    await app.user.click(next());
    expect(
      await screen.findByText(`An unexpected error has occurred. Please call us at ${TEST_PHONE}.`),
    ).toBeVisible();
    expect(app.location()).toBe('/order/42/dxCodes/9');
  });
});

describe('the embeddable editor (spec 1 §2.7)', () => {
  it('has no heading and no buttons of its own, and saves through its host', async () => {
    const server = createFetchMock({ 'GET /api/config': () => json({ supportPhone: TEST_PHONE }) });
    const services = createAppServices({ fetch: server.fetch });
    services.config = { supportPhone: TEST_PHONE };
    const onSave = vi.fn(async () => {});
    renderInApp(
      <>
        <DxCodesEditor
          formId="embedded-dx"
          requisition={requisitionOf540({
            billingMethod: INS,
            icdCodes: [
              { code: 'E55.9', name: 'Vitamin D deficiency, unspecified', rank: 1, otherCode: true },
            ],
          })}
          productCodes={product540WithCodes().diagnosisCodes}
          onSave={onSave}
        />
        <button type="submit" form="embedded-dx">
          Save diagnosis
        </button>
      </>,
      services,
    );
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('checkbox', { name: 'K58.1 Irritable bowel syndrome with constipation' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save diagnosis' }));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ selectedCodes: ['2_K58.1'], otherCodes: ['1_E55.9'] }),
    );
    await expectAccessible();
  });
});
