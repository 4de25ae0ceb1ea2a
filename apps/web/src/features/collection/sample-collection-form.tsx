import {
  COLLECTION_GROUPS,
  type CollectionNotes,
  collectionFieldsOf,
  collectionValueErrors,
  type FieldError,
  formatCalendarDateUs,
  type GearOrder,
  INPUT_FIELD_PARAM,
  type InputField,
  isCollectionFieldExempt,
  isCollectionFieldShown,
  isFieldShown,
  isFlagParam,
  isOrderLocked,
  labToday,
  lastSampleDateWindow,
  mayEditCollectionNotes,
  type OrderableItem,
  panelInputFieldsOf,
  paramValue,
  profileSpecificFieldErrors,
  type Requisition,
  requiredCollectionFields,
  type SavedOrder,
  type SpecificField,
  STEP_IDS,
  type UserInfo,
  validateSampleCollection,
} from '@gear/domain';
import { Alert, Fieldset, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useMessages } from '../../api/context.tsx';
import { DateInput } from '../../components/date-input.tsx';
import { ErrorSummary, summaryErrorOf, useErrorSummary } from '../../components/error-summary.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { CollectionButtons } from './collection-buttons.tsx';
import { CollectionField } from './collection-field.tsx';
import { CollectionInstructions } from './collection-instructions.tsx';
import { CollectionNotesFields } from './collection-notes.tsx';
import { saveFailure } from './save-errors.ts';
import { SiboTable } from './sibo-table.tsx';
import { useSaveSampleCollection } from './use-save-collection.ts';

export interface SampleCollectionFormProps {
  order: SavedOrder;
  user: UserInfo;
  requisition: Requisition;
  item: OrderableItem;
  onBack: () => void;
  onSaved: (saved: GearOrder, then: 'next' | 'addAnother') => void;
  offerAddAnother: boolean;
}

interface FormState {
  lastSampleCollected: boolean | null;
  date: string;
  values: Record<number, string>;
  profile: Record<number, string>;
  notes: CollectionNotes;
}

const toRecord = (fields: readonly SpecificField[]) =>
  Object.fromEntries(fields.map((field) => [field.id, field.value])) as Record<number, string>;
const toList = (record: Record<number, string>): SpecificField[] =>
  Object.entries(record).map(([id, value]) => ({ id: Number(id), value }));

/**
 * The answer to 'whether the last sample has been collected' as saved (decision 0031): Yes when a date is stored;
 * No when this kind of user saved the step without one (In Progress); unanswered otherwise.
 */
function savedAnswer(order: GearOrder, requisition: Requisition, user: UserInfo): boolean | null {
  if (requisition.dateLastSampleCollected) return true;
  const row = order.workflow.steps.find(
    (step) => step.id === STEP_IDS.collection && step.gearReqId === requisition.id,
  );
  return row && !row.notStarted && !row.skipped && row.userType === user.type ? false : null;
}

const groupOf = (field: InputField) => paramValue(field, INPUT_FIELD_PARAM.group);

/** Profile-specific sections answered again here (spec 2 §2 'and profile-specific fields'). */
const profileFieldsOf = (item: OrderableItem) =>
  panelInputFieldsOf(item).filter((field) => field.inputType === 'ProfileSpecific');

/**
 * spec 2 §2 Sample Collection Information: the Yes/No question; Yes reveals the date (the window from the domain) and
 * every collection field of the product (dependsOn, exemptions, the SIBO table, collection times); No a note to come
 * back; the notes; profile-specific fields; the Collection Instructions modal. Next saves and moves on.
 */
