import {
  cardFieldErrors,
  type FieldError,
  formatCents,
  labToday,
  PITL_REPLACEMENT_FEE_CENTS,
  PITL_TRANSFER_FEE_CENTS,
  type PitlRecollectionOrderSummary,
  type PitlTransferRequest,
  patientInfoSchema,
  preselectedPacks,
  type SavedOrder,
  transferablePacks,
  transferPackErrors,
  validatePatient,
} from '@gear/domain';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { fieldMessages } from '../../api/field-errors.ts';
import { useTransferPacks } from '../../api/pitl.ts';
import { usePayRecollectionPack } from '../../api/recollect.ts';
import { CardForm, cardSummaryErrors, EMPTY_CARD } from '../../components/card-form.tsx';
import { DateInput } from '../../components/date-input.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ErrorSummary, type SummaryError, useErrorSummary } from '../../components/error-summary.tsx';
import { StateInput } from '../../components/region-inputs.tsx';

const NUTRITIONAL = 'Nutritional';

const messageOf = (errors: readonly FieldError[], field: string) =>
  errors.find((error) => error.field === field)?.defaultMessage;

/** The names people read for the transfer's fields (packs and the new patient), in the form's order. */
const TRANSFER_LABELS: Record<string, string> = {
  gearReqIds: 'Collection packs to transfer',
  'newPatient.nameFirst': 'First name',
  'newPatient.nameLast': 'Last name',
  'newPatient.dateOfBirth': 'Date of birth',
  'newPatient.gender': 'Sex',
  'newPatient.email': 'Email',
  'newPatient.voicePhone': 'Cell phone',
  'newPatient.address1': 'Street address',
  'newPatient.city': 'City',
  'newPatient.state': 'State',
  'newPatient.zipCode': 'Zip code',
};

/** A transfer error named as the form names its control: the pack list, `newPatient.<field>` or the card's. */
const transferFieldOf = (field: string) =>
  field.startsWith('gearReqIds')
    ? 'gearReqIds'
    : field.replace('newPatient.addresses.shipping.', 'newPatient.');

/** The transfer's messages as its error summary lists them: the packs and the new patient's, then the card's. */
function transferSummaryErrors(errors: readonly FieldError[]): SummaryError[] {
  const listed = new Set<string>();
  const others = errors.flatMap((error) => {
    const field = transferFieldOf(error.field);
    if (field.startsWith('card.') || listed.has(field)) return [];
    listed.add(field);
    return [{ field, label: TRANSFER_LABELS[field] ?? '', message: error.defaultMessage }];
  });
  return [...others, ...cardSummaryErrors(fieldMessages(errors), { prefix: 'card.' })];
}

/** What the PITL panels read of the order (decisions 0290, 0293): all of it is on the order itself. */
interface PitlFacts {
  summary: PitlRecollectionOrderSummary;
  /** The recollection orders in the summary's map, one row each with the tests they replace. */
  replacements: { recollectionOrderId: number; gearReqIds: number[] }[];
  eligibleGearReqIds: number[];
  preselectedGearReqIds: number[];
}

function pitlFactsOf(order: SavedOrder): PitlFacts | null {
  const summary = order.pitlRecollectionOrderSummary;
  if (!summary) return null;
  const map = Object.fromEntries(
    Object.entries(summary.gearReqRecollectionMap).map(([gearReqId, to]) => [Number(gearReqId), to]),
  );
  const replacements = new Map<number, number[]>();
  for (const [gearReqId, to] of Object.entries(map))
    replacements.set(to, [...(replacements.get(to) ?? []), Number(gearReqId)]);
  const eligible = transferablePacks({ ...order, canceled: order.canceled ?? false }, map);
  return {
    summary,
    replacements: [...replacements].map(([recollectionOrderId, gearReqIds]) => ({
      recollectionOrderId,
      gearReqIds,
    })),
    eligibleGearReqIds: eligible,
    preselectedGearReqIds: preselectedPacks(eligible),
  };
}

