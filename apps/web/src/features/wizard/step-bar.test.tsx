import { stepBar } from '@gear/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOrder, practitionerUser, workflowStep } from '../../test/fixtures.ts';
import { renderUi } from '../../test/render-ui.tsx';
import { StepBar } from './step-bar.tsx';
import { newOrder } from './wizard-order.ts';

const bar = () => within(screen.getByRole('navigation', { name: 'Order steps' }));

describe('step bar (spec 1 §2.3)', () => {
  it('on a new order, links only the first not-started step and disables later ones with their title', () => {
    renderUi(
      <StepBar items={stepBar(newOrder(), practitionerUser, 'pract', null)} orderId="new" search="" />,
    );
    expect(bar().getByRole('link', { name: 'Practitioner' })).toHaveAttribute('href', '/order/new/pract');
    expect(bar().getAllByRole('link')).toHaveLength(1);
    const panels = bar().getByRole('button', { name: 'Panel Selection' });
    expect(panels).toBeDisabled();
    expect(panels).toHaveAttribute('title', 'Panel Selection is not available yet.');
    expect(bar().getByRole('button', { name: 'Billing Options' })).toHaveAttribute(
      'title',
      'Billing Options is not available yet.',
    );
  });

  it('shows a check mark on completed steps and links up to the first not-started one', () => {
    const order = makeOrder();
    renderUi(<StepBar items={stepBar(order, practitionerUser, 'panels', null)} orderId={42} search="" />);
    const practitioner = bar().getByRole('link', { name: 'Practitioner (completed)' });
    expect(practitioner).toHaveAttribute('data-completed', 'true');
    expect(practitioner.querySelectorAll('svg')).toHaveLength(2);
    const panels = bar().getByRole('link', { name: 'Panel Selection' });
    expect(panels).not.toHaveAttribute('data-completed');
    expect(panels.querySelectorAll('svg')).toHaveLength(1);
    expect(bar().getByRole('button', { name: 'Billing Options' })).toBeDisabled();
  });

  it('marks the current step and keeps the query string in every link', () => {
    const order = makeOrder();
    renderUi(
      <StepBar
        items={stepBar(order, practitionerUser, 'panels', null)}
        orderId={42}
        search="?orderableItemId=7"
      />,
    );
    expect(bar().getByRole('link', { name: 'Panel Selection' })).toHaveAttribute('aria-current', 'step');
    expect(bar().getByRole('link', { name: 'Panel Selection' })).toHaveAttribute(
      'href',
      '/order/42/panels?orderableItemId=7',
    );
    expect(bar().getByRole('link', { name: /Practitioner/ })).toHaveAttribute(
      'href',
      '/order/42/pract?orderableItemId=7',
    );
  });

  it('links every step once none is left not started', () => {
    const order = makeOrder({
      workflow: {
        steps: [1, 2, 3, 4, 5, 6, 7, 8, 13, 14].map((id) => workflowStep(id, 'done')),
        practitionerConfirmed: false,
        patientConfirmed: false,
        complete: false,
      },
    });
    renderUi(<StepBar items={stepBar(order, practitionerUser, 'confirm', null)} orderId={42} search="" />);
    expect(bar().queryAllByRole('button')).toHaveLength(0);
    expect(bar().getByRole('link', { name: 'Review (completed)' })).toHaveAttribute('aria-current', 'step');
  });

  it('gives every step an icon hidden from assistive technology', () => {
    renderUi(
      <StepBar items={stepBar(newOrder(), practitionerUser, 'pract', null)} orderId="new" search="" />,
    );
    const icons = screen.getByRole('navigation', { name: 'Order steps' }).querySelectorAll('svg');
    expect(icons.length).toBeGreaterThan(3);
    for (const icon of icons) expect(icon).toHaveAttribute('aria-hidden', 'true');
  });

  it("issue 15: says 'Step n of m: Name' and tells done, current, open and upcoming steps apart", () => {
    const order = makeOrder();
    const items = stepBar(order, practitionerUser, 'panels', null);
    renderUi(<StepBar items={items} orderId={42} search="" />);
    expect(bar().getByText(`Step 2 of ${items.length}: Panel Selection`)).toBeInTheDocument();
    const stateOf = (name: string | RegExp) =>
      bar()
        .getByRole(/completed|Panel/.test(String(name)) ? 'link' : 'button', { name })
        .closest('li')?.dataset.state;
    expect(stateOf('Practitioner (completed)')).toBe('done');
    expect(stateOf('Panel Selection')).toBe('current');
    expect(stateOf('Billing Options')).toBe('upcoming');
  });

  it('issue 15: a skipped step has a state, a mark and a name of its own (decision 0330)', () => {
    const order = makeOrder();
    const steps = order.workflow.steps.map((row) =>
      row.id === 3
        ? { ...row, completed: false, notStarted: false, skipped: true, status: { id: 4, name: 'Skipped' } }
        : row.id <= 2
          ? { ...row, completed: true, notStarted: false, status: { id: 3, name: 'Completed' } }
          : row,
    );
    const skippedOrder = { ...order, workflow: { ...order.workflow, steps } };
    const items = stepBar(skippedOrder, practitionerUser, 'dxCodes', null);
    renderUi(<StepBar items={items} orderId={42} search="" />);
    const billing = bar().getByRole('link', { name: 'Billing Options (skipped)' });
    expect(billing.closest('li')?.dataset.state).toBe('skipped');
    expect(bar().getByRole('link', { name: 'Practitioner (completed)' }).closest('li')?.dataset.state).toBe(
      'done',
    );
  });

  it('issue 15: a step the order does not need keeps its place, so the count stays (decision 0321)', () => {
    const order = makeOrder();
    const steps = order.workflow.steps.map((row) => (row.id === 14 ? { ...row, notApplicable: true } : row));
    const trimmed = { ...order, workflow: { ...order.workflow, steps } };
    const first = stepBar(newOrder(), practitionerUser, 'pract', null);
    const items = stepBar(trimmed, practitionerUser, 'panels', null);
    renderUi(<StepBar items={items} orderId={42} search="" />);
    expect(bar().getByText(`Step 2 of ${first.length}: Panel Selection`)).toBeInTheDocument();
    const shipping = bar().getByRole('button', { name: 'Shipping (not needed)' });
    expect(shipping).toBeDisabled();
    expect(shipping).toHaveAttribute('title', 'Shipping is not needed for this order.');
    expect(shipping.closest('li')?.dataset.state).toBe('not-needed');
  });
});
