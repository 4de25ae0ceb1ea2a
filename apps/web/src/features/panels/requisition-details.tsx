import {
  cptQuantityBounds,
  formatActivationNumber,
  formatRequisitionNumber,
  type InputField,
  MESSAGES,
  type OrderableItem,
  PATIENT_INSTRUCTIONS_MAX_LENGTH,
  RESUBMITTAL_ID_FIELD_ID,
  RESUBMITTAL_ID_MAX_LENGTH,
  selectableProfiles,
  visibleAddOns,
} from '@gear/domain';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { logUiAction, usePreviousInstructions, usePriceMap } from '../../api/catalogue.ts';
import { useApi, useMessages } from '../../api/context.tsx';
import { MedicalNecessityAcknowledgement } from '../../components/medical-necessity-acknowledgement.tsx';
import { PrintIcon } from './icons.tsx';
import classes from './panels.module.css';
import { printTestSelection } from './print-selection.ts';
import {
  isProfileFieldShown,
  type ProfileField,
  profileFields,
  type SelectionErrors,
  setCptQuantity,
  type TestSelection,
  toggleAddOn,
  toggleComponent,
  togglePanel,
} from './selection.ts';

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
  /** The Customize modal of a bulk line edits only panel, components, add-ons and patient instructions. */
  variant?: 'full' | 'customize';
}

const money = (cents: number | undefined) => (cents === undefined ? null : `$${(cents / 100).toFixed(2)}`);

/**
 * spec 1 §2.6 'Requisition details': the profile list with panel checkboxes and their components, the add-ons (with
 * the exclusion warning and, on Medicare orders, CPT quantities), the price display toggle, print to PDF,
 * profile-specific sections, the resubmittal id, patient instructions and the medical-necessity acknowledgement.
 */
