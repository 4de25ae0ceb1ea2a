import type { InputField, InputFieldParam } from '../contract/catalogue.ts';

/**
 * Names of inputFieldParams (spec 1 §3 'inputFieldParams{name, value}'). 'Add-On' is the spec's; the others are the
 * catalogue's conventions, shared by the seed, the server's rules and the browser's forms. Options are params named
 * 'option:<stored value>' whose value is the label, in display order.
 */
export const INPUT_FIELD_PARAM = {
  /** 'true' marks an add-on (spec 1 §3). */
  addOn: 'Add-On',
  /** 'true' on the item's base panel (used for paperless packs when the provider did not order). */
  basePanel: 'basePanel',
  /** Repeated on a display-only panel: the id of one component (analyte of another panel) it stands for. */
  component: 'component',
  /** On an add-on: the id of the add-on it cannot be combined with (spec 1 §5 exclusion pairs). */
  exclusiveWith: 'exclusiveWith',
  /** On component 6587: the id of the component whose price is added to its own (6700). */
  addsPriceOf: 'addsPriceOf',
  /** Control type of a Collection / ProfileSpecific / Resubmittal field: date, time, number, select, radio, text, checkbox. */
  type: 'type',
  /** Prefix: 'option:<stored value>' = label, in display order. */
  optionPrefix: 'option:',
  required: 'required',
  maxLength: 'maxLength',
  min: 'min',
  max: 'max',
  unit: 'unit',
  placeholder: 'placeholder',
  /** Display format of a date field, e.g. 'MM/DD/YYYY'. */
  format: 'format',
  /** '<field id>=<value>': shown (and required) only when that field has that value. */
  dependsOn: 'dependsOn',
  /** Groups fields shown together, e.g. 'collectionTable' for the SIBO tubes. */
  group: 'group',
  /** SIBO tubes: minutes after the lactulose drink ('0' for the baselines). */
  offsetMinutes: 'offsetMinutes',
  /** SIBO tubes: the panel id for which this tube is ignored (tubes 8 and 9 for panel 4710). */
  ignoredForPanel: 'ignoredForPanel',
  /** SIBO tube 2: 'true' = left blank on 8-tube packs. */
  blankOn8TubePacks: 'blankOn8TubePacks',
  /** Value stored when the field is left empty (resubmittal id: 'Not Provided'). */
  emptyValue: 'emptyValue',
} as const;

type WithParams = Pick<InputField, 'inputFieldParams'>;

/** The value of the first param with that name, or null. */
export const paramValue = (field: WithParams, name: string): string | null =>
  field.inputFieldParams.find((param) => param.name === name)?.value ?? null;

/** Every value of a repeated param (e.g. 'component' on a display-only panel). */
export const paramValues = (field: WithParams, name: string): string[] =>
  field.inputFieldParams.filter((param) => param.name === name).map((param) => param.value);

export const isFlagParam = (field: WithParams, name: string): boolean => paramValue(field, name) === 'true';

/** spec 1 §3: 'the param 'Add-On' true marks an add-on'. */
export const isAddOnField = (field: WithParams): boolean => isFlagParam(field, INPUT_FIELD_PARAM.addOn);

/** The options of a select or radio field as stored value → label, in display order. */
export const fieldOptions = (field: WithParams): InputFieldParam[] =>
  field.inputFieldParams
    .filter((param) => param.name.startsWith(INPUT_FIELD_PARAM.optionPrefix))
    .map((param) => ({ name: param.name.slice(INPUT_FIELD_PARAM.optionPrefix.length), value: param.value }));

/** A numeric param, or null when absent or not a number. */
export function numericParam(field: WithParams, name: string): number | null {
  const value = paramValue(field, name);
  if (value === null || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}
