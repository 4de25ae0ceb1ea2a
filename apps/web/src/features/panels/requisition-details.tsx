import {
  cptQuantityBounds,
  formatActivationNumber,
  formatRequisitionNumber,
  MESSAGES,
  RESUBMITTAL_ID_FIELD_ID,
  RESUBMITTAL_ID_MAX_LENGTH,
} from '@gear/domain';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMessages } from '../../api/context.tsx';
import { MedicalNecessityAcknowledgement } from '../../components/medical-necessity-acknowledgement.tsx';
import { WholeNumberInput } from '../../components/whole-number-input.tsx';
import { PrintIcon } from './icons.tsx';
import classes from './panels.module.css';
import { PatientInstructions, ProfileSpecificFields } from './requisition-detail-fields.tsx';
import { setCptQuantity, toggleComponent, togglePanel } from './selection.ts';
import { type RequisitionDetailsProps, useRequisitionDetails } from './use-requisition-details.ts';

export type { RequisitionDetailsProps } from './use-requisition-details.ts';

/**
 * spec 1 §2.6 'Requisition details': the profile list with panel checkboxes and their components, the add-ons (with
 * the exclusion warning and, on Medicare orders, CPT quantities), the price display toggle, print to PDF,
 * profile-specific sections, the resubmittal id, patient instructions and the medical-necessity acknowledgement.
 */
export function RequisitionDetails(props: RequisitionDetailsProps) {
  const { item, selection, onChange, errors, practitionerUser, medicare, disabled } = props;
  const variant = props.variant ?? 'full';
  const text = useMessages();
  const details = useRequisitionDetails(props);
  const { profiles, addOns, testsDisabled, displayOnly, price, priceNote, instructions, showPrices, prices } =
    details;

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
            onChange={(event) => details.togglePrices(event.currentTarget.checked)}
          />
          <Button
            variant="default"
            size="xs"
            leftSection={<PrintIcon />}
            onClick={() => void details.print()}
          >
            Print selections
          </Button>
        </Group>
      )}
      {showPrices && prices.isError && (
        <Alert color="red" role="alert">
          {`${text.priceFailure}${MESSAGES.priceFailureFeeScheduleSuffix}`}
        </Alert>
      )}
      {details.printError && (
        <Alert color="red" role="alert">
          {details.printError}
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
                    onChange={() => details.toggleAddOn(addOn)}
                  />
                  {chosen && medicare && (
                    <WholeNumberInput
                      aria-label={`CPT quantity for ${addOn.name}`}
                      size="xs"
                      w={72}
                      min={cptQuantityBounds(addOn).min}
                      max={cptQuantityBounds(addOn).max}
                      disabled={testsDisabled}
                      value={chosen.cptQuantity ?? cptQuantityBounds(addOn).max}
                      onChange={(quantity) => {
                        if (quantity !== '' && quantity >= 1) {
                          onChange(setCptQuantity(selection, addOn.id, quantity));
                        }
                      }}
                    />
                  )}
                </Group>
              );
            })}
            {details.addOnWarning && (
              <Alert color="yellow" role="alert">
                {details.addOnWarning}
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

      {practitionerUser && variant !== 'profile' && (
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
