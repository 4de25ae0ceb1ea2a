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
  type Requisition,
  rankDxCodes,
  STEP_IDS,
  type UserInfo,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import { refuseIfAny } from '../../lib/http-error.ts';
import { catalogueOf } from '../catalogue/catalogue-cache.ts';
import type { SavedOrder } from '../order/order.service.ts';
import { changeOrder, ORDER_CHANGES, type OrderChangePlan } from '../order/order-change.ts';
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

/** The codes a diagnosis-codes body sends, parsed, and the product's own codes. */
function parsedCodes(body: Omit<DiagnosisCodesBody, 'version'>, productCodes: readonly string[]) {
  const selected: ParsedList = { codes: [], errors: [], fieldOf: new Map() };
  const others: ParsedList = { codes: [], errors: [], fieldOf: new Map() };
  parseList('selectedCodes', body.selectedCodes, selected);
  parseList('otherCodes', body.otherCodes, others);
  const ranked = rankDxCodes({ productCodes, selected: selected.codes, others: others.codes });
  return { selected, others, ranked };
}

/** What the code set says of each code sent (active, version: isAcceptableDxCode; description). */
type FoundCodes = ReadonlyMap<string, Parameters<typeof isAcceptableDxCode>[0] & { description: string }>;

/**
 * The diagnosis codes' change (spec 1 §2.7, §4.5, §5, §7): codes are trimmed and uppercased; each must be an active
 * code of version 10 ('Please enter a valid ICD code.'); insurance, Medicare/Tricare and HRSA billing need one
 * ('Please select a diagnosis code.' when the product lists codes, else 'Please add a diagnosis code.'). Ranks: other
 * codes first, then the product's codes in catalogue order. Completes step 4.
 */
export function planDiagnosisCodes(
  order: SavedOrder,
  requisition: Requisition,
  user: UserInfo,
  body: Omit<DiagnosisCodesBody, 'version'>,
  facts: { productCodes: readonly string[]; found: FoundCodes },
): OrderChangePlan {
  const { productCodes, found } = facts;
  const { selected, others, ranked } = parsedCodes(body, productCodes);
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
  return {
    writes: [{ kind: 'updateRequisition', id: requisition.id, values: { icdCodes } }],
    steps: completeStep(order.workflow.steps, {
      id: STEP_IDS.dxCodes,
      gearReqId: requisition.id,
      userType: user.type,
      stepDate: new Date().toISOString(),
    }),
  };
}

/** PUT /gear/diagnosisCodes/ (spec 1 §2.7, §4.5, §5, §7) through the change core (decision 0065). */
export async function saveDiagnosisCodes(
  db: Db,
  user: UserInfo,
  body: Omit<DiagnosisCodesBody, 'version'>,
  basedOn: number | undefined,
): Promise<GearOrder> {
  const saved = await changeOrder(db, {
    user,
    subject: { gearReqId: body.gearReqId },
    basedOn,
    kind: ORDER_CHANGES.diagnosisCodes,
    plan: async ({ order, requisition }) => {
      const subject = requisition as Requisition;
      const item = (await catalogueOf(db)).item(subject.omsOrderableItemId);
      const productCodes = item?.diagnosisCodes.map((code) => code.code) ?? [];
      const found = await findDxCodes(
        db,
        parsedCodes(body, productCodes).ranked.map((code) => code.code),
      );
      return planDiagnosisCodes(order, subject, user, body, { productCodes, found });
    },
  });
  return saved.order;
}
