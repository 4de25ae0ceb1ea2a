import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

/** spec 3 §2: 'Activate & Order Tests', then the step name (or History). */
export function OrderBreadcrumbs({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumbs">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to="/" size="sm">
          Activate &amp; Order Tests
        </Anchor>
        <Text size="sm" aria-current="page">
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
