import { STEP_IDS, STEP_STATUS, type WorkflowStep } from '@gear/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOrder, GI_EFFECTS, newOrderWith, useSignIns, useTestApp } from '../../test/helper.ts';
import { loadOrderWithOwner, saveWorkflowSteps, workflowStepsWrites } from './order.repository.ts';

// Decision 0340: the workflow rows a change writes, an UPDATE of the changed rows and an INSERT of the new ones.
const ctx = useTestApp();
const as = useSignIns(ctx, { avery: 'dr.avery' });

interface Row {
  step_id: number;
  gear_req_id: number | null;
  completed: boolean;
  skipped: boolean;
}
const rowsOf = async (orderId: number) =>
  (
    (await ctx.database.db.execute(
      sql`select step_id, gear_req_id, completed, skipped from workflow_steps where order_id = ${orderId}
          order by step_id, gear_req_id nulls first`,
    )) as unknown as { rows: Row[] }
  ).rows;
const stepsOf = async (orderId: number) =>
  ((await loadOrderWithOwner(ctx.database.db, orderId))?.order.workflow.steps ?? []) as WorkflowStep[];

const step = (id: number, gearReqId: number | null, completed: boolean): WorkflowStep => ({
  id,
  gearReqId,
  completed,
  notApplicable: false,
  notStarted: !completed,
  skipped: false,
  userType: completed ? 'myGDX' : null,
  stepDate: completed ? '2026-11-27T10:00:00.000Z' : null,
  status: completed ? STEP_STATUS.completed : STEP_STATUS.notStarted,
});

describe('workflow rows written by a change (decision 0340)', () => {
  it('changed rows are updated, new rows inserted, the others left alone; a row written since the read is updated', async () => {
    const order = await newOrderWith(ctx.app, as.avery.headers, 'P1001', [
      { omsOrderableItemId: GI_EFFECTS.omsOrderableItemId, panel: GI_EFFECTS.panel },
    ]);
    const gearReqId = order.requisitions[0]?.id as number;
    const before = await stepsOf(order.id);
    const rowsBefore = await rowsOf(order.id);
    const confirmation = STEP_IDS.practitionerConfirmation;
    // Not in what was read, but in the table: another writer added it since.
    await ctx.database.db.execute(
      sql`insert into workflow_steps (order_id, step_id, gear_req_id, status_id, completed, not_applicable, skipped)
          values (${order.id}, ${confirmation}, ${gearReqId}, ${STEP_STATUS.notStarted.id}, false, false, true)`,
    );
    const changed = { ...(before.find((row) => row.id === confirmation) as WorkflowStep), completed: true };
    const after = [
      ...before.map((row) => (row.id === confirmation && row.gearReqId === null ? changed : row)),
      step(confirmation, gearReqId, true),
    ];
    expect(workflowStepsWrites(order.id, before, after)).toHaveLength(2);
    await saveWorkflowSteps(ctx.database.db, order.id, before, after);
    const rows = await rowsOf(order.id);
    expect(rows).toHaveLength(rowsBefore.length + 1);
    expect(rows.filter((row) => row.step_id === confirmation)).toEqual([
      { step_id: confirmation, gear_req_id: null, completed: true, skipped: false },
      { step_id: confirmation, gear_req_id: gearReqId, completed: true, skipped: false },
    ]);
    const others = (list: Row[]) => list.filter((row) => row.step_id !== confirmation);
    expect(others(rows)).toEqual(others(rowsBefore));
  });

  it('a change of existing rows only is one UPDATE, with no INSERT; no change, no write', async () => {
    const order = await createOrder(ctx.app, as.avery.headers, 'P1001');
    const before = await stepsOf(order.id);
    const first = before[0] as WorkflowStep;
    const after = [{ ...first, skipped: !first.skipped }, ...before.slice(1)];
    const writes = workflowStepsWrites(order.id, before, after, sql`true`);
    expect(writes).toHaveLength(1);
    await ctx.database.db.execute(writes[0] as ReturnType<typeof sql>);
    expect((await rowsOf(order.id)).find((row) => row.step_id === first.id)?.skipped).toBe(!first.skipped);
    expect(workflowStepsWrites(order.id, before, before)).toEqual([]);
  });
});
