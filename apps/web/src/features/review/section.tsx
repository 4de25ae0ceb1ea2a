import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ReviewSectionProps {
  title: string;
  /** h3 for a section of the order, h4 for a part of a requisition. */
  level?: 3 | 4;
  /** Edit shows only when the review lets the user change this part (spec 3 §4/§6). */
  onEdit?: () => void;
  /** spec 3 §2 'a Changes saved marker' after a save of this section. */
  saved?: boolean;
  /** The section's inline editor is open: Edit hides while it is. */
  editing?: boolean;
  /** The in-page anchor (spec 3 §2 'In-page anchors'): links to #{anchor} scroll here and focus lands here. */
  anchor?: string;
  children: ReactNode;
}

/** One section of the Information Review: a title, its Edit and 'Changes saved' marker, the facts. */
export function ReviewSection({
  title,
  level = 3,
  onEdit,
  saved,
  editing,
  anchor,
  children,
}: ReviewSectionProps) {
  return (
    <Paper
      withBorder
      p="md"
      radius="sm"
      component="section"
      aria-label={title}
      id={anchor}
      tabIndex={anchor ? -1 : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={level}>{title}</Title>
          <Group gap="xs">
            {saved && (
              <Text size="sm" fw={700} role="status">
                ✓ Changes saved
              </Text>
            )}
            {onEdit && !editing && (
              <Button variant="light" mih={44} onClick={onEdit} aria-label={`Edit ${title}`}>
                Edit
              </Button>
            )}
          </Group>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** A label and its value, or 'Not provided'. */
export function Fact({ label, value }: { label: string; value: ReactNode }) {
  const shown = value === null || value === undefined || value === '' ? 'Not provided' : value;
  return (
    <div>
      <strong>{label}:</strong> {shown}
    </div>
  );
}
