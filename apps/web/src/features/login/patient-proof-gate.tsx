import { messages, type UserInfo } from '@gear/domain';
import { Alert, Button, Stack, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  type PatientProofOutcome,
  type PatientProofQuery,
  provePatientOrder,
} from '../../api/patient-proof.ts';
import { fetchAccountType } from '../../api/session.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import {
  SoftLockoutChallengeField,
  useSoftLockoutChallenge,
} from '../../components/soft-lockout-challenge.tsx';
import { useServices } from '../../services/app-services.tsx';
import { LoginRequired } from './login-required.tsx';

export const ACTIVATION_PENDING_HEADING = 'Collection Pack Activation Pending';

/**
 * A patient's link: spec 1 §2.8 ?requisitionNumber&dateOfBirth[&gdxId], or an order's address with ?dateOfBirth
 * (spec 3 §7). Null unless a date of birth and the number or the order's id are there.
 */
export function patientProofQuery(params: URLSearchParams, pathname = ''): PatientProofQuery | null {
  const requisitionNumber = params.get('requisitionNumber')?.trim() ?? '';
  const dateOfBirth = params.get('dateOfBirth')?.trim() ?? '';
  if (!dateOfBirth) return null;
  if (requisitionNumber) return { requisitionNumber, dateOfBirth, gdxId: params.get('gdxId') };
  const orderId = /^\/order\/([1-9]\d{0,9})(\/|$)/.exec(pathname)?.[1];
  return orderId ? { orderId: Number(orderId), dateOfBirth } : null;
}

/** Orders a signed-in patient's links proved in this browser (so a link with ?dateOfBirth is proven once). */
const provenHere = new WeakMap<object, Set<number>>();

const provenIn = (services: object): Set<number> => {
  const known = provenHere.get(services) ?? new Set<number>();
  provenHere.set(services, known);
  return known;
};

/**
 * Whether a signed-in patient's link to an order (?dateOfBirth on /order/{id}/…) still needs proving here: the
 * order may be one their session does not hold yet (decision 0040). Practitioners never need it.
 */
export function needsPatientProof(
  services: object,
  user: UserInfo,
  query: PatientProofQuery | null,
): boolean {
  return (
    user.type === 'prc' && query !== null && 'orderId' in query && !provenIn(services).has(query.orderId)
  );
}

/**
 * A patient who is not signed in (or a signed-in patient following a link to another order) arrives with ?requisitionNumber&dateOfBirth[&gdxId] (spec 1 §2.8): the order is
 * proven at once (decision 0040). On a match the patient is signed in for that order and the page opens it (a new
 * order's URL becomes the found order's); otherwise they see why, with the sign-in links.
 */
export function PatientProofGate() {
  const services = useServices();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [outcome, setOutcome] = useState<Exclude<PatientProofOutcome, { kind: 'proven' }> | null>(null);
  const started = useRef(false);
  const query = patientProofQuery(params, location.pathname);
  // After a 429 that a solved challenge would get past: the captcha, and a retry that sends its solution.
  const challenge = useSoftLockoutChallenge();
  const [retrying, setRetrying] = useState(false);

  const prove = async (solution?: string) => {
    if (!query) return;
    try {
      const result = await provePatientOrder(services.api, query, solution);
      // A solution is used once: a new one for another attempt.
      challenge.settled(result.kind === 'refused' && result.challenge === true);
      if (result.kind !== 'proven') {
        setOutcome(result);
        return;
      }
      const user = await fetchAccountType(services.api);
      if (!user) {
        setOutcome({ kind: 'refused', message: messages(services.config.supportPhone).unexpectedError });
        return;
      }
      const path = location.pathname.replace(/^\/order\/new\//, `/order/${result.order.id}/`);
      if (typeof result.order.id === 'number') provenIn(services).add(result.order.id);
      services.session.set({ status: 'signedIn', user });
      await navigate(`${path}${location.search}`, { replace: true });
    } catch (error) {
      challenge.settled(false);
      setOutcome({ kind: 'refused', message: (error as Error).message });
    }
  };

  useEffect(() => {
    if (started.current || !query) return;
    started.current = true;
    void prove();
  });

  const retry = async () => {
    if (!challenge.ready()) return;
    setRetrying(true);
    try {
      await prove(challenge.solution);
    } finally {
      setRetrying(false);
    }
  };

  if (!query) return <LoginRequired />;
  if (!outcome) return <PageLoader />;
  return (
    <Stack gap="lg">
      {outcome.kind === 'pending' ? (
        <Stack gap="sm">
          <Title order={1}>{ACTIVATION_PENDING_HEADING}</Title>
          <Alert color="blue" role="status">
            {outcome.message}
          </Alert>
        </Stack>
      ) : (
        <Alert
          color={outcome.kind === 'notice' ? 'yellow' : 'red'}
          role="alert"
          title="We could not open your order"
        >
          {outcome.message}
        </Alert>
      )}
      {outcome.kind === 'refused' && outcome.challenge && (
        <Stack gap="sm">
          <SoftLockoutChallengeField challenge={challenge} />
          <Button onClick={() => void retry()} loading={retrying} disabled={retrying} w="fit-content">
            Try again
          </Button>
        </Stack>
      )}
      <LoginRequired />
    </Stack>
  );
}
