import { TIMELINE_ACTOR_LABELS, type TimelineEntry } from '@gear/domain';
import { Paper, Stack, Text, Timeline, Title } from '@mantine/core';

const when = (at: string) =>
  at.length === 10
    ? at
    : new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) +
      ' UTC';

/** Everything that happened to the order, oldest first, each entry with who or what caused it (decision 0262). */
export function OrderTimelineSection({ entries }: { entries: readonly TimelineEntry[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="order-timeline">
      <Stack gap="sm">
        <Title order={2} size="h3" id="order-timeline">
          Order history
        </Title>
        <Timeline bulletSize={14} lineWidth={2} data-testid="order-timeline">
          {entries.map((entry) => (
            <Timeline.Item
              key={`${entry.kind}-${entry.at}-${entry.gearReqId}-${entry.text}`}
              title={entry.text}
            >
              <Text size="sm">
                <time dateTime={entry.at}>{when(entry.at)}</time> · {TIMELINE_ACTOR_LABELS[entry.by]}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Paper>
  );
}
