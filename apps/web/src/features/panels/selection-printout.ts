import {
  formatActivationNumber,
  formatCents,
  formatRequisitionNumber,
  type InputField,
  type OrderableItem,
  type Profile,
} from '@gear/domain';
import type { TestSelection } from './selection.ts';

export interface SelectionPrintout {
  title: string;
  subtitle: string;
  sections: { heading: string; lines: string[] }[];
}

/**
 * spec 1 §2.6 'print to PDF': what the printout of a requisition's selection says: the product, its numbers, the
 * chosen panel's components, the add-ons and the patient instructions (empty sections left out).
 */
export function selectionPrintout(
  item: Pick<OrderableItem, 'name' | 'profileList'>,
  selection: TestSelection,
  shown: { profiles: readonly Profile[]; addOns: readonly InputField[] },
  numbers: { reqNumber?: string | null; activationCode?: string | null },
): SelectionPrintout {
  const chosen = (field: InputField) =>
    selection.components.includes(field.id) || selection.addons.some((a) => a.omsInputFieldID === field.id);
  const panel = item.profileList.find((p) => p.id === selection.panel);
  return {
    title: item.name,
    subtitle: [
      numbers.reqNumber ? `Requisition ${formatRequisitionNumber(numbers.reqNumber)}` : null,
      numbers.activationCode ? `Activation number ${formatActivationNumber(numbers.activationCode)}` : null,
    ]
      .filter(Boolean)
      .join(' · '),
    sections: [
      {
        heading: panel ? panel.name : 'Tests',
        lines: shown.profiles
          .flatMap((p) => p.profileComponents)
          .filter(chosen)
          .map((c) => c.name),
      },
      { heading: 'Add-ons', lines: shown.addOns.filter(chosen).map((a) => a.name) },
      ...(selection.patientInstructions.trim()
        ? [{ heading: 'Patient instructions', lines: [selection.patientInstructions.trim()] }]
        : []),
    ].filter((s) => s.lines.length > 0),
  };
}

/** A price in integer cents as the form shows it, or null when there is none. */
export const money = (cents: number | undefined) => (cents === undefined ? null : formatCents(cents));
