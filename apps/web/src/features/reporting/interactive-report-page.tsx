import { type InteractiveReport, MESSAGES, OUT_OF_RANGE_LABELS, type SavedOrder } from '@gear/domain';
import { Alert, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { isApiError } from '../../api/errors.ts';
import { useInteractiveReport } from '../../api/order-status.ts';
import { useOrder } from '../../api/orders.ts';
import { PdfButton } from '../../components/requisition-status-blocks.tsx';
import { ReportingBreadcrumbs } from './reporting-breadcrumbs.tsx';

const reportedOn = (at: string) =>
  new Date(at).toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The message of a refused or failed read: the server's own words for 403/404 (decision 0261), else the spec's. */
function failureText(error: unknown): string {
  if (isApiError(error) && (error.status === 403 || error.status === 404 || error.status === 400))
    return error.serverMessage ?? error.message;
  return 'An unexpected error has occurred.';
}

/**
 * /prc/reporting/ireport/{accessionNo}?orderId&zipCode (spec 3 §2; issue 17; decision 0265): the lab's results of one
 * accession as an accessible page, each analyte with its value, unit and reference range, out-of-range values marked
 * in words (not colour alone); when the lab sent only a PDF, the PDF.
 */
export function InteractiveReportView({ orderId, accessionNo }: { orderId: number; accessionNo: string }) {
  const order = useOrder(orderId);
  const saved = order.data as SavedOrder | undefined;
  const requisition = saved?.requisitions.find((candidate) =>
    candidate.accessionDetails.some((detail) => detail.accessionNo === accessionNo),
  );
  const dateOfBirth = saved?.patientInfo?.dateOfBirth ?? null;
  const report = useInteractiveReport(orderId, requisition?.id ?? null, accessionNo, dateOfBirth);
  const crumbs = (
    <ReportingBreadcrumbs
      trail={[{ label: `Order ${orderId}`, to: `/order-status/${orderId}` }]}
      current="Interactive Report"
    />
  );
  let body: React.ReactNode;
  if (order.isError)
    body = (
      <Alert color="red" role="alert">
        {isApiError(order.error) && order.error.status === 404
          ? MESSAGES.orderNotFound
          : failureText(order.error)}
      </Alert>
    );
  else if (saved && !requisition)
    body = (
      <Alert color="red" role="alert">
        We could not find that accession on this test.
      </Alert>
    );
  else if (report.isError)
    body = (
      <Alert color="red" role="alert">
        {failureText(report.error)}
      </Alert>
    );
  else if (!report.data || !saved) body = <Loader role="status" aria-label="Loading the report" />;
  else body = <ReportBody report={report.data} dateOfBirth={dateOfBirth} />;
  return (
    <Stack gap="md" maw={960}>
      {crumbs}
      <Title order={1}>Interactive Report</Title>
      {body}
    </Stack>
  );
}

function ReportBody({ report, dateOfBirth }: { report: InteractiveReport; dateOfBirth: string | null }) {
  const outside = report.analytes.filter((analyte) => analyte.outOfRange !== null).length;
  const pdf = report.resultsPdf && (
    <PdfButton
      label={report.analytes.length > 0 ? 'View Results (PDF)' : 'View Results'}
      path={`/gear/gear-requisition/${report.gearReqId}/viewResultsPDF`}
      query={{ accessionNo: report.accessionNo }}
      fileName={`results-${report.accessionNo}.pdf`}
      dateOfBirth={dateOfBirth}
    />
  );
  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-labelledby="report-test">
        <Title order={2} size="h3" id="report-test">
          {report.productName}
        </Title>
        <Text>
          Accession {report.accessionNo} · reported {reportedOn(report.reportedAt)}
        </Text>
        {report.analytes.length > 0 && (
          <Text mt="xs" fw={600} data-testid="report-summary">
            {outside === 0
              ? `All ${report.analytes.length} results are within their reference ranges.`
              : `${outside} of ${report.analytes.length} results are outside their reference ranges.`}
          </Text>
        )}
      </Paper>
      {report.analytes.length > 0 ? (
        <Table striped withTableBorder layout="fixed" data-testid="report-table">
          <Table.Caption>
            Each result with its reference range. Results outside their range are marked in the Result column.
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Analyte</Table.Th>
              <Table.Th scope="col">Result</Table.Th>
              <Table.Th scope="col">Reference range</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.analytes.map((analyte) => (
              <Table.Tr key={analyte.code}>
                <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {analyte.name}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={analyte.outOfRange ? 700 : 400} c={analyte.outOfRange ? 'red.9' : undefined}>
                    {analyte.value}
                    {analyte.unit ? ` ${analyte.unit}` : ''}
                  </Text>
                  {analyte.outOfRange && (
                    <Text size="sm" c="red.9" fw={700}>
                      {OUT_OF_RANGE_LABELS[analyte.outOfRange]}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {analyte.referenceRange
                    ? `${analyte.referenceRange}${analyte.unit ? ` ${analyte.unit}` : ''}`
                    : 'Not given'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text>The lab sent this report as a PDF.</Text>
      )}
      {pdf}
      <Text size="sm">
        Talk with your practitioner about what these results mean for you; a result outside its range is not a
        diagnosis by itself.
      </Text>
    </Stack>
  );
}
