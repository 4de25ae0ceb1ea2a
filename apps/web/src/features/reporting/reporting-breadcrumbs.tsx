import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

/**
 * The breadcrumbs of the patient resource center's pages: they start at /prc/reporting (spec 3 §2 'Breadcrumbs: the
 * patient resource center …'), then the pages on the way, then the page itself. 44 px tall touch targets.
 */
export function ReportingBreadcrumbs({
  trail = [],
  current,
}: {
  trail?: readonly { label: string; to: string }[];
  current: string;
}) {
  return (
    <nav aria-label="Breadcrumbs">
      <Breadcrumbs separator="›" style={{ flexWrap: 'wrap', rowGap: 0 }}>
        {[{ label: 'Patient Resource Center', to: '/prc/reporting' }, ...trail].map((crumb) => (
          <Anchor
            key={crumb.to}
            component={Link}
            to={crumb.to}
            size="sm"
            display="inline-flex"
            mih={44}
            py={12}
          >
            {crumb.label}
          </Anchor>
        ))}
        <Text size="sm" aria-current="page">
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
