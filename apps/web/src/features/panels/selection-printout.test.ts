import { selectableProfiles, visibleAddOns } from '@gear/domain';
import { describe, expect, it } from 'vitest';
import { gi540 } from '../../test/catalogue.ts';
import { emptySelection } from './selection.ts';
import { money, selectionPrintout } from './selection-printout.ts';

const shown = { profiles: selectableProfiles(gi540), addOns: visibleAddOns(gi540, { shipToOffice: false }) };

describe('the printout of a selection (spec 1 §2.6 print to PDF), without rendering', () => {
  it('names the product, its numbers, the chosen components and add-ons, and the instructions', () => {
    const selection = {
      ...emptySelection(),
      panel: 5400,
      components: [5404],
      addons: [{ omsInputFieldID: 5413, cptQuantity: null }],
      patientInstructions: '  Fast for 12 hours. ',
    };
    const printout = selectionPrintout(gi540, selection, shown, { reqNumber: null, activationCode: null });
    expect(printout.title).toBe(gi540.name);
    expect(printout.subtitle).toBe('');
    expect(printout.sections.map((s) => s.heading)).toEqual([
      'GI Effects Comprehensive Profile',
      'Add-ons',
      'Patient instructions',
    ]);
    expect(printout.sections[1]?.lines).toEqual(['Helicobacter pylori Stool Antigen']);
    expect(printout.sections[2]?.lines).toEqual(['Fast for 12 hours.']);
  });

  it('leaves empty sections out', () => {
    expect(selectionPrintout(gi540, emptySelection(), shown, {}).sections).toEqual([]);
  });

  it('shows cents as dollars, nothing when there is no price', () => {
    expect(money(12345)).toBe('$123.45');
    // Issue 15 (decision 0330): one money format, the domain's (Intl.NumberFormat), thousands grouped.
    expect(money(123456)).toBe('$1,234.56');
    expect(money(undefined)).toBeNull();
  });
});
