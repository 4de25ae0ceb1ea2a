import { describe, expect, it } from 'vitest';
import type { OrderFacts } from '../contract/order.ts';
import { newOrder, order, orderWithSteps, rows, users } from '../test-support/fixtures.ts';
import { firstNotStartedIndex, stepBar, stepFrame, stepProgress } from './step-bar.ts';

const { drAvery, patient } = users;

/** Order 101: practitioner and panels completed, billing in progress, dxCodes not started, patient (6) completed. */
const halfway = orderWithSteps(
  rows([101], 'notStarted', { 1: 'completed', '2:101': 'completed', '3:101': 'inProgress', 6: 'completed' }),
);

describe('stepBar', () => {
  it('spec 1 §2.3: a new order shows Practitioner as the current link and every later step disabled', () => {
    const bar = stepBar(newOrder(), drAvery, 'pract');
    expect(bar.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 13, 14]);
    expect(bar[0]).toEqual({
      id: 1,
      key: 'pract',
      label: 'Practitioner',
      route: 'pract',
      gearReqId: null,
      state: 'link',
      completed: false,
      skipped: false,
      notNeeded: false,
      current: true,
    });
    expect(bar[1]).toMatchObject({
      state: 'disabled',
      current: false,
      title: 'Panel Selection is not available yet.',
    });
    expect(bar.slice(1).every((item) => item.state === 'disabled')).toBe(true);
  });

  it.each<[string, (typeof users)[keyof typeof users], number[]]>([
    [
      'spec 1 §4.1: myGDX sees 1-8, 13, 14 (9, 15 skipped; 10, 11, 12 never valid)',
      drAvery,
      [1, 2, 3, 4, 5, 6, 7, 8, 13, 14],
    ],
    [
      'spec 1 §4.1: prc skips 1, 4, 8, 13, 14 (15 kept in the frame, decision 0321)',
      patient,
      [2, 3, 5, 6, 7, 9, 15],
    ],
  ])('%s', (_spec, user, ids) => {
    expect(stepBar(order(), user, 'panels').map((item) => item.id)).toEqual(ids);
  });

  it('spec 1 §2.3: links run up to and including the first not-started step', () => {
    const states = stepBar(halfway, drAvery, 'billing').map((item) => `${item.key}:${item.state}`);
    expect(states).toEqual([
      'pract:link',
      'panels:link',
      'billing:link',
      'dxCodes:link',
      'collection:disabled',
      'patient:disabled',
      'insurance:disabled',
      'confirm:disabled',
      'customize:disabled',
      'shipping:disabled',
    ]);
  });

  it('spec 1 §2.3: a completed step shows a check mark, even past the first not-started step', () => {
    const completed = stepBar(halfway, drAvery, 'billing').filter((item) => item.completed);
    expect(completed.map((item) => `${item.key}:${item.state}`)).toEqual([
      'pract:link',
      'panels:link',
      'patient:disabled',
    ]);
  });

  it('issue 15: a skipped step says so (decision 0330), apart from completed and untouched ones', () => {
    const skipped = orderWithSteps(
      rows([101], 'notStarted', { 1: 'completed', '2:101': 'completed', '3:101': 'skipped' }),
    );
    const bar = stepBar(skipped, drAvery, 'dxCodes');
    expect(bar.filter((item) => item.skipped).map((item) => item.key)).toEqual(['billing']);
    expect(bar.find((item) => item.key === 'billing')).toMatchObject({ completed: false, state: 'link' });
    expect(bar.find((item) => item.key === 'panels')?.skipped).toBe(false);
  });

  it('spec 1 §2.3: a disabled step carries the title, a link none', () => {
    const bar = stepBar(halfway, drAvery, 'billing');
    expect(bar.find((item) => item.key === 'patient')?.title).toBe('Patient is not available yet.');
    expect(bar.find((item) => item.key === 'billing')?.title).toBeUndefined();
  });

  it('spec 1 §2.3: the step of the current route is current, with its requisition', () => {
    const current = stepBar(halfway, drAvery, 'billing').filter((item) => item.current);
    expect(current.map((item) => [item.key, item.gearReqId])).toEqual([['billing', 101]]);
  });

  it('spec 1 §2.3: every step is a link once all have started', () => {
    const started = orderWithSteps(rows([101], 'inProgress'));
    expect(stepBar(started, drAvery, 'pract').every((item) => item.state === 'link')).toBe(true);
  });
});

