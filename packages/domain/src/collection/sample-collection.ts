import type { InputField, OrderableItem } from '../contract/catalogue.ts';
import type { FieldError } from '../contract/errors.ts';
import type { Requisition, SpecificField } from '../contract/order.ts';
import {
  addCalendarDays,
  addCalendarMonths,
  formatCalendarDateUs,
  readCalendarDate,
} from '../identifiers/calendar-days.ts';
import { COLLECTION_MESSAGES, notACalendarDate, textTooLong } from '../messages.ts';
import { isEightTubePack, SIBO_ORDERABLE_ITEM_ID } from './sibo.ts';

/** spec 2 §5, §9: 'Patient instructions and clinical findings max 512, route number max 15'. */
export const COLLECTION_TEXT_LIMITS = {
  patientInstructions: 512,
  clinicalFindings: 512,
  routeNumber: 15,
} as const;

/** spec 2 §4, §9: 'sample date window -14 to +3 days (+1 month COVID)'. */
export const SAMPLE_DATE_WINDOW = { daysBefore: 14, daysAfter: 3, covidMonthsAfter: 1 } as const;

/** spec 2 §9: '5 collection times'. */
export const COLLECTION_TIME_COUNT = 5;

/** The catalogue's param names for collection fields (the seed's conventions). */
const PARAM = {
  type: 'type',
  required: 'required',
  dependsOn: 'dependsOn',
  group: 'group',
  ignoredForPanel: 'ignoredForPanel',
  blankOn8TubePacks: 'blankOn8TubePacks',
} as const;

/** The groups of collection fields shown together: the SIBO table and the collection times 1 to 5. */
export const COLLECTION_GROUPS = {
  siboTable: 'collectionTable',
  collectionTimes: 'collectionTimes',
} as const;

export const COLLECTION_INPUT_TYPE = 'Collection';

const param = (field: Pick<InputField, 'inputFieldParams'>, name: string): string | null =>
  field.inputFieldParams.find((entry) => entry.name === name)?.value ?? null;

const answerOf = (values: readonly SpecificField[], id: number): string =>
  values.find((entry) => entry.id === id)?.value.trim() ?? '';

const isBlank = (text: string | null): boolean => text === null || text.trim() === '';

/** The product's collection fields, in catalogue order. */
export const collectionFieldsOf = (item: Pick<OrderableItem, 'inputFields'>): InputField[] =>
  item.inputFields.filter((field) => field.inputType === COLLECTION_INPUT_TYPE);

/** A field with dependsOn '<field id>=<value>' is shown, and required, only when that answer is given. */
export function isCollectionFieldShown(
  field: Pick<InputField, 'inputFieldParams'>,
  values: readonly SpecificField[],
): boolean {
  const dependsOn = param(field, PARAM.dependsOn);
  if (dependsOn === null) return true;
  const [id, expected] = dependsOn.split('=');
  return answerOf(values, Number(id)) === expected;
}

export type CollectionRequisition = Pick<Requisition, 'omsOrderableItemId' | 'panel' | 'reqNumber'>;

/**
 * spec 2 §5: the exemptions from 'every listed collection field filled': tube 2 of item 215 on 8-tube packs,
 * and the tubes a panel ignores (tubes 8 and 9 for panel 4710).
 */
export function isCollectionFieldExempt(
  field: Pick<InputField, 'inputFieldParams'>,
  requisition: CollectionRequisition,
): boolean {
  const ignoredForPanel = param(field, PARAM.ignoredForPanel);
  if (ignoredForPanel !== null && requisition.panel !== null && Number(ignoredForPanel) === requisition.panel)
    return true;
  return (
    requisition.omsOrderableItemId === SIBO_ORDERABLE_ITEM_ID &&
    param(field, PARAM.blankOn8TubePacks) === 'true' &&
    isEightTubePack(requisition.reqNumber)
  );
}

/**
 * The collection fields that must be filled: shown, not exempt, not marked required 'false', and not a
 * checkbox (an unticked box is an answer).
 */
export function requiredCollectionFields(
  item: Pick<OrderableItem, 'inputFields'>,
  requisition: CollectionRequisition,
  values: readonly SpecificField[],
): InputField[] {
  return collectionFieldsOf(item).filter(
    (field) =>
      param(field, PARAM.required) !== 'false' &&
      param(field, PARAM.type) !== 'checkbox' &&
      isCollectionFieldShown(field, values) &&
      !isCollectionFieldExempt(field, requisition),
  );
}