export function SampleCollectionForm(props: SampleCollectionFormProps) {
  const { order, user, requisition, item, onBack, onSaved, offerAddAnother } = props;
  const text = useMessages();
  const save = useSaveSampleCollection();
  const locked = isOrderLocked(order, user);
  const editableNotes = mayEditCollectionNotes(user);
  const today = useMemo(() => labToday(), []);
  const covid = item.covid || requisition.covidRegistration;
  const dateWindow = lastSampleDateWindow(today, covid);

  const initial = useMemo<FormState>(
    () => ({
      lastSampleCollected: savedAnswer(order, requisition, user),
      date: requisition.dateLastSampleCollected
        ? formatCalendarDateUs(requisition.dateLastSampleCollected)
        : '',
      values: toRecord(requisition.sampleCollectionData),
      profile: toRecord(requisition.profileSpecificFields),
      notes: {
        patientInstructions: requisition.patientInstructions,
        clinicalFindings: requisition.clinicalFindings,
        routeNumber: requisition.routeNumber,
      },
    }),
    [order, requisition, user],
  );
  const [state, setState] = useState<FormState>(initial);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const summary = useErrorSummary();
  useUnsavedChanges(!locked && JSON.stringify(state) !== JSON.stringify(initial));

  const values = toList(state.values);
  const collected = state.lastSampleCollected === true;
  const shown = collectionFieldsOf(item).filter(
    (field) => isCollectionFieldShown(field, values) && !isCollectionFieldExempt(field, requisition),
  );
  const requiredIds = new Set(requiredCollectionFields(item, requisition, values).map((field) => field.id));
  const profileValues = toList(state.profile);
  const profileFields = profileFieldsOf(item).filter((field) => isFieldShown(field, profileValues));

  const fieldError = (field: string) => errors.find((error) => error.field === field)?.defaultMessage;
  const errorsByPrefix = (prefix: string) =>
    Object.fromEntries(
      errors
        .filter((error) => error.field.startsWith(prefix))
        .map((error) => [Number(error.field.slice(prefix.length)), error.defaultMessage]),
    ) as Record<number, string>;
  const valueErrors = errorsByPrefix('sampleCollectionData.');
  const profileErrors = errorsByPrefix('profileSpecificFields.');

  const labelOf = (field: string): string => {
    const [kind, id] = field.split('.');
    const byId = (list: InputField[]) => list.find((candidate) => String(candidate.id) === id)?.name;
    if (kind === 'sampleCollectionData') return byId(collectionFieldsOf(item)) ?? 'Collection';
    if (kind === 'profileSpecificFields') return byId(panelInputFieldsOf(item)) ?? 'About this test';
    const labels: Record<string, string> = {
      lastSampleCollected: 'Last sample collected',
      dateLastSampleCollected: 'Date of last sample collection',
      collectionTimes: 'Collection times',
      patientInstructions: 'Patient Instructions',
      clinicalFindings: 'Clinical Findings',
      routeNumber: 'Route Number',
    };
    return labels[field] ?? field;
  };

  const showErrors = (found: FieldError[]) => {
    setErrors(found);
    summary.show(found.map((error) => summaryErrorOf(error, labelOf(error.field))));
  };

  const setValue = (id: number, value: string) =>
    setState((current) => ({ ...current, values: { ...current.values, [id]: value } }));

  const submit = (then: 'next' | 'addAnother') => {
    setFailure(null);
    if (locked) {
      onSaved(order, then);
      return;
    }
    const sampleCollectionData = collected
      ? shown.flatMap((field) => {
          const value = (state.values[field.id] ?? '').trim();
          return value === '' ? [] : [{ id: field.id, value }];
        })
      : [];
    const answers = {
      lastSampleCollected: state.lastSampleCollected,
      dateLastSampleCollected: collected ? state.date || null : null,
      sampleCollectionData,
      ...state.notes,
    };
    const profileSpecificFields = [
      ...requisition.profileSpecificFields.filter((field) => !(field.id in state.profile)),
      ...profileValues,
    ].map(({ id, value }) => ({ id, value }));
    const found = [
      ...validateSampleCollection(answers, { today, requisition, item }),
      ...collectionValueErrors(item, sampleCollectionData),
      ...(profileFields.length > 0 ? profileSpecificFieldErrors(profileFieldsOf(item), profileValues) : []),
    ];
    if (found.length > 0) {
      showErrors(found);
      return;
    }
    setErrors([]);
    summary.clear();
    save.mutate(
      {
        id: requisition.id,
        gearOrderId: order.id,
        version: order.version,
        ...answers,
        ...(profileFields.length > 0 ? { profileSpecificFields } : {}),
      },
      {
        onSuccess: (saved) => {
          if (!saved || typeof saved.id !== 'number') {
            setFailure(text.collectionSaveFailed);
            return;
          }
          onSaved(saved, then);
        },
        onError: (error) => {
          const result = saveFailure(error, text.collectionSaveFailed);
          if (result.fieldErrors.length > 0) showErrors(result.fieldErrors);
          setFailure(result.message);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit('next');
  };

  const disabled = locked || save.isPending;

  /** One field of the collection table (its value among the requisition's sampleCollectionData). */
  const collectionValueField = (field: InputField) => (
    <CollectionField
      key={field.id}
      field={field}
      value={state.values[field.id] ?? ''}
      error={valueErrors[field.id]}
      disabled={disabled}
      required={requiredIds.has(field.id)}
      onChange={(value) => setValue(field.id, value)}
    />
  );
  const rendered = new Set<string>();
  const fieldsOrGroups = shown.flatMap((field): (InputField | string)[] => {
    const group = groupOf(field);
    if (group !== COLLECTION_GROUPS.siboTable && group !== COLLECTION_GROUPS.collectionTimes) return [field];
    if (rendered.has(group)) return [];
    rendered.add(group);
    return [group];
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title2 requisition={requisition} />
        <CollectionInstructions productName={requisition.omsOrderableItemName} />
        <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />
        <Radio.Group
          label="Has the last sample been collected?"
          required
          value={state.lastSampleCollected === null ? '' : String(state.lastSampleCollected)}
          onChange={(value) => setState((current) => ({ ...current, lastSampleCollected: value === 'true' }))}
          error={fieldError('lastSampleCollected')}
        >
          <Group gap="md" mt={4}>
            <Radio value="true" label="Yes" disabled={disabled} />
            <Radio value="false" label="No" disabled={disabled} />
          </Group>
        </Radio.Group>
        {state.lastSampleCollected === false && (
          <Alert color="blue" title="Come back after collecting" role="status">
            Please return to this page once the last sample has been collected, and document the collection
            date.
          </Alert>
        )}
        {collected && (
          <Stack gap="md">
            <DateInput
              label="Date of last sample collection"
              description={`MM/DD/YYYY, from ${formatCalendarDateUs(dateWindow.earliest)} to ${formatCalendarDateUs(dateWindow.latest)}`}
              required
              value={state.date}
              onChange={(event) => {
                const date = event.currentTarget.value;
                setState((current) => ({ ...current, date }));
              }}
              error={fieldError('dateLastSampleCollected')}
              disabled={disabled}
              maw={240}
            />
            {fieldsOrGroups.map((entry) => {
              if (entry === COLLECTION_GROUPS.siboTable) {
                return (
                  <SiboTable
                    key={entry}
                    fields={shown.filter((field) => groupOf(field) === entry)}
                    panel={requisition.panel}
                    values={state.values}
                    errors={valueErrors}
                    requiredIds={requiredIds}
                    disabled={disabled}
                    onChange={setValue}
                  />
                );
              }
              if (entry === COLLECTION_GROUPS.collectionTimes) {
                return (
                  <Fieldset key={entry} legend="Collection Times">
                    {fieldError('collectionTimes') && (
                      <Text c="var(--mantine-color-error)" size="sm" mb="xs">
                        {fieldError('collectionTimes')}
                      </Text>
                    )}
                    <SimpleGrid cols={{ base: 1, sm: 3 }}>
                      {shown.filter((field) => groupOf(field) === entry).map(collectionValueField)}
                    </SimpleGrid>
                  </Fieldset>
                );
              }
              return collectionValueField(entry as InputField);
            })}
          </Stack>
        )}
        {profileFields.length > 0 && (
          <Fieldset legend="About this test">
            <Stack gap="sm">
              {profileFields.map((field) => (
                <CollectionField
                  key={field.id}
                  field={field}
                  value={state.profile[field.id] ?? ''}
                  error={profileErrors[field.id]}
                  disabled={disabled}
                  required={isFlagParam(field, INPUT_FIELD_PARAM.required)}
                  onChange={(value) =>
                    setState((current) => ({
                      ...current,
                      profile: { ...current.profile, [field.id]: value },
                    }))
                  }
                />
              ))}
            </Stack>
          </Fieldset>
        )}
        <CollectionNotesFields
          notes={state.notes}
          errors={{
            patientInstructions: fieldError('patientInstructions'),
            clinicalFindings: fieldError('clinicalFindings'),
            routeNumber: fieldError('routeNumber'),
          }}
          editable={editableNotes}
          disabled={disabled}
          onChange={(notes) => setState((current) => ({ ...current, notes }))}
        />
        <CollectionButtons
          failure={failure}
          onBack={onBack}
          saving={save.isPending}
          onAddAnother={offerAddAnother ? () => submit('addAnother') : undefined}
        />
      </Stack>
    </form>
  );
}

/** 'titled with the requisition title' (spec 2 §2): the product, and the requisition number when it has one. */
export function Title2({ requisition }: { requisition: Requisition }) {
  return (
    <Text component="h2" fw={700} size="xl" m={0}>
      {requisition.omsOrderableItemName}
      {requisition.reqNumber ? ` (Requisition ${requisition.reqNumber})` : ''}
    </Text>
  );
}
