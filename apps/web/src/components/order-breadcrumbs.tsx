import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../services/app-services.tsx';

/**
 * spec 3 §2 'Breadcrumbs: the patient resource center or practitioner-portal home, then "Activate & Order Tests",
 * then History or the step name.' The first two are the portal's neighbours (links of spec 3 §2: /prc/reporting for
 * patients, the practitioner portal's /mygdx for practitioners).
 */
export function OrderBreadcrumbs({ current }: { current: string }) {
  const user = useCurrentUser();
  const practitioner = user?.type === 'myGDX';
  return (
    <nav aria-label="Breadcrumbs">
      <Breadcrumbs separator="›" style={{ flexWrap: 'wrap', rowGap: 0 }}>
        <Anchor href={practitioner ? '/mygdx' : '/prc/reporting'} size="sm" py={12} display="inline-block">
          {practitioner ? 'Practitioner Portal' : 'Patient Resource Center'}
        </Anchor>
        <Anchor component={Link} to="/" size="sm" py={12} display="inline-block">
          Activate &amp; Order Tests
        </Anchor>
        <Text size="sm" aria-current="page">
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
