import type { FieldError } from '../contract/errors.ts';
import type { Practitioner } from '../contract/order.ts';
import { MESSAGES, type PhoneMessages } from '../messages.ts';
import { isInternationalLayout } from './office-layout.ts';

/** spec 1 §9: 'Quantity per line 0 to 99'; 'Max 25 collection packs per order online' (international layout, §5). */
export const LINE_QUANTITY = { min: 0, max: 99 } as const;
export const MAX_ONLINE_PACKS = 25;

export interface QuantityLine {
  omsOrderableItemId: number;
  quantity: number;
}

/** A typed quantity as a whole number from 0 to 99 (anything else reads as 0). */
export function clampLineQuantity(value: number): number {
  if (!Number.isFinite(value)) return LINE_QUANTITY.min;
  return Math.min(LINE_QUANTITY.max, Math.max(LINE_QUANTITY.min, Math.trunc(value)));
}

export const totalPacks = (lines: readonly QuantityLine[]): number =>
  lines.reduce((total, line) => total + line.quantity, 0);

/** spec 1 §5: the total across lines is capped at 25 for an international layout (reqLayoutId 3). */
export const isPackCapApplied = (practitioner: Pick<Practitioner, 'office'>): boolean =>
  isInternationalLayout(practitioner);

/**
 * spec 1 §5 bulk quantities: sets the quantity of one product's line (appending the line when new). The quantity is
 * kept within 0 to 99; with the cap, the line is reduced to fit the 25 packs left by the other lines and overLimit
 * says so; a line at 0 drops off.
 */
export function setLineQuantity<Line extends QuantityLine>(
  lines: readonly Line[],
  line: Line,
  capped: boolean,
): { lines: Line[]; overLimit: boolean } {
  const others = lines.filter((candidate) => candidate.omsOrderableItemId !== line.omsOrderableItemId);
  const wanted = clampLineQuantity(line.quantity);
  const room = capped ? Math.max(0, MAX_ONLINE_PACKS - totalPacks(others)) : LINE_QUANTITY.max;
  const quantity = Math.min(wanted, room);
  const position = lines.findIndex((candidate) => candidate.omsOrderableItemId === line.omsOrderableItemId);
  const updated = { ...line, quantity };
  const next =
    position === -1 ? [...lines, updated] : lines.map((old, i) => (i === position ? updated : old));
  return { lines: next.filter((candidate) => candidate.quantity > 0), overLimit: quantity < wanted };
}

/**
 * The server's check of a saved bulk order: each line 0 to 99 and, with the cap, at most 25 packs in all (the
 * message carries the support phone). Fields are `requisitions.<index>.quantity`, or `requisitions` for the cap.
 */
export function bulkQuantityErrors(
  lines: readonly QuantityLine[],
  capped: boolean,
  phoneMessages: Pick<PhoneMessages, 'maxCollectionPacks'>,
): FieldError[] {
  const errors: FieldError[] = lines.flatMap((line, index) =>
    Number.isInteger(line.quantity) &&
    line.quantity >= LINE_QUANTITY.min &&
    line.quantity <= LINE_QUANTITY.max
      ? []
      : [{ field: `requisitions.${index}.quantity`, defaultMessage: MESSAGES.quantityOutOfRange }],
  );
  if (capped && totalPacks(lines) > MAX_ONLINE_PACKS)
    errors.push({ field: 'requisitions', defaultMessage: phoneMessages.maxCollectionPacks });
  return errors;
}

/** spec 1 §3 Quantity map entry and Bulk line, as the bulk order form edits it. */
export interface BulkLine {
  id: number | null;
  omsOrderableItemId: number;
  omsOrderableItemName: string;
  quantity: number;
  components: number[];
  addons: { omsInputFieldID: number; cptQuantity: number | null }[];
  panel: number | null;
  patientInstructions: string | null;
}
