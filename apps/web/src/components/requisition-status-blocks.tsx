import {
  CANCEL_TEST_MESSAGES,
  DISCARDED_SPECIMEN_MESSAGE,
  NEW_PACK_WILL_BE_MAILED,
  type OrderStatus,
  type SavedOrder,
  type StatusAccession,
  type StatusRequisition,
  TESTING_IN_PROGRESS,
} from '@gear/domain';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../api/context.tsx';
import { downloadPdf, useCancelTest } from '../api/order-status.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ErrorAlert } from './error-alert.tsx';

/** A button that fetches one of the order's PDFs (patients send the order's date of birth, spec 3 §6). */
export function PdfButton({
  label,
  path,
  fileName,
  dateOfBirth,
  query = {},
}: {
  label: string;
  path: string;
  fileName: string;
  dateOfBirth: string | null;
  query?: Record<string, string>;
}) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadPdf(api, path, { ...query, dateOfBirth }, fileName);
    } catch {
      setError('An unexpected error has occurred.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4}>
      <Button variant="default" mih={44} loading={busy} onClick={() => void open()}>
        {label}
      </Button>
      <ErrorAlert message={error} />
    </Stack>
  );
}

function AccessionLine({
  accession,
  requisition,
  version,
}: {
  accession: StatusAccession;
  requisition: StatusRequisition;
  /** The order's version read: the re-collect page names it when it makes the recollection (decision 0294). */
  version: number;
}) {
  const { offering } = accession;
  return (
    <Stack gap={2}>
      <Text fw={600}>Accession {accession.accessionNo}</Text>
      {offering.kind === 'testingInProgress' && (
        <Text>
          {TESTING_IN_PROGRESS}
          {accession.expectedDate ? ` (expected ${accession.expectedDate})` : ''}
        </Text>
      )}
      {offering.kind === 'results' && <Text>Results ready</Text>}
      {offering.kind === 'discarded' && (
        <>
          <Text c="red.9">{DISCARDED_SPECIMEN_MESSAGE}</Text>
          {offering.newPackWillBeMailed && <Text>{NEW_PACK_WILL_BE_MAILED}</Text>}
          {offering.requestNewPack && requisition.recollectionOrderId === null && !requisition.canceled && (
            <Button
              component={Link}
              to={`/recollect/${accession.accessionNo}?version=${version}`}
              mih={44}
              w="fit-content"
              aria-label={`Request a new pack for accession ${accession.accessionNo}`}
            >
              Request a New Pack
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}

/** The cancel-test modal of the review and status pages (spec 2 §2, spec 3 §7 per-test cancel). */
export function CancelTestButton({
  order,
  requisition,
}: {
  order: SavedOrder;
  requisition: StatusRequisition;
}) {
  const cancel = useCancelTest();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const yes = () => {
    setError(null);
    cancel.mutate(
      {
        orderId: order.id,
        version: order.version,
        gearReqId: requisition.gearReqId,
        dateOfBirth: order.patientInfo?.dateOfBirth ?? null,
      },
      {
        onSuccess: () => setAsking(false),
        onError: () => {
          setAsking(false);
          setError(CANCEL_TEST_MESSAGES.failed);
        },
      },
    );
  };
  return (
    <Stack gap={4}>
      <Button variant="default" color="red" mih={44} onClick={() => setAsking(true)}>
        Cancel Test
      </Button>
      <ErrorAlert message={error} />
      <ConfirmDialog
        opened={asking}
        title="Cancel this test?"
        onYes={yes}
        onNo={() => setAsking(false)}
        yesLabel="Cancel Test"
        noLabel="Keep Test"
        busy={cancel.isPending}
      >
        <Text>
          {requisition.name} will be canceled. What was paid for it is refunded, less the non-refundable fee
          once its pack has shipped.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

/**
 * spec 3 §2 link '/prc/reporting/ireport/{accessionNo}?orderId&zipCode': the interactive report of one accession
 * (decision 0265); zipCode is the order's shipping ZIP code, as the spec's link carries it.
 */
export const interactiveReportPath = (order: SavedOrder, accessionNo: string) =>
  `/prc/reporting/ireport/${encodeURIComponent(accessionNo)}?${new URLSearchParams({
    orderId: String(order.id),
    zipCode: order.shippingInformation?.zipCode ?? '',
  })}`;

/**
 * spec 3 §2 link '/pay/ereq/{gearReqId}?requisitionNumber&orderNo&dateOfBirth': the Pay Bill page of one test
 * (decision 0300).
 */
export const payBillPath = (order: SavedOrder, requisition: StatusRequisition) =>
  `/pay/ereq/${requisition.gearReqId}?${new URLSearchParams({
    requisitionNumber: requisition.reqNumber ?? '',
    orderNo: String(order.id),
    dateOfBirth: order.patientInfo?.dateOfBirth ?? '',
  })}`;

/**
 * spec 3 §2 'Per-requisition blocks' of the status panels: each test with its accessions and what it offers (spec 3
 * §4 per test), Cancel Test while the test is cancelable, View Results when the lab sent them and the caller may see
 * them (decision 0261), View Interactive Report when the test offers it and the caller may see it (decision 0265),
 * Pay Bill when a results-ready test still owes (mayPayBill, decision 0300).
 */
export function RequisitionStatusBlocks({ order, status }: { order: SavedOrder; status: OrderStatus }) {
  const dateOfBirth = order.patientInfo?.dateOfBirth ?? null;
  return (
    <Stack gap="sm">
      {status.requisitions.map((requisition) => (
        <Paper
          key={requisition.gearReqId}
          withBorder
          p="md"
          component="section"
          aria-labelledby={`requisition-${requisition.gearReqId}`}
          id={`status-${requisition.gearReqId}`}
        >
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={3} size="h4" id={`requisition-${requisition.gearReqId}`}>
                {requisition.name}
                {requisition.reqNumber ? ` (requisition ${requisition.reqNumber})` : ''}
              </Title>
              {requisition.canceled && <Badge color="gray.8">Canceled</Badge>}
            </Group>
            {requisition.accessions.length === 0 && !requisition.canceled && (
              <Text>Awaiting your specimen at the lab.</Text>
            )}
            {requisition.accessions.map((accession) => (
              <AccessionLine
                key={accession.accessionNo}
                accession={accession}
                requisition={requisition}
                version={order.version}
              />
            ))}
            {requisition.recollectionOrderId !== null && (
              <Text>
                A new collection pack was ordered:{' '}
                <Anchor component={Link} to={`/order-status/${requisition.recollectionOrderId}`}>
                  recollection order {requisition.recollectionOrderId}
                </Anchor>
              </Text>
            )}
            <Group gap="sm">
              {requisition.accessions
                .filter((accession) => accession.resultsAvailable)
                .map((accession) => (
                  <PdfButton
                    key={accession.accessionNo}
                    label={
                      requisition.accessions.length > 1
                        ? `View Results (${accession.accessionNo})`
                        : 'View Results'
                    }
                    path={`/gear/gear-requisition/${requisition.gearReqId}/viewResultsPDF`}
                    query={{ accessionNo: accession.accessionNo }}
                    fileName={`results-${accession.accessionNo}.pdf`}
                    dateOfBirth={dateOfBirth}
                  />
                ))}
              {requisition.accessions
                .filter((accession) => accession.interactiveReport)
                .map((accession) => (
                  <Button
                    key={`report-${accession.accessionNo}`}
                    component={Link}
                    to={interactiveReportPath(order, accession.accessionNo)}
                    variant="default"
                    mih={44}
                  >
                    {requisition.accessions.length > 1
                      ? `View Interactive Report (${accession.accessionNo})`
                      : 'View Interactive Report'}
                  </Button>
                ))}
              {requisition.payBill && (
                <Button component={Link} to={payBillPath(order, requisition)} mih={44}>
                  Pay Bill
                </Button>
              )}
              {requisition.cancelable && !requisition.canceled && (
                <CancelTestButton order={order} requisition={requisition} />
              )}
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
