import {
  isPatientFileName,
  PATIENT_FILE_LIMITS,
  PATIENT_FILE_TEMPLATE_HEADERS,
  PATIENT_MANAGEMENT_MESSAGES,
  type PatientImportPreview,
} from '@gear/domain';
import { Alert, Button, FileButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { useImportPatientFile, usePreviewPatientFile } from '../../api/patient-management.ts';
import { ErrorSummary, useErrorSummary } from '../../components/error-summary.tsx';
import { downloadFile } from './download.ts';

/** What a failed upload tells the user: the server's message for a refused file, else spec 3 §8's upload error. */
const uploadMessage = (error: unknown): string =>
  error instanceof ApiError && [400, 413, 422].includes(error.status) && error.serverMessage
    ? error.serverMessage
    : PATIENT_MANAGEMENT_MESSAGES.uploadFailed;

const TEMPLATE = `${PATIENT_FILE_TEMPLATE_HEADERS.join(',')}\r\nJane,Doe,1985-04-12,F,jane.doe@example.com,+18285550100,C12345,12 Main Street,,Asheville,NC,28801,United States\r\n`;

const FILE_FIELD = 'patientFile';
const FILE_ERROR_ID = 'patient-file-error';

const name = (row: { nameFirst: string | null; nameLast: string | null }) =>
  [row.nameFirst, row.nameLast].filter(Boolean).join(' ');

/**
 * Upload of a patient file (spec 3 §2 'a CSV upload'; decision 0270): the file is first read without writing (the
 * dry run), the preview shows what will be added, the duplicates skipped and the lines in error; Import adds.
 */
export function PatientFileImport({ gsdlNo }: { gsdlNo: string }) {
  const preview = usePreviewPatientFile();
  const importFile = useImportPatientFile();
  const [file, setFile] = useState<File | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const summary = useErrorSummary();
  /** The file's error in the one error summary (issue 15, decision 0322), its link to the upload button. */
  const fileError = (message: string) =>
    summary.show([{ field: FILE_FIELD, label: 'Patient file', message }]);
  const fileMessage = summary.errors[0]?.message;

  const choose = (chosen: File | null) => {
    setAdded(null);
    summary.clear();
    preview.reset();
    importFile.reset();
    setFile(chosen);
    if (!chosen) return;
    if (!isPatientFileName(chosen.name)) return fileError(PATIENT_MANAGEMENT_MESSAGES.fileType);
    if (chosen.size > PATIENT_FILE_LIMITS.maxBytes)
      return fileError(PATIENT_MANAGEMENT_MESSAGES.fileTooLarge);
    preview.mutate({ gsdlNo, file: chosen }, { onError: (error) => fileError(uploadMessage(error)) });
  };
  const cancel = () => {
    setFile(null);
    preview.reset();
  };
  const runImport = () => {
    if (!file) return;
    importFile.mutate(
      { gsdlNo, file },
      {
        onSuccess: (patients) => {
          setAdded(patients.length);
          setFile(null);
          preview.reset();
        },
        onError: (error) => fileError(uploadMessage(error)),
      },
    );
  };

  const plan: PatientImportPreview | undefined = preview.data;
  return (
    <Stack gap="sm">
      <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />
      <Group gap="sm">
        <FileButton onChange={choose} accept=".csv,.txt,text/csv,text/plain">
          {(props) => (
            <Button
              {...props}
              name={FILE_FIELD}
              aria-describedby={fileMessage ? FILE_ERROR_ID : undefined}
              loading={preview.isPending}
            >
              Upload patients (CSV)
            </Button>
          )}
        </FileButton>
        <Button
          variant="default"
          onClick={() => downloadFile('patient-template.csv', new Blob([TEMPLATE], { type: 'text/csv' }))}
        >
          Download template
        </Button>
      </Group>
      {fileMessage && (
        <Text id={FILE_ERROR_ID} c="red.9" size="sm">
          {fileMessage}
        </Text>
      )}
      {added !== null && (
        <Alert color="green" role="status">
          {added === 1 ? '1 patient was added.' : `${added} patients were added.`}
        </Alert>
      )}
      {plan && file && (
        <Stack gap="xs" aria-label="Import preview" component="section">
          <Title order={2} size="h4">
            Preview of {file.name}
          </Title>
          <Text size="sm">
            {plan.toAdd.length} to add, {plan.duplicates.length} duplicates to skip, {plan.errors.length}{' '}
            errors.
            {plan.ignoredColumns.length > 0 ? ` Columns not read: ${plan.ignoredColumns.join(', ')}.` : ''}
          </Text>
          {plan.toAdd.length > 0 && (
            <PreviewTable
              caption="Patients to add"
              rows={plan.toAdd.map((row) => [String(row.line), name(row), row.dateOfBirth ?? ''])}
              headers={['Line', 'Name', 'Date of birth']}
            />
          )}
          {plan.duplicates.length > 0 && (
            <PreviewTable
              caption="Duplicates to skip (same name and date of birth)"
              rows={plan.duplicates.map((row) => [
                String(row.line),
                name(row),
                row.dateOfBirth ?? '',
                row.duplicateOf === 'list' ? 'Already on the list' : 'Earlier line of this file',
              ])}
              headers={['Line', 'Name', 'Date of birth', 'Duplicate of']}
            />
          )}
          {plan.errors.length > 0 && (
            <PreviewTable
              caption="Lines with errors (not imported)"
              rows={plan.errors.map((error) => [String(error.line), error.field, error.message])}
              headers={['Line', 'Column', 'Message']}
            />
          )}
          <Group gap="sm">
            <Button onClick={runImport} loading={importFile.isPending} disabled={plan.toAdd.length === 0}>
              {plan.toAdd.length === 1 ? 'Import 1 patient' : `Import ${plan.toAdd.length} patients`}
            </Button>
            <Button variant="default" onClick={cancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function PreviewTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: string[][] }) {
  return (
    <Table.ScrollContainer minWidth={400}>
      <Table striped withTableBorder captionSide="top">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a preview's lines do not move
            <Table.Tr key={i}>
              {cells.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells in fixed column order
                <Table.Td key={j}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