export function RequisitionDetails(props: RequisitionDetailsProps) {
  const { item, selection, onChange, errors, practitionerUser, medicare, disabled } = props;
  const variant = props.variant ?? 'full';
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
    const chosen = (field: InputField) =>
      selection.components.includes(field.id) || selection.addons.some((a) => a.omsInputFieldID === field.id);
    const panel = item.profileList.find((p) => p.id === selection.panel);
    try {
      await printTestSelection({
        title: item.name,
        subtitle: [
          props.reqNumber ? `Requisition ${formatRequisitionNumber(props.reqNumber)}` : null,
          props.activationCode ? `Activation number ${formatActivationNumber(props.activationCode)}` : null,
        ]
          .filter(Boolean)
          .join(' · '),
        sections: [
          {
            heading: panel ? panel.name : 'Tests',
            lines: profiles
              .flatMap((p) => p.profileComponents)
              .filter(chosen)
              .map((c) => c.name),
          },
          { heading: 'Add-ons', lines: addOns.filter(chosen).map((a) => a.name) },
          ...(selection.patientInstructions.trim()
            ? [{ heading: 'Patient instructions', lines: [selection.patientInstructions.trim()] }]
            : []),
        ].filter((s) => s.lines.length > 0),
        paper: 'a3',
      });
    } catch {
      setPrintError(text.unexpectedError);
    }
  };

  return (
    <Stack gap="md">
      {variant === 'full' && (
        <Stack gap={2}>
          <Title order={2} size="h3">
            {item.name}
          </Title>
          {(props.reqNumber || props.activationCode) && (
            <Text size="sm">
              {props.reqNumber && `Requisition ${formatRequisitionNumber(props.reqNumber)}`}
              {props.reqNumber && props.activationCode && ' · '}
              {props.activationCode && `Activation number ${formatActivationNumber(props.activationCode)}`}
            </Text>
          )}
          {price('item') && <Text size="sm">Patient pay {price('item')}</Text>}
        </Stack>
      )}
      {variant === 'full' && item.notice && (
        <Alert color="blue" role="note">
          {item.notice}
        </Alert>
      )}
      {variant === 'full' && item.nutritional && (
        <Alert color="yellow" role="note">
          {MESSAGES.nutritionalUnderTwo}
        </Alert>
      )}
      {props.testsLocked && (
        <Text size="sm">
          The tests of this requisition were chosen by your provider and cannot be changed.
        </Text>
      )}
      {practitionerUser && variant === 'full' && (
        <Group justify="space-between">
          <Switch
            label="Display pricing"
            checked={showPrices}
            onChange={(event) => togglePrices(event.currentTarget.checked)}
          />
          <Button variant="default" size="xs" leftSection={<PrintIcon />} onClick={() => void print()}>
            Print selections
          </Button>
        </Group>
      )}
      {showPrices && prices.isError && (
        <Alert color="red" role="alert">
          {`${text.priceFailure}${MESSAGES.priceFailureFeeScheduleSuffix}`}
        </Alert>
      )}
      {printError && (
        <Alert color="red" role="alert">
          {printError}
        </Alert>
      )}

      <Fieldset legend="Tests" aria-describedby={errors.test ? 'tests-error' : undefined}>
        <Stack gap="xs">
          {profiles.map((profile) => (
            <Stack key={profile.id} gap={4}>
              <Checkbox
                label={profile.name}
                description={priceNote(profile.id)}
                styles={{ label: { fontWeight: 600 } }}
                checked={selection.panel === profile.id}
                disabled={testsDisabled}
                onChange={(event) =>
                  onChange(togglePanel(selection, item, profile, event.currentTarget.checked))
                }
              />
              <Stack gap={4} className={classes.indented}>
                {profile.profileComponents.map((component) => (
                  <Checkbox
                    key={component.id}
                    size="xs"
                    label={component.name}
                    description={priceNote(component.id)}
                    checked={selection.components.includes(component.id)}
                    disabled={testsDisabled}
                    onChange={(event) =>
                      onChange(toggleComponent(selection, item, component.id, event.currentTarget.checked))
                    }
                  />
                ))}
              </Stack>
            </Stack>
          ))}
          {displayOnly && <Text size="sm">Profile selected: {displayOnly.name}</Text>}
          {errors.test && (
            <Text c="var(--mantine-color-error)" size="sm" id="tests-error" role="alert">
              {errors.test}
            </Text>
          )}
        </Stack>
      </Fieldset>

      {addOns.length > 0 && (
        <Fieldset legend="Add-ons">
          <Stack gap="xs">
            {addOns.map((addOn) => {
              const chosen = selection.addons.find((a) => a.omsInputFieldID === addOn.id);
              return (
                <Group key={addOn.id} gap="md" wrap="nowrap" align="center">
                  <Checkbox
                    label={addOn.name}
                    description={
                      [addOn.disclaimer, priceNote(addOn.id)].filter(Boolean).join(' ') || undefined
                    }
                    checked={Boolean(chosen)}
                    disabled={testsDisabled}
                    onChange={() => {
                      const result = toggleAddOn(selection, addOn, medicare);
                      setAddOnWarning(result.warning);
                      onChange(result.selection);
                    }}
                  />
                  {chosen && medicare && (
                    <NumberInput
                      aria-label={`CPT quantity for ${addOn.name}`}
                      size="xs"
                      w={72}
                      min={cptQuantityBounds(addOn).min}
                      max={cptQuantityBounds(addOn).max}
                      clampBehavior="strict"
                      allowDecimal={false}
                      allowNegative={false}
                      disabled={testsDisabled}
                      value={chosen.cptQuantity ?? cptQuantityBounds(addOn).max}
                      onChange={(value) => {
                        const quantity = typeof value === 'number' ? value : Number.parseInt(value, 10);
                        if (Number.isFinite(quantity) && quantity >= 1) {
                          onChange(setCptQuantity(selection, addOn.id, quantity));
                        }
                      }}
                    />
                  )}
                </Group>
              );
            })}
            {addOnWarning && (
              <Alert color="yellow" role="alert">
                {addOnWarning}
              </Alert>
            )}
          </Stack>
        </Fieldset>
      )}

      {variant === 'full' && (
        <ProfileSpecificFields
          item={item}
          selection={selection}
          onChange={onChange}
          errors={errors}
          disabled={disabled}
        />
      )}

      {variant === 'full' && instructions.length > 0 && (
        <Stack gap={4}>
          {instructions.map((field) => (
            <Text key={field.id} size="sm">
              <strong>{field.name}:</strong> {field.disclaimer}
            </Text>
          ))}
        </Stack>
      )}

      {practitionerUser && variant === 'full' && (
        <TextInput
          label="Resubmittal ID"
          description={
            item.inputFields.find((f) => f.id === RESUBMITTAL_ID_FIELD_ID)?.disclaimer ??
            'The accession number of the earlier specimen when this requisition re-submits a test.'
          }
          maxLength={RESUBMITTAL_ID_MAX_LENGTH}
          value={selection.resubmittalId}
          disabled={disabled}
          onChange={(event) => onChange({ ...selection, resubmittalId: event.currentTarget.value })}
          maw={360}
        />
      )}

      {practitionerUser && (
        <PatientInstructions
          gsdlNo={props.gsdlNo}
          itemId={item.id}
          value={selection.patientInstructions}
          disabled={disabled}
          onChange={(patientInstructions) => onChange({ ...selection, patientInstructions })}
        />
      )}

      {practitionerUser && medicare && variant === 'full' && (
        <MedicalNecessityAcknowledgement
          checked={selection.medicalNecessity}
          disabled={disabled}
          error={errors.medicalNecessity}
          onChange={(medicalNecessity) => onChange({ ...selection, medicalNecessity })}
        />
      )}
    </Stack>
  );
}

