import { homePathOf } from '@gear/domain';
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useCurrentUser } from '../services/app-services.tsx';
import { AppLink } from '../services/navigation.tsx';

/**
 * spec 3 §2 'Breadcrumbs: the patient resource center or practitioner-portal home, then "Activate & Order Tests",
 * then History or the step name.' The first two are the portal's neighbours (links of spec 3 §2: /prc/reporting for
 * patients, the practitioner portal's /mygdx for practitioners). The links are 44 px tall touch targets (decision
 * 0142); Breadcrumbs replaces a child's style, so the size is set through style props.
 */
export function OrderBreadcrumbs({ current }: { current: string }) {
  const user = useCurrentUser();
  const practitioner = user?.type === 'myGDX';
  return (
    <nav aria-label="Breadcrumbs">
      <Breadcrumbs separator="›" style={{ flexWrap: 'wrap', rowGap: 0 }}>
        <Anchor
          href={practitioner ? '/mygdx' : '/prc/reporting'}
          size="sm"
          display="inline-flex"
          mih={44}
          py={12}
        >
          {practitioner ? 'Practitioner Portal' : 'Patient Resource Center'}
        </Anchor>
        {/* Practitioners: their orders page, where the draft is listed, not '/', which starts a new one (0311). */}
        <Anchor component={AppLink} to={homePathOf(user)} size="sm" display="inline-flex" mih={44} py={12}>
          Activate &amp; Order Tests
        </Anchor>
        <Text size="sm" aria-current="page">
          {current}
        </Text>
      </Breadcrumbs>
    </nav>
  );
}