describe('stepFrame and not-needed steps (issue 15: a stable count, decision 0321)', () => {
  it.each<[string, (typeof users)[keyof typeof users], number[]]>([
    ['spec 1 §4.1: a practitioner (myGDX) reaches 1-8, 13, 14', drAvery, [1, 2, 3, 4, 5, 6, 7, 8, 13, 14]],
    ['spec 1 §4.1: a patient (prc) reaches 2, 3, 5, 6, 7, 9, 15', patient, [2, 3, 5, 6, 7, 9, 15]],
  ])('%s', (_spec, user, ids) => {
    expect(stepFrame(user).map((step) => step.id)).toEqual(ids);
  });

  const dropShip = orderWithSteps(
    rows([101], 'completed', {
      '13:101': 'notApplicable',
      8: 'notStarted',
      11: 'notStarted',
      14: 'notStarted',
    }),
  );
  const governmentPayor = orderWithSteps(rows([101], 'notStarted', { 1: 'completed' }), {
    governmentPayor: true,
  });
  const confirmed = orderWithSteps(rows([101], 'notStarted', { 11: 'completed' }), {
    practitionerConfirmed: true,
  });
  it.each<[string, OrderFacts, (typeof users)[keyof typeof users], string, string[], string]>([
    [
      'decision 0081: customize does not apply to a drop-ship requisition',
      dropShip,
      drAvery,
      'confirm',
      ['customize'],
      'Step 8 of 10: Review',
    ],
    [
      'spec 1 §4.1: billing is skipped for a government payor',
      governmentPayor,
      drAvery,
      'dxCodes',
      ['billing'],
      'Step 4 of 10: Diagnosis Codes',
    ],
    [
      'spec 1 §4.1: panels no longer apply once the practitioner has confirmed (15 does, with steps left)',
      confirmed,
      patient,
      'billing',
      ['panels'],
      'Step 2 of 7: Billing Options',
    ],
    [
      'a new order: every step of the frame may still apply',
      newOrder(),
      drAvery,
      'pract',
      [],
      'Step 1 of 10: Practitioner',
    ],
  ])('%s', (_spec, subject, user, route, notNeeded, text) => {
    const bar = stepBar(subject, user, route);
    expect(bar.filter((item) => item.notNeeded).map((item) => item.key)).toEqual(notNeeded);
    expect(stepProgress(bar)?.text).toBe(text);
    for (const item of bar.filter((candidate) => candidate.notNeeded)) {
      expect(item).toMatchObject({
        state: 'disabled',
        completed: false,
        title: `${item.label} is not needed for this order.`,
      });
    }
  });

  it('the count is the same on the first and the last step of an order that loses a step on the way', () => {
    const first = stepProgress(stepBar(newOrder(), drAvery, 'pract'));
    const last = stepProgress(stepBar(dropShip, drAvery, 'shipping', 101));
    expect([first?.count, last?.count]).toEqual([10, 10]);
    expect(last?.text).toBe('Step 10 of 10: Shipping');
  });
});

describe('firstNotStartedIndex', () => {
  const allDone = orderWithSteps(rows([101], 'completed', { 11: 'notStarted' }));
  it.each<[string, OrderFacts, number]>([
    ['spec 1 §2.3: a new order has not started its first step', newOrder(), 0],
    ['spec 1 §2.3: dxCodes, fourth of the steps shown to myGDX, is the first not started', halfway, 3],
    ['spec 1 §2.3: with every shown step started the index is past the last one', allDone, 10],
  ])('%s', (_spec, subject, expected) => {
    expect(firstNotStartedIndex(subject, drAvery)).toBe(expected);
  });
});

describe('stepProgress (issue 15: where the person is, decision 0232)', () => {
  it.each([
    ['a new order on Practitioner', stepBar(newOrder(), drAvery, 'pract'), 'Step 1 of 10: Practitioner'],
    [
      'a new order on Panel Selection',
      stepBar(newOrder(), drAvery, 'panels'),
      'Step 2 of 10: Panel Selection',
    ],
    [
      'order 101 on Billing Options',
      stepBar(halfway, drAvery, 'billing', 101),
      'Step 3 of 10: Billing Options',
    ],
  ])('%s: %s', (_name, bar, text) => {
    expect(stepProgress(bar)?.text).toBe(text);
    expect(stepProgress(bar)?.count).toBe(bar.length);
  });

  it("is null on a page that is not one of the bar's steps", () => {
    expect(stepProgress(stepBar(newOrder(), drAvery, 'no-such-step'))).toBeNull();
  });
});
