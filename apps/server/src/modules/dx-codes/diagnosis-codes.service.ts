import {
  completeStep,
  type DiagnosisCodesBody,
  DX_MESSAGES,
  dxCodeRequirementError,
  type FieldError,
  type GearOrder,
  type IcdCode,
  isAcceptableDxCode,
  parseRankedDxCode,
  rankDxCodes,
  STEP_IDS,
  type UserInfo,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { refuseIfAny } from '../../lib/http-error.ts';
import { claimOrder, refuseLockedOrder } from '../../lib/order-write.ts';
import { transaction } from '../../lib/transaction.ts';
import { catalogueOf } from '../catalogue/catalogue-cache.ts';
import { saveWorkflowSteps } from '../order/order.repository.ts';
import { requisitionForCaller, savedOrder } from '../order/order.service.ts';
import { updateRequisition } from '../requisition/requisition.repository.ts';
import { findDxCodes } from './dx-codes.repository.ts';

type ListName = 'selectedCodes' | 'otherCodes';

interface ParsedList {
  codes: string[];
  errors: FieldError[];
  /** Where each code was sent, for a field error about it. */
  fieldOf: Map<string, string>;
}

/** Each 'rank_code' entry as its code; an entry that is not shaped like an ICD-10-CM code is refused. */
function parseList(name: ListName, entries: readonly string[], into: ParsedList) {
  entries.forEach((entry, index) => {
    const code = parseRankedDxCode(entry);
    const field = `${name}.${index}`;
    if (code === null) {
      into.errors.push({ field, defaultMessage: DX_MESSAGES.invalidCode });
      return;
    }
    into.codes.push(code);
    if (!into.fieldOf.has(code)) into.fieldOf.set(code, field);
  });
}

/**
 * PUT /gear/diagnosisCodes/ (spec 1 §2.7, §4.5, §5, §7): saves a requisition's diagnosis codes. Codes are trimmed and
 * uppercased; each must be an active code of version 10 ('Please enter a valid ICD code.'); insurance, Medicare/Tricare
 * and HRSA billing need one ('Please select a diagnosis code.' when the product lists codes, else 'Please add a
 * diagnosis code.'). Ranks: other codes first, then the product's codes in catalogue order. Completes step 4.
 */
export async function saveDiagnosisCodes(
  db: Db,
  user: UserInfo,
  body: DiagnosisCodesBody,
): Promise<GearOrder> {
  const { order, requisition } = await requisitionForCaller(db, user, body.gearReqId);
  refuseLockedOrder(order, user);
  const selected: ParsedList = { codes: [], errors: [], fieldOf: new Map() };
  const others: ParsedList = { codes: [], errors: [], fieldOf: new Map() };
  parseList('selectedCodes', body.selectedCodes, selected);
  parseList('otherCodes', body.otherCodes, others);
  const item = (await catalogueOf(db)).item(requisition.omsOrderableItemId);
  const productCodes = item?.diagnosisCodes.map((code) => code.code) ?? [];
  const ranked = rankDxCodes({ productCodes, selected: selected.codes, others: others.codes });
  const found = await findDxCodes(
    db,
    ranked.map((code) => code.code),
  );
  const errors = [...others.errors, ...selected.errors];
  for (const { code } of ranked) {
    if (!isAcceptableDxCode(found.get(code) ?? null)) {
      const field = others.fieldOf.get(code) ?? selected.fieldOf.get(code) ?? 'otherCodes';
      errors.push({ field, defaultMessage: DX_MESSAGES.invalidCode });
    }
  }
  const missing = dxCodeRequirementError({
    billingMethod: requisition.billingMethod,
    productCodeCount: productCodes.length,
    chosenCount: ranked.length,
  });
  if (missing && errors.length === 0) errors.push({ field: 'selectedCodes', defaultMessage: missing });
  refuseIfAny(errors);

  const icdCodes: IcdCode[] = ranked.map((code) => ({
    ...code,
    name: found.get(code.code)?.description ?? '',
  }));
  await transaction(db, async (tx) => {
    await claimOrder(tx, order, body.version);
    await updateRequisition(tx, requisition.id, { icdCodes });
    const steps = order.workflow.steps;
    const after = completeStep(steps, {
      id: STEP_IDS.dxCodes,
      gearReqId: requisition.id,
      userType: user.type,
      stepDate: new Date().toISOString(),
    });
    await saveWorkflowSteps(tx, order.id, steps, after);
  });
  return savedOrder(db, order.id);
}
