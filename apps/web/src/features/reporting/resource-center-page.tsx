import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useConfig } from '../../api/context.tsx';

/**
 * /prc/reporting, the patient resource center (spec 3 §2 'Other links used'; issue 17): where the patient's
 * breadcrumbs start, with the ways to an order, its status and its reports.
 */
export function ResourceCenterPage() {
  const config = useConfig();
  return (
    <Stack gap="md" maw={760}>
      <nav aria-label="Breadcrumbs">
        <Text size="sm" aria-current="page" py={12}>
          Patient Resource Center
        </Text>
      </nav>
      <Title order={1}>Patient Resource Center</Title>
      <Text>Follow your test from activation to results, and read your reports.</Text>
      <Paper withBorder p="md" component="section" aria-labelledby="prc-orders">
        <Title order={2} size="h3" id="prc-orders">
          Your tests
        </Title>
        <List mt="xs" spacing="xs">
          <List.Item>
            <Anchor component={Link} to="/connect">
              Return to your order
            </Anchor>
            : see its status, its receipt and, when ready, its results (your requisition number and date of
            birth).
          </List.Item>
          <List.Item>
            <Anchor component={Link} to="/">
              Activate &amp; Order Tests
            </Anchor>
            : activate a collection pack or return to an order with its requisition number and your date of
            birth.
          </List.Item>
        </List>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="prc-reports">
        <Title order={2} size="h3" id="prc-reports">
          Your reports
        </Title>
        <Text mt="xs">
          When the lab has finished testing, the status page of your order offers View Results (the lab's
          report as a PDF) and View Interactive Report: each result with its unit and reference range, with
          the results outside their range marked.
        </Text>
        <Text mt="xs">
          Results for a patient under 18 are available from the practitioner who ordered the test.
        </Text>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="prc-help">
        <Title order={2} size="h3" id="prc-help">
          Help
        </Title>
        <List mt="xs" spacing="xs">
          <List.Item>
            <Anchor component={Link} to="/contact">
              Contact us
            </Anchor>
          </List.Item>
          {config.consultationUrl && (
            <List.Item>
              <Anchor href={config.consultationUrl}>Schedule a consult about your results</Anchor>
            </List.Item>
          )}
        </List>
      </Paper>
    </Stack>
  );
}
