import { RE_COLLECT_MESSAGES, reCollectMessage } from '@gear/domain';
import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../api/errors.ts';
import { useReCollect } from '../../api/recollect.ts';

/**
 * /recollect/{accessionNo} (spec 3 §2 'Re-collect page': 'Creating order', then errors; §8 'Re-collect'; decision
 * 0252): asks GET /gear/re-collect/{accessionNo} and follows SUCCESS's redirect to the recollection order. `version`
 * is the order's version the status page read (its link's ?version=), sent as If-Match (decision 0294); a refusal
 * other than the statuses (428, 409) shows its own message.
 */
export function RecollectPage({ accessionNo, version }: { accessionNo: string; version: number | null }) {
  const answer = useReCollect(accessionNo, version);
  const navigate = useNavigate();
  const redirectUrl = answer.data?.status === 'SUCCESS' ? answer.data.redirectUrl : null;
  useEffect(() => {
    if (redirectUrl) void navigate(redirectUrl, { replace: true });
  }, [redirectUrl, navigate]);
  const status = answer.isError ? 'ERROR' : answer.data?.status;
  const refusal =
    answer.isError && isApiError(answer.error) && answer.error.status >= 400 && answer.error.status < 500
      ? answer.error.message
      : null;
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Request a new collection pack</Title>
      {status === undefined || status === 'SUCCESS' ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{RE_COLLECT_MESSAGES.creating}</Text>
        </Group>
      ) : (
        <>
          <Alert color="red" role="alert">
            {refusal ?? reCollectMessage(status, accessionNo)}
          </Alert>
          <Anchor component={Link} to="/contact">
            Questions? Contact us
          </Anchor>
        </>
      )}
    </Stack>
  );
}
