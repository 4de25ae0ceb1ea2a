import { activationAnchor, activationStatus, type SavedOrder, stepByRoute, stepPath } from '@gear/domain';
import { Alert, Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/context.tsx';
import { isApiError } from '../../api/errors.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';

/**
 * spec 3 §2 'Status and activation panels' on the patient's Summary step (9; decision 0182): 'Activation Complete' with
 * the confirmation number, View Order, View Patient Agreement and View NSA Acknowledgement; or 'Activation Incomplete'
 * listing what is missing as links that scroll to it on this page, billing, diagnosis and collection as red alerts
 * with a link to the step that fixes them.
 */
export function ActivationPanel({ order, reviewShown }: { order: SavedOrder; reviewShown: boolean }) {
  const status = activationStatus(order);
  if (status.kind === 'complete')
    return (
      <Paper withBorder p="md" component="section" aria-labelledby="activation-status" bg="green.0">
        <Stack gap="xs">
          <Title order={2} id="activation-status">
            Activation Complete
          </Title>
          <Text>
            Confirmation number:{' '}
            <strong data-testid="activation-confirmation">{status.confirmationNumber}</strong>
          </Text>
          <Group gap="sm">
            <Button component={Link} to={`/order/${order.id}/confirm`} variant="default" mih={44}>
              View Order
            </Button>
            <DocumentButton
              order={order}
              path="acknowledgement"
              file="patient-agreement"
              label="View Patient Agreement"
            />
            <DocumentButton
              order={order}
              path="nsa-acknowledgement"
              file="nsa-acknowledgement"
              label="View NSA Acknowledgement"
            />
          </Group>
        </Stack>
      </Paper>
    );
  const alerts = status.missing.filter((item) => item.alert);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="activation-status">
      <Stack gap="xs">
        <Title order={2} id="activation-status">
          Activation Incomplete
        </Title>
        <Text>Still to do:</Text>
        <List size="sm">
          {status.missing.map((item) => {
            const step = stepByRoute(item.route);
            // The review below holds the anchors; once confirmed, the link opens the step itself.
            const to =
              reviewShown || !step ? `#${activationAnchor(item)}` : stepPath(order.id, step, item.gearReqId);
            return (
              <List.Item key={`${item.route}-${item.gearReqId}`}>
                <Anchor component={Link} to={to}>
                  {item.label}
                </Anchor>
              </List.Item>
            );
          })}
        </List>
        {alerts.map((item) => {
          const step = stepByRoute(item.route);
          return (
            <Alert key={`alert-${item.route}-${item.gearReqId}`} color="red" role="status" title={item.label}>
              {step && (
                // The theme's link blue on the red alert's tint is under 4.5:1: the alert's own dark red is not.
                <Anchor
                  component={Link}
                  to={stepPath(order.id, step, item.gearReqId)}
                  c="red.9"
                  underline="always"
                >
                  Fix it: go to {step.label}
                </Anchor>
              )}
            </Alert>
          );
        })}
      </Stack>
    </Paper>
  );
}

/** Fetches a document of the order (spec 3 §7 …/order/{id}/pdf?dateOfBirth) and saves it as a PDF. */
function DocumentButton({
  order,
  path,
  file,
  label,
}: {
  order: SavedOrder;
  path: 'acknowledgement' | 'nsa-acknowledgement';
  file: string;
  label: string;
}) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = async () => {
    setBusy(true);
    setError(null);
    try {
      const pdf = await api.get<Blob>(`/gear/${path}/order/${order.id}/pdf`, {
        query: { dateOfBirth: order.patientInfo?.dateOfBirth ?? null },
        responseType: 'blob',
      });
      const address = URL.createObjectURL(pdf);
      const link = document.createElement('a');
      link.href = address;
      link.download = `${file}-${order.id}.pdf`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(address), 60_000);
    } catch (problem) {
      setError(isApiError(problem) ? problem.message : 'An unexpected error has occurred.');
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
