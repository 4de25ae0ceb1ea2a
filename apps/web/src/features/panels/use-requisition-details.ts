import { type InputField, type OrderableItem, selectableProfiles, visibleAddOns } from '@gear/domain';
import { useState } from 'react';
import { logUiAction, usePriceMap } from '../../api/catalogue.ts';
import { useApi, useMessages } from '../../api/context.tsx';
import { printTestSelection } from './print-selection.ts';
import { type SelectionErrors, type TestSelection, toggleAddOn } from './selection.ts';
import { money, selectionPrintout } from './selection-printout.ts';

export interface RequisitionDetailsProps {
  item: OrderableItem;
  selection: TestSelection;
  onChange: (selection: TestSelection) => void;
  errors: SelectionErrors;
  practitionerUser: boolean;
  medicare: boolean;
  /** Add-ons naming SARS are shown only on ship-to-office orders (spec 1 §5). */
  shipToOffice: boolean;
  /** Locked step (spec 1 §4.2): every input disabled. */
  disabled: boolean;
  /** A paperless requisition of a patient: the tests are preselected and locked (spec 1 §4.4). */
  testsLocked?: boolean;
  gsdlNo: string | null;
  orderId: number | 'new';
  reqNumber?: string | null;
  activationCode?: string | null;
  /**
   * The Customize modal of a bulk line edits only panel, components, add-ons and patient instructions; a custom
   * profile's ('profile') only panel, components and add-ons.
   */
  variant?: 'full' | 'customize' | 'profile';
}

/**
 * What the requisition details form holds besides the selection (spec 1 §2.6): the price display and its prices, the
 * add-on exclusion warning, the printout and its failure; and what it shows of the product.
 */
export function useRequisitionDetails(props: RequisitionDetailsProps) {
  const { item, selection, onChange, medicare, disabled } = props;
  const api = useApi();
  const text = useMessages();
  const [addOnWarning, setAddOnWarning] = useState<string | null>(null);
  const [showPrices, setShowPrices] = useState(false);
  const [printError, setPrintError] = useState<string | null>(null);
  const prices = usePriceMap(props.gsdlNo, item.id, showPrices);
  const profiles = selectableProfiles(item);
  const addOns = visibleAddOns(item, { shipToOffice: props.shipToOffice });
  const testsDisabled = disabled || Boolean(props.testsLocked);
  const displayOnly = item.profileList.find((p) => p.displayOnly && p.id === selection.panel);
  const price = (id: number | 'item') => (showPrices ? money(prices.data?.PTPAY?.[String(id)]) : null);
  const priceNote = (id: number) => {
    const shown = price(id);
    return shown ? `Patient pay ${shown}` : undefined;
  };
  const instructions = item.inputFields.filter((f) => f.inputType === 'Patient Instruction' && f.disclaimer);

  const togglePrices = (on: boolean) => {
    setShowPrices(on);
    void logUiAction(api, 'info', 'display panel pricing', [
      props.orderId === 'new' ? null : props.orderId,
      item.id,
      on ? 'on' : 'off',
      props.gsdlNo,
    ]);
  };

  const print = async () => {
    setPrintError(null);
    try {
      await printTestSelection(api, {
        ...selectionPrintout(item, selection, { profiles, addOns }, props),
        paper: 'a3',
      });
    } catch {
      setPrintError(text.unexpectedError);
    }
  };

  /** spec 1 §5: an add-on excluded by another shows the exclusion warning. */
  const chooseAddOn = (addOn: InputField) => {
    const result = toggleAddOn(selection, addOn, medicare);
    setAddOnWarning(result.warning);
    onChange(result.selection);
  };

  return {
    prices,
    showPrices,
    togglePrices,
    printError,
    print,
    addOnWarning,
    toggleAddOn: chooseAddOn,
    profiles,
    addOns,
    testsDisabled,
    displayOnly,
    price,
    priceNote,
    instructions,
  };
}
