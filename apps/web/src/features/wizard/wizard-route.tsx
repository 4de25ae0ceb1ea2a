import { MESSAGES, type StepDefinition, stepBar, stepByRoute, type UserInfo } from '@gear/domain';
import { Alert, Group, Stack, Title } from '@mantine/core';
import { Suspense, useEffect, useMemo, useRef } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { useOrder } from '../../api/orders.ts';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { OrderBreadcrumbs } from '../../components/order-breadcrumbs.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { SavedNotices } from '../../components/saved-notice.tsx';
import { UnsavedChangesProvider } from '../../components/unsaved-changes.tsx';
import { useCurrentUser } from '../../services/app-services.tsx';
import { RequireSignIn } from '../login/require-sign-in.tsx';
import { hasNoRequisitionsLeft, WizardStepExtras } from '../removal/wizard-extras.tsx';
import { CartDropdown } from './cart-dropdown.tsx';
import { StepBar } from './step-bar.tsx';
import { stepComponents } from './step-components.ts';
import { useWizardNavigation } from './use-wizard-navigation.ts';
import { newOrder, type WizardOrder } from './wizard-order.ts';

const wholeNumber = /^[1-9]\d*$/;

/** The browser tab's title on a step: the step, the order, the portal. */
export const wizardTitle = (label: string, orderId: number | 'new') =>
  `${label} · ${orderId === 'new' ? 'New order' : `Order ${orderId}`} · Gear`;

/** /order/{id or new}/{step route}[/{gearReqId}] (spec 1 §2.1). */
export function WizardRoute() {
  const params = useParams();
  const { search } = useLocation();
  // id connect: the patient's returning visit, proven on Welcome Back, which then opens the real id (decision 0180).
  if (params.id === 'connect') return <Navigate to={`/connect${search}`} replace />;
  const step = stepByRoute(params.step ?? '');
  const id = params.id === 'new' ? 'new' : wholeNumber.test(params.id ?? '') ? Number(params.id) : null;
  const gearReqId = params.gearReqId === undefined ? null : Number(params.gearReqId);
  if (
    !step ||
    id === null ||
    Number.isNaN(gearReqId) ||
    (params.gearReqId && !wholeNumber.test(params.gearReqId))
  ) {
    return <NotFoundPage />;
  }
  return (
    <RequireSignIn>
      <WizardOrderLoader id={id} step={step} gearReqId={gearReqId} />
    </RequireSignIn>
  );
}

interface LoaderProps {
  id: number | 'new';
  step: StepDefinition;
  gearReqId: number | null;
}

function WizardOrderLoader({ id, step, gearReqId }: LoaderProps) {
  const user = useCurrentUser() as UserInfo;
  const query = useOrder(id);
  const blank = useMemo(newOrder, []);
  const order = id === 'new' ? blank : query.data;

  if (!order) {
    // A refusal (403) has already sent the app to the 403 page (services.tsx): showing the same message here as
    // well would flash it in the wizard until that navigation renders.
    const leaving = isApiError(query.error) && query.error.kind === 'forbidden';
    if (query.isError && !leaving) {
      const notFound = isApiError(query.error) && query.error.status === 404;
      return (
        <Stack>
          <OrderBreadcrumbs current={step.label} />
          <Title order={1}>{step.label}</Title>
          <Alert color="red" role="alert">
            {notFound ? MESSAGES.orderNotFound : (query.error as Error).message}
          </Alert>
        </Stack>
      );
    }
    return <PageLoader />;
  }
  return <WizardShell order={order} user={user} step={step} gearReqId={gearReqId} />;
}

function WizardShell({
  order,
  user,
  step,
  gearReqId,
}: {
  order: WizardOrder;
  user: UserInfo;
  step: StepDefinition;
  gearReqId: number | null;
}) {
  const { search } = useLocation();
  const route = step.route ?? step.key;
  const navigation = useWizardNavigation(order, user, step, gearReqId);
  const StepComponent = stepComponents[step.key];
  const heading = useRef<HTMLHeadingElement>(null);
  const place = `${route}/${gearReqId ?? ''}`;
  const firstPlace = useRef(true);
  // Title and focus move with the step, so a screen reader hears where Next, Back or the step bar led: the heading
  // takes the focus the pressed button lost or the step bar held, unless the step itself put it somewhere (a search
  // box). The title reads 'Billing Options · Order 100006 · Gear' (issue 15, decision 0232).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step (place) changes
  useEffect(() => {
    document.title = wizardTitle(step.label, order.id);
    const active = document.activeElement;
    const lost = active === null || active === document.body || active.closest('nav') !== null;
    if (!firstPlace.current && lost) heading.current?.focus();
    firstPlace.current = false;
  }, [place]);
  return (
    <UnsavedChangesProvider>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <OrderBreadcrumbs current={step.label} />
          <Group gap="sm" ml="auto" wrap="nowrap">
            <SavedNotices />
            <CartDropdown order={order} user={user} />
          </Group>
        </Group>
        <StepBar items={stepBar(order, user, route, gearReqId)} orderId={order.id} search={search} />
        <Title order={1} ref={heading} tabIndex={-1}>
          {step.label}
        </Title>
        <WizardStepExtras
          order={order}
          user={user}
          step={step}
          gearReqId={gearReqId}
          navigation={navigation}
        />
        {StepComponent && !hasNoRequisitionsLeft(order, step) && (
          <Suspense fallback={<PageLoader />}>
            <StepComponent
              key={`${route}/${gearReqId ?? ''}`}
              order={order}
              user={user}
              step={step}
              gearReqId={gearReqId}
              navigation={navigation}
            />
          </Suspense>
        )}
      </Stack>
    </UnsavedChangesProvider>
  );
}