/** spec 2 §5: the last sample date lies from 14 days ago to 3 days ahead, or 1 month ahead for COVID. */
export function lastSampleDateWindow(today: string, covid: boolean): { earliest: string; latest: string } {
  return {
    earliest: addCalendarDays(today, -SAMPLE_DATE_WINDOW.daysBefore),
    latest: covid
      ? addCalendarMonths(today, SAMPLE_DATE_WINDOW.covidMonthsAfter)
      : addCalendarDays(today, SAMPLE_DATE_WINDOW.daysAfter),
  };
}

export interface CollectionNotes {
  patientInstructions: string | null;
  clinicalFindings: string | null;
  routeNumber: string | null;
}

const NOTE_LABELS: Record<keyof CollectionNotes, string> = {
  patientInstructions: 'Patient instructions',
  clinicalFindings: 'Clinical findings',
  routeNumber: 'Route number',
};

/**
 * spec 2 §5: patient instructions and clinical findings max 512, route number max 15 (also the drop-ship
 * form).
 */
export function collectionNoteErrors(notes: CollectionNotes): FieldError[] {
  return (Object.keys(COLLECTION_TEXT_LIMITS) as (keyof CollectionNotes)[]).flatMap((field) => {
    const max = COLLECTION_TEXT_LIMITS[field];
    const text = notes[field];
    return text !== null && text.length > max
      ? [{ field, defaultMessage: textTooLong(NOTE_LABELS[field], max) }]
      : [];
  });
}

export interface SampleCollectionAnswers extends CollectionNotes {
  /** Yes or No to 'whether the last sample has been collected'; null while unanswered. */
  lastSampleCollected: boolean | null;
  dateLastSampleCollected: string | null;
  sampleCollectionData: readonly SpecificField[];
}

export interface SampleCollectionFacts {
  /** The calendar date today, YYYY-MM-DD (the laboratory's day). */
  today: string;
  requisition: CollectionRequisition & Pick<Requisition, 'covidRegistration'>;
  item: Pick<OrderableItem, 'covid' | 'inputFields'>;
}

function dateErrors(text: string | null, facts: SampleCollectionFacts): FieldError[] {
  const field = 'dateLastSampleCollected';
  if (text === null || isBlank(text))
    return [{ field, defaultMessage: COLLECTION_MESSAGES.lastSampleDateRequired }];
  const date = readCalendarDate(text);
  if (date === null) return [{ field, defaultMessage: notACalendarDate(text.trim()) }];
  const covid = facts.item.covid || facts.requisition.covidRegistration;
  const { earliest, latest } = lastSampleDateWindow(facts.today, covid);
  if (date >= earliest && date <= latest) return [];
  const message = COLLECTION_MESSAGES.lastSampleDateOutOfRange(
    formatCalendarDateUs(earliest),
    formatCalendarDateUs(latest),
  );
  return [{ field, defaultMessage: message }];
}

function fieldErrors(answers: SampleCollectionAnswers, facts: SampleCollectionFacts): FieldError[] {
  const values = answers.sampleCollectionData;
  const empty = requiredCollectionFields(facts.item, facts.requisition, values).filter(
    (field) => answerOf(values, field.id) === '',
  );
  const isTime = (field: InputField) => param(field, PARAM.group) === COLLECTION_GROUPS.collectionTimes;
  const errors: FieldError[] = empty
    .filter((field) => !isTime(field))
    .map((field) => ({
      field: `sampleCollectionData.${field.id}`,
      defaultMessage: COLLECTION_MESSAGES.fieldRequired,
    }));
  if (empty.some(isTime))
    errors.push({ field: 'collectionTimes', defaultMessage: COLLECTION_MESSAGES.collectionTimesRequired });
  return errors;
}

/**
 * spec 2 §5 Sample collection: the Yes/No answer; on Yes the date (within the window) and every listed
 * collection field ('Please fill out this field.', collection times as one 'Please fill out all collection
 * times.'); the text limits always. Fields: lastSampleCollected, dateLastSampleCollected,
 * sampleCollectionData.<input field id>, collectionTimes, patientInstructions, clinicalFindings, routeNumber.
 */
export function validateSampleCollection(
  answers: SampleCollectionAnswers,
  facts: SampleCollectionFacts,
): FieldError[] {
  const notes = collectionNoteErrors(answers);
  if (answers.lastSampleCollected === null)
    return [
      { field: 'lastSampleCollected', defaultMessage: COLLECTION_MESSAGES.lastSampleAnswerRequired },
      ...notes,
    ];
  if (!answers.lastSampleCollected) return notes;
  return [...dateErrors(answers.dateLastSampleCollected, facts), ...fieldErrors(answers, facts), ...notes];
}