function PatientInstructions({
  gsdlNo,
  itemId,
  value,
  disabled,
  onChange,
}: {
  gsdlNo: string | null;
  itemId: number;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const previous = usePreviousInstructions(gsdlNo, itemId);
  const earlier = (previous.data ?? []).filter((text) => text.trim());
  return (
    <Stack gap="xs">
      {earlier.length > 0 && (
        <NativeSelect
          label="Use earlier patient instructions"
          disabled={disabled}
          value=""
          data={[
            { value: '', label: 'Choose earlier instructions…' },
            ...earlier.map((text, index) => ({
              value: String(index),
              label: text.length > 80 ? `${text.slice(0, 77)}…` : text,
            })),
          ]}
          onChange={(event) => {
            const chosen = earlier[Number(event.currentTarget.value)];
            if (event.currentTarget.value !== '' && chosen !== undefined) {
              onChange(chosen.slice(0, PATIENT_INSTRUCTIONS_MAX_LENGTH));
            }
          }}
          maw={480}
        />
      )}
      <Textarea
        label="Patient Instructions"
        description={`${value.length}/${PATIENT_INSTRUCTIONS_MAX_LENGTH} characters`}
        maxLength={PATIENT_INSTRUCTIONS_MAX_LENGTH}
        rows={4}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value.slice(0, PATIENT_INSTRUCTIONS_MAX_LENGTH))}
      />
    </Stack>
  );
}

/** spec 1 §2.6 'Profile-specific sections', rendered from the item's input fields (type, options, limits). */
function ProfileSpecificFields({
  item,
  selection,
  onChange,
  errors,
  disabled,
}: {
  item: OrderableItem;
  selection: TestSelection;
  onChange: (selection: TestSelection) => void;
  errors: SelectionErrors;
  disabled: boolean;
}) {
  const fields = profileFields(item).filter((f) => isProfileFieldShown(f, selection));
  if (fields.length === 0) return null;
  const set = (id: number, value: string) =>
    onChange({ ...selection, fields: { ...selection.fields, [id]: value } });
  return (
    <Fieldset legend="About this test">
      <Stack gap="sm">
        {fields.map((f) => (
          <ProfileFieldInput
            key={f.field.id}
            field={f}
            value={selection.fields[f.field.id] ?? ''}
            error={errors.fields[f.field.id]}
            disabled={disabled}
            onChange={(value) => set(f.field.id, value)}
          />
        ))}
      </Stack>
    </Fieldset>
  );
}

function ProfileFieldInput({
  field: f,
  value,
  error,
  disabled,
  onChange,
}: {
  field: ProfileField;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const common = {
    label: f.field.name,
    description: f.field.disclaimer ?? undefined,
    error,
    disabled,
    required: f.required,
  };
  if (f.control === 'radio' || f.control === 'checkbox') {
    const options =
      f.options.length > 0
        ? f.options
        : [
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ];
    return (
      <Radio.Group {...common} value={value} onChange={onChange}>
        <Group gap="md" mt={4}>
          {options.map((option) => (
            <Radio key={option.value} value={option.value} label={option.label} disabled={disabled} />
          ))}
        </Group>
      </Radio.Group>
    );
  }
  if (f.control === 'select') {
    return (
      <NativeSelect
        {...common}
        value={value}
        data={[{ value: '', label: 'Choose…' }, ...f.options]}
        onChange={(event) => onChange(event.currentTarget.value)}
        maw={360}
      />
    );
  }
  return (
    <TextInput
      {...common}
      value={value}
      maxLength={f.maxLength}
      placeholder={f.placeholder}
      inputMode={f.control === 'date' ? 'numeric' : undefined}
      onChange={(event) => onChange(event.currentTarget.value.slice(0, f.maxLength ?? undefined))}
      maw={f.control === 'date' ? 180 : 360}
    />
  );
}
