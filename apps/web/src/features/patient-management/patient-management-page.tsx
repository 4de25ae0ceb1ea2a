import {
  isAdmin,
  type ManagedPatient,
  MESSAGES,
  PATIENT_MANAGEMENT_MESSAGES,
  type PatientDeleteAnswer,
  type UserInfo,
} from '@gear/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Container,
  Group,
  List,
  Loader,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Fragment, useEffect, useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { useDeletePatients, useExportPatients, usePatientList } from '../../api/patient-management.ts';
import {
  usePatientStatusEmails,
  usePractitionerOptions,
  useSavePatientStatusEmails,
} from '../../api/practitioners.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { useCurrentUser } from '../../services/app-services.tsx';
import { downloadFile } from './download.ts';
import { PatientDetails } from './patient-details.tsx';
import { PatientFileImport } from './patient-file-import.tsx';

const PAGE_SIZE = 25;

/**
 * A failed load: a practitioner the admin typed who does not exist is named, and so is a page whose first patient is
 * gone (decision 0273); anything else is spec 3 §8's error.
 */
const loadMessage = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400) && error.serverMessage
    ? error.serverMessage
    : PATIENT_MANAGEMENT_MESSAGES.loadFailed;

/** spec 3 §2 'Patient Management': the practitioner's (or, for admins, any GSDLNO's) patient list. */
export function PatientManagementPage() {
  const user = useCurrentUser() as UserInfo;
  const admin = isAdmin(user);
  const options = usePractitionerOptions();
  const [chosen, setChosen] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [typedGsdlNo] = useDebouncedValue(typed.trim(), 400);
  const firstOption = options.data?.[0]?.gsdlNo ?? null;
  const gsdlNo = admin && typedGsdlNo !== '' ? typedGsdlNo : (chosen ?? firstOption);

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        <Title order={1}>Patient Management</Title>
        {user.type === 'prc' ? (
          <ErrorAlert message={MESSAGES.forbidden} />
        ) : (
          <>
            <Group align="flex-end" gap="md">
              {(options.data?.length ?? 0) > 0 && (
                <Select
                  label="Practitioner"
                  data={(options.data ?? []).map((p) => ({
                    value: p.gsdlNo,
                    label: `${p.firstName} ${p.lastName}, ${p.degree}${admin ? ` (${p.gsdlNo})` : ''}`,
                  }))}
                  value={chosen ?? firstOption}
                  onChange={setChosen}
                  allowDeselect={false}
                  w={320}
                />
              )}
              {admin && (
                <TextInput
                  label="GSDLNO"
                  description="Any practitioner's number"
                  maxLength={5}
                  value={typed}
                  onChange={(event) => setTyped(event.currentTarget.value.toUpperCase())}
                  w={160}
                />
              )}
            </Group>
            {options.isError && <ErrorAlert message={PATIENT_MANAGEMENT_MESSAGES.loadFailed} />}
            {gsdlNo ? (
              <PractitionerPatients key={gsdlNo} gsdlNo={gsdlNo} />
            ) : (
              options.isSuccess && (
                <Text>
                  {admin
                    ? 'Enter a GSDLNO to see that practitioner’s patients.'
                    : PATIENT_MANAGEMENT_MESSAGES.noPatients}
                </Text>
              )
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

const fullName = (patient: ManagedPatient) =>
  `${patient.gearPatient.nameFirst} ${patient.gearPatient.nameLast}`;

/**
 * The practitioner's choice of patient status emails (issue 17, beyond the spec; decision 0301): on by default; the
 * emails say what happened and link the order, never what was tested or found.
 */
function PatientEmailsSetting({ gsdlNo }: { gsdlNo: string }) {
  const setting = usePatientStatusEmails(gsdlNo);
  const save = useSavePatientStatusEmails(gsdlNo);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="patient-emails-heading">
      <Stack gap="xs">
        <Title order={2} size="h4" id="patient-emails-heading">
          Patient emails
        </Title>
        {setting.data ? (
          <Switch
            label="Email my patients when their collection pack ships, when a new sample is needed and when an update on their order is ready"
            description="The emails link to the order and name no test or result."
            checked={setting.data.patientStatusEmails}
            disabled={save.isPending}
            onChange={(event) => save.mutate(event.currentTarget.checked)}
          />
        ) : setting.isError ? (
          <Text role="alert">An unexpected error has occurred.</Text>
        ) : (
          <Loader size="sm" role="status" aria-label="Loading the patient email setting" />
        )}
        {save.isError && (
          <Text role="alert" c="red.9">
            The setting was not saved. Please try again.
          </Text>
        )}
        {save.isSuccess && (
          <Text role="status" size="sm">
            Saved.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function PractitionerPatients({ gsdlNo }: { gsdlNo: string }) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  // The last patient of each earlier page: the next page starts after the last one (keyset paging, decision 0273).
  const [starts, setStarts] = useState<number[]>([]);
  const offset = starts.length * PAGE_SIZE;
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ answer: PatientDeleteAnswer; names: Map<number, string> } | null>(
    null,
  );
  const list = usePatientList(gsdlNo, query, starts.at(-1) ?? null, PAGE_SIZE);
  const remove = useDeletePatients();
  const exporter = useExportPatients();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at its first page
  useEffect(() => setStarts([]), [query]);

  const rows = (list.data ?? []).slice(0, PAGE_SIZE);
  const hasNext = (list.data?.length ?? 0) > PAGE_SIZE;
  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const toggle = (patient: ManagedPatient) =>
    setSelected((was) => {
      const next = new Map(was);
      if (next.has(patient.id)) next.delete(patient.id);
      else next.set(patient.id, fullName(patient));
      return next;
    });
  const toggleAll = () =>
    setSelected((was) => {
      const next = new Map(was);
      for (const row of rows) {
        if (allOnPage) next.delete(row.id);
        else next.set(row.id, fullName(row));
      }
      return next;
    });
  const toggleOpen = (id: number) =>
    setOpen((was) => {
      const next = new Set(was);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const deleteSelected = () =>
    remove.mutate(
      { [gsdlNo]: [...selected.keys()] },
      {
        onSuccess: (answer) => {
          setOutcome({ answer, names: new Map(selected) });
          setSelected(new Map());
          setConfirming(false);
        },
        onError: () => setConfirming(false),
      },
    );
  const exportList = () =>
    exporter.mutate({ gsdlNo, query }, { onSuccess: (blob) => downloadFile(`patients-${gsdlNo}.csv`, blob) });

  return (
    <Stack gap="md">
      <PatientEmailsSetting gsdlNo={gsdlNo} />
      <PatientFileImport gsdlNo={gsdlNo} />
      <Group align="flex-end" justify="space-between" gap="md">
        <TextInput
          label="Search patients"
          description="Name and/or date of birth (YYYY-MM-DD or MM/DD/YYYY)"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={100}
          w={{ base: '100%', sm: 360 }}
        />
        <Group gap="sm">
          <Button variant="default" onClick={exportList} loading={exporter.isPending}>
            Export CSV
          </Button>
          <Button color="red" disabled={selected.size === 0} onClick={() => setConfirming(true)}>
            Delete selected ({selected.size})
          </Button>
        </Group>
      </Group>
      <ErrorAlert message={exporter.isError ? PATIENT_MANAGEMENT_MESSAGES.loadFailed : null} />
      <ErrorAlert message={remove.isError ? PATIENT_MANAGEMENT_MESSAGES.deleteFailed : null} />
      {outcome && <DeleteOutcome outcome={outcome.answer} names={outcome.names} />}
      {list.isError ? (
        <ErrorAlert message={loadMessage(list.error)} />
      ) : list.isSuccess && rows.length === 0 ? (
        <Text>{PATIENT_MANAGEMENT_MESSAGES.noPatients}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover aria-busy={list.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select all patients on this page"
                    checked={allOnPage}
                    onChange={toggleAll}
                  />
                </Table.Th>
                <Table.Th w={40}>
                  <VisuallyHidden>Details</VisuallyHidden>
                </Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Date of birth</Table.Th>
                <Table.Th>Sex</Table.Th>
                <Table.Th>Chart number</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((patient) => {
                const expanded = open.has(patient.id);
                return (
                  <Fragment key={patient.id}>
                    <Table.Tr>
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${fullName(patient)}`}
                          checked={selected.has(patient.id)}
                          onChange={() => toggle(patient)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${expanded ? 'Hide' : 'Show'} details of ${fullName(patient)}`}
                          aria-expanded={expanded}
                          onClick={() => toggleOpen(patient.id)}
                        >
                          {expanded ? '−' : '+'}
                        </ActionIcon>
                      </Table.Td>
                      <Table.Td>{fullName(patient)}</Table.Td>
                      <Table.Td>{patient.gearPatient.dateOfBirth}</Table.Td>
                      <Table.Td>{patient.gearPatient.gender ?? ''}</Table.Td>
                      <Table.Td>{patient.gearPatient.chartNumber ?? ''}</Table.Td>
                    </Table.Tr>
                    {expanded && (
                      <Table.Tr>
                        <Table.Td colSpan={6}>
                          <PatientDetails
                            patient={patient}
                            loadFailed={PATIENT_MANAGEMENT_MESSAGES.loadFailed}
                          />
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between">
        <Text size="sm" aria-live="polite">
          {rows.length > 0 ? `Patients ${offset + 1}–${offset + rows.length}` : ''}
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            disabled={starts.length === 0}
            onClick={() => setStarts(starts.slice(0, -1))}
          >
            Previous
          </Button>
          <Button
            variant="default"
            disabled={!hasNext}
            onClick={() => {
              const last = rows.at(-1);
              if (last) setStarts([...starts, last.id]);
            }}
          >
            Next
          </Button>
        </Group>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Delete patients"
        onYes={deleteSelected}
        onNo={() => setConfirming(false)}
        yesLabel="Delete"
        noLabel="Cancel"
        busy={remove.isPending}
      >
        <Text size="sm">
          Delete {selected.size === 1 ? 'this patient' : `these ${selected.size} patients`} from the list?
          Their orders are kept.
        </Text>
        <List size="sm">
          {[...selected.values()].slice(0, 10).map((name) => (
            <List.Item key={name}>{name}</List.Item>
          ))}
        </List>
      </ConfirmDialog>
    </Stack>
  );
}

function DeleteOutcome({ outcome, names }: { outcome: PatientDeleteAnswer; names: Map<number, string> }) {
  const count = outcome.deleted.length;
  return (
    <Alert color={outcome.notDeleted.length > 0 ? 'yellow' : 'green'} role="status">
      <Text size="sm">{count === 1 ? '1 patient was deleted.' : `${count} patients were deleted.`}</Text>
      {outcome.notDeleted.length > 0 && (
        <List size="sm">
          {outcome.notDeleted.map((kept) => (
            <List.Item key={`${kept.gsdlNo}-${kept.id}`}>
              {names.get(kept.id) ?? `Patient ${kept.id}`}: {kept.message}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
