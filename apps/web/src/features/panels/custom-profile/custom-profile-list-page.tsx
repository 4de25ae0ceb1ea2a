import { Alert, Anchor, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useBundles } from '../../../api/bundles.ts';
import { useMessages } from '../../../api/context.tsx';
import { usePractitionerOptions } from '../../../api/practitioners.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useSession } from '../../../services/app-services.tsx';

/** /custom-profile (spec 3 §2): the custom profiles of a practitioner the user may order for. */
export function CustomProfileListPage() {
  const session = useSession();
  if (session.status === 'unknown') return <PageLoader />;
  if (session.status !== 'signedIn') return <Navigate to="/login" replace />;
  if (session.user.type !== 'myGDX') return <Navigate to="/" replace />;
  return <CustomProfileList />;
}

function CustomProfileList() {
  const text = useMessages();
  const [params, setParams] = useSearchParams();
  const options = usePractitionerOptions();
  const practitioners = options.data ?? [];
  const chosen = params.get('gsdlNo')?.toUpperCase() ?? practitioners[0]?.gsdlNo ?? null;
  const bundles = useBundles(chosen);
  const savedId = Number(params.get('saved'));
  const deleted = params.get('deleted') === '1';

  return (
    <Stack gap="lg">
      <Title order={1}>Custom profiles</Title>
      {savedId > 0 && (
        <Alert color="green" role="status">
          The custom profile was saved.
        </Alert>
      )}
      {deleted && (
        <Alert color="green" role="status">
          The custom profile was deleted.
        </Alert>
      )}
      {options.isPending && <PageLoader />}
      {options.isError && <ErrorAlert message={text.unexpectedErrorTryAgain} />}
      {practitioners.length > 0 && (
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Practitioner"
            data={practitioners.map((p) => ({
              value: p.gsdlNo,
              label: `${p.firstName} ${p.lastName}, ${p.degree} (${p.gsdlNo})`,
            }))}
            value={chosen}
            allowDeselect={false}
            onChange={(gsdlNo) => gsdlNo && setParams({ gsdlNo })}
            miw={320}
          />
          {chosen && (
            <Button component={Link} to={`/custom-profile/new/${encodeURIComponent(chosen)}`}>
              New custom profile
            </Button>
          )}
        </Group>
      )}
      {bundles.isPending && bundles.fetchStatus !== 'idle' && <PageLoader />}
      {bundles.isError && <ErrorAlert message={text.unexpectedErrorTryAgain} />}
      {bundles.data && bundles.data.length === 0 && (
        <Text>This practitioner has no custom profiles yet.</Text>
      )}
      {bundles.data && bundles.data.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Products</Table.Th>
                <Table.Th scope="col">Billing method</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {bundles.data.map((bundle) => (
                <Table.Tr key={bundle.gearBundleId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/custom-profile/edit/${bundle.gearBundleId}`}>
                      {bundle.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{bundle.productNamesString}</Table.Td>
                  <Table.Td>{bundle.billingMethod}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