/** The PITL panels of the order status page (spec 3 §1 PITL; decisions 0290, 0293), from the order as read. */
export function PitlPanels({ order }: { order: SavedOrder }) {
  // The payment lives here, not in the section: once paid the order read afresh is no longer pending, and the
  // section stays (the payment succeeded) to say so and lead back to the order.
  const pay = usePayRecollectionPack();
  const facts = pitlFactsOf(order);
  if (!facts) return null;
  return (
    <>
      {(facts.summary.recollectionPending || pay.isSuccess) && (
        <RecollectionSummary order={order} facts={facts} pay={pay} />
      )}
      <TransferPacks order={order} facts={facts} />
    </>
  );
}

/**
 * spec 3 §3 pitlRecollectionOrderSummary: a recollection pending; when payment is required the patient pays the $40
 * replacement fee ('Replacement Fee' column) through the one recollection-pack payment, then 'Return to Order'.
 */
function RecollectionSummary({
  order,
  facts,
  pay,
}: {
  order: SavedOrder;
  facts: PitlFacts;
  pay: ReturnType<typeof usePayRecollectionPack>;
}) {
  const [card, setCard] = useState(EMPTY_CARD);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const summary = useErrorSummary();
  const nameOf = (gearReqIds: readonly number[]) =>
    order.requisitions
      .filter((requisition) => gearReqIds.includes(requisition.id))
      .map((requisition) => requisition.omsOrderableItemName ?? '')
      .join(', ');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found = cardFieldErrors(card, { international: false, prefix: 'card.' });
    setErrors(found);
    summary.show(cardSummaryErrors(fieldMessages(found), { prefix: 'card.' }));
    if (found.length > 0) return;
    pay.mutate({
      orderId: order.id,
      version: order.version,
      dateOfBirth: order.patientInfo?.dateOfBirth ?? null,
      recollectionOrderId: null,
      card,
    });
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="pitl-recollection">
      <Stack gap="sm">
        <Title order={2} size="h3" id="pitl-recollection">
          Recollection pending
        </Title>
        {facts.summary.paymentRequired && facts.replacements.length > 0 && !pay.isSuccess ? (
          <form onSubmit={submit} noValidate aria-label="Pay the replacement fee">
            <Stack gap="sm">
              <Text>A replacement collection pack is ready to be sent once its fee is paid.</Text>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Test</Table.Th>
                    <Table.Th>Replacement Fee</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {facts.replacements.map((replacement) => (
                    <Table.Tr key={replacement.recollectionOrderId}>
                      <Table.Td>{nameOf(replacement.gearReqIds)}</Table.Td>
                      <Table.Td>{formatCents(PITL_REPLACEMENT_FEE_CENTS)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <CardForm
                card={card}
                errors={fieldMessages(errors)}
                prefix="card."
                summary={summary}
                onChange={setCard}
              />
              <ErrorAlert
                message={pay.error ? (isApiError(pay.error) ? pay.error.message : String(pay.error)) : null}
              />
              <Group>
                <Button type="submit" mih={44} loading={pay.isPending}>
                  Pay Replacement Fee
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Text role="status">Your replacement collection pack is on its way; nothing is due.</Text>
        )}
        <Group>
          <Button component={Link} to={`/order/${order.id}`} variant="default" mih={44}>
            Return to Order
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

interface NewPatientForm {
  nameFirst: string;
  nameLast: string;
  dateOfBirth: string;
  gender: string | null;
  email: string;
  voicePhone: string;
  address1: string;
  city: string;
  state: string;
  zipCode: string;
}

const EMPTY_PATIENT: NewPatientForm = {
  nameFirst: '',
  nameLast: '',
  dateOfBirth: '',
  gender: null,
  email: '',
  voicePhone: '',
  address1: '',
  city: '',
  state: '',
  zipCode: '',
};

const newPatientOf = (form: NewPatientForm): PitlTransferRequest['newPatient'] => ({
  nameFirst: form.nameFirst,
  nameLast: form.nameLast,
  dateOfBirth: form.dateOfBirth,
  gender: form.gender,
  email: form.email,
  voicePhone: form.voicePhone,
  addresses: [
    {
      type: 'shipping',
      address1: form.address1,
      city: form.city,
      state: form.state,
      zipCode: form.zipCode,
      country: 'United States',
      voicePhone: form.voicePhone,
    },
  ],
});

/**
 * spec 3 §4 Transfer: the 'Transfer Collection Packs' modal (at least one pack; a single eligible pack preselected),
 * the new patient's form, the $15 physician transfer fee by card, and the Success screen with the link to
 * /connect/{transferredOrderId}. The rules are the domain's, as on the server (decision 0290).
 */
function TransferPacks({ order, facts }: { order: SavedOrder; facts: PitlFacts }) {
  const transfer = useTransferPacks();
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<number[]>(facts.preselectedGearReqIds);
  const [patient, setPatient] = useState(EMPTY_PATIENT);
  const [card, setCard] = useState(EMPTY_CARD);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [transferredOrderId, setTransferredOrderId] = useState<number | null>(null);
  const summary = useErrorSummary();
  /** Each message beside its field and in the summary at the top of the form (issue 15, decision 0332). */
  const showErrors = (found: FieldError[]) => {
    setErrors(found);
    summary.show(transferSummaryErrors(found));
  };
  const eligible = order.requisitions.filter((requisition) =>
    facts.eligibleGearReqIds.includes(requisition.id),
  );
  const open = () => {
    setChosen(facts.preselectedGearReqIds);
    setErrors([]);
    summary.clear();
    setTransferredOrderId(null);
    transfer.reset();
    setOpened(true);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const newPatient = newPatientOf(patient);
    const parsed = patientInfoSchema.safeParse(newPatient);
    const moved = eligible.filter((pack) => chosen.includes(pack.id));
    const patientErrors = parsed.success
      ? validatePatient(parsed.data, {
          today: labToday(),
          userType: 'prc',
          dropShip: false,
          covid: false,
          pitl: true,
          dataConfirmed: false,
          capAuthorized: false,
          reqLayoutId: null,
          hrsaBilling: false,
          nutritional: moved.some((pack) => pack.omsOrderableItemCategory === NUTRITIONAL),
          ageConfirmed: false,
        }).map((error) => ({ ...error, field: `newPatient.${error.field}` }))
      : [{ field: 'newPatient.dateOfBirth', defaultMessage: 'Please provide a date of birth.' }];
    const found = [
      ...transferPackErrors({ gearReqIds: chosen }, facts.eligibleGearReqIds),
      ...patientErrors,
      ...cardFieldErrors(card, { international: false, prefix: 'card.' }),
    ];
    showErrors(found);
    if (found.length > 0) return;
    transfer.mutate(
      {
        orderId: order.id,
        version: order.version,
        dateOfBirth: order.patientInfo?.dateOfBirth ?? null,
        gearReqIds: chosen,
        newPatient,
        card,
      },
      {
        onSuccess: (answer) => setTransferredOrderId(answer.transferredOrderId),
        onError: (error) => {
          if (isApiError(error)) showErrors(error.fieldErrors);
        },
      },
    );
  };
  const patientField = (name: keyof NewPatientForm, label: string, autoComplete: string, type = 'text') => (
    <TextInput
      label={label}
      name={`newPatient.${name}`}
      type={type}
      value={patient[name] ?? ''}
      onChange={(event) => setPatient({ ...patient, [name]: event.currentTarget.value })}
      error={
        messageOf(errors, `newPatient.${name}`) ?? messageOf(errors, `newPatient.addresses.shipping.${name}`)
      }
      autoComplete={autoComplete}
      size="md"
      required
    />
  );
  // The modal stays once the last pack is gone, so its Success screen shows.
  return (
    <>
      {facts.eligibleGearReqIds.length > 0 && (
        <Paper withBorder p="md" component="section" aria-labelledby="pitl-transfer">
          <Stack gap="sm">
            <Title order={2} size="h3" id="pitl-transfer">
              Unused collection packs
            </Title>
            <Text>
              Collection packs not used yet may go to another patient for a{' '}
              {formatCents(PITL_TRANSFER_FEE_CENTS)} physician transfer fee.
            </Text>
            <Group>
              <Button mih={44} onClick={open}>
                Transfer Collection Packs
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Transfer Collection Packs"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {transferredOrderId !== null ? (
          <Stack gap="sm" role="status">
            <Title order={3}>Success</Title>
            <Text>
              The collection packs were transferred. The new patient opens their order with their date of
              birth and zip code:
            </Text>
            <Anchor component={Link} to={`/connect/${transferredOrderId}`}>
              Open order {transferredOrderId}
            </Anchor>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Transfer collection packs">
            <Stack gap="md">
              <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />
              <Checkbox.Group
                label="Collection packs to transfer"
                value={chosen.map(String)}
                onChange={(values) => setChosen(values.map(Number))}
                error={
                  messageOf(errors, 'gearReqIds') ??
                  errors.find((e) => e.field.startsWith('gearReqIds.'))?.defaultMessage
                }
              >
                <Stack gap="xs" mt="xs">
                  {eligible.map((pack) => (
                    <Checkbox
                      key={pack.id}
                      value={String(pack.id)}
                      label={`${pack.omsOrderableItemName}${pack.reqNumber ? ` (requisition ${pack.reqNumber})` : ''}`}
                      size="md"
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
              <Title order={3} size="h4">
                The new patient
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {patientField('nameFirst', 'First name', 'off')}
                {patientField('nameLast', 'Last name', 'off')}
                <DateInput
                  label="Date of birth"
                  name="newPatient.dateOfBirth"
                  value={patient.dateOfBirth}
                  onChange={(event) => setPatient({ ...patient, dateOfBirth: event.currentTarget.value })}
                  error={messageOf(errors, 'newPatient.dateOfBirth')}
                  autoComplete="off"
                  size="md"
                  required
                />
                <NativeSelect
                  label="Sex"
                  name="newPatient.gender"
                  data={[
                    { value: '', label: 'Choose' },
                    { value: 'F', label: 'Female' },
                    { value: 'M', label: 'Male' },
                  ]}
                  value={patient.gender ?? ''}
                  onChange={(event) => setPatient({ ...patient, gender: event.currentTarget.value || null })}
                  error={messageOf(errors, 'newPatient.gender')}
                  size="md"
                  required
                />
                {patientField('email', 'Email', 'off', 'email')}
                {patientField('voicePhone', 'Cell phone', 'off', 'tel')}
                {patientField('address1', 'Street address', 'off')}
                {patientField('city', 'City', 'off')}
                <StateInput
                  label="State"
                  name="newPatient.state"
                  value={patient.state}
                  onChange={(event) => setPatient({ ...patient, state: event.currentTarget.value })}
                  error={messageOf(errors, 'newPatient.addresses.shipping.state')}
                  size="md"
                  required
                />
                {patientField('zipCode', 'Zip code', 'off')}
              </SimpleGrid>
              <Title order={3} size="h4">
                Physician transfer fee
              </Title>
              <CardForm card={card} errors={fieldMessages(errors)} prefix="card." onChange={setCard} />
              <Text fw={600} data-testid="transfer-total">
                Total {formatCents(PITL_TRANSFER_FEE_CENTS)}
              </Text>
              <ErrorAlert
                message={transfer.error && isApiError(transfer.error) ? transfer.error.message : null}
              />
              <Group>
                <Button type="submit" mih={44} loading={transfer.isPending}>
                  Transfer and Pay {formatCents(PITL_TRANSFER_FEE_CENTS)}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
