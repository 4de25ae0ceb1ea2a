import {
  type BillingMethod,
  BUNDLE_NAME_MAX_LENGTH,
  bundleBillingOptions,
  bundleFormErrors,
  type FieldError,
  MESSAGES,
  type OrderableItemSummary,
} from '@gear/domain';
import { Alert, Button, Card, Group, List, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import { useBundle, useDeleteBundle, useSaveBundle } from '../../../api/bundles.ts';
import { useOrderableItems } from '../../../api/catalogue.ts';
import { useMessages } from '../../../api/context.tsx';
import { isApiError } from '../../../api/errors.ts';
import { usePractitioner } from '../../../api/practitioners.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ProductCatalogue } from '../product-catalogue.tsx';
import {
  emptyProfile,
  isChanged,
  type ProfileForm,
  type ProfileProduct,
  profileFormOf,
  saveBodyOf,
} from './custom-profile-form.ts';
import { CustomizeProductModal } from './customize-product-modal.tsx';

/** /custom-profile/new/{gsdlNo} and /custom-profile/edit/{gearBundleId} (spec 1 §2.1, spec 3 §2). */
export function CustomProfileEditorPage() {
  const params = useParams();
  const gearBundleId = params.gearBundleId ? Number(params.gearBundleId) : null;
  const text = useMessages();
  const bundle = useBundle(gearBundleId !== null && Number.isInteger(gearBundleId) ? gearBundleId : null);
  if (gearBundleId === null) {
    const gsdlNo = (params.gsdlNo ?? '').toUpperCase();
    return (
      <CustomProfileEditor key={`new-${gsdlNo}`} gsdlNo={gsdlNo} gearBundleId={null} saved={emptyProfile()} />
    );
  }
  if (bundle.isPending && bundle.fetchStatus !== 'idle') return <PageLoader />;
  if (!bundle.data) {
    const error = bundle.error;
    const message = isApiError(error) && error.status < 500 ? error.serverMessage : null;
    return (
      <Stack gap="md">
        <Title order={1}>Custom profile</Title>
        <ErrorAlert message={message ?? text.unexpectedErrorTryAgain} />
        <Link to="/custom-profile">Back to custom profiles</Link>
      </Stack>
    );
  }
  return (
    <CustomProfileEditor
      key={gearBundleId}
      gsdlNo={bundle.data.gsdlNo}
      gearBundleId={gearBundleId}
      saved={profileFormOf(bundle.data)}
    />
  );
}

function messagesOf(error: unknown, fallback: string): string[] {
  if (isApiError(error) && error.status < 500 && error.status !== 0) {
    const fields = error.fieldErrors.map((field: FieldError) => field.defaultMessage);
    return fields.length > 0 ? [...new Set(fields)] : [error.serverMessage ?? fallback];
  }
  return [fallback];
}

function CustomProfileEditor({
  gsdlNo,
  gearBundleId,
  saved,
}: {
  gsdlNo: string;
  gearBundleId: number | null;
  saved: ProfileForm;
}) {
  const text = useMessages();
  const navigate = useNavigate();
  const lists = useOrderableItems(gsdlNo);
  const practitioner = usePractitioner(gsdlNo);
  const save = useSaveBundle();
  const remove = useDeleteBundle();
  const [form, setForm] = useState<ProfileForm>(saved);
  const [baseline, setBaseline] = useState<ProfileForm>(saved);
  const [formErrors, setFormErrors] = useState<FieldError[]>([]);
  const [customizing, setCustomizing] = useState<ProfileProduct | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const leaving = useRef(false);
  const changed = isChanged(form, baseline);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    return !leaving.current && changed && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (!changed) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [changed]);

  const nameError = formErrors.find((error) => error.field === 'name')?.defaultMessage;
  const productsError = formErrors.find((error) => error.field === 'products')?.defaultMessage;
  const billingOptions = practitioner.data ? bundleBillingOptions(practitioner.data) : [form.billingMethod];

  const addProduct = (item: OrderableItemSummary) => {
    setForm((current) => ({
      ...current,
      products: [
        ...current.products,
        {
          omsOrderableItemId: item.id,
          omsOrderableItemName: item.name,
          panel: null,
          components: [],
          addons: [],
          billingMethod: null,
        },
      ],
    }));
    setFormErrors((errors) => errors.filter((error) => error.field !== 'products'));
  };

  const onSave = () => {
    const errors = bundleFormErrors(form);
    setFormErrors(errors);
    if (errors.length > 0) return;
    save.mutate(saveBodyOf(form, gsdlNo, gearBundleId), {
      onSuccess: async (answer) => {
        setBaseline(form);
        leaving.current = true;
        await navigate(`/custom-profile?gsdlNo=${encodeURIComponent(gsdlNo)}&saved=${answer.gearBundleId}`);
      },
    });
  };

  const onDelete = () => {
    if (gearBundleId === null) return;
    remove.mutate(
      { gearBundleId, gsdlNo },
      {
        onSuccess: async () => {
          setConfirmDelete(false);
          leaving.current = true;
          await navigate(`/custom-profile?gsdlNo=${encodeURIComponent(gsdlNo)}&deleted=1`);
        },
      },
    );
  };

  const serverErrors = save.isError ? messagesOf(save.error, text.unexpectedErrorTryAgain) : [];
  const deleteErrors = remove.isError ? messagesOf(remove.error, text.unexpectedErrorTryAgain) : [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{gearBundleId === null ? 'New custom profile' : 'Edit custom profile'}</Title>
        <Link to={`/custom-profile?gsdlNo=${encodeURIComponent(gsdlNo)}`}>Back to custom profiles</Link>
      </Group>
      {practitioner.data && (
        <Text>
          For {practitioner.data.firstName} {practitioner.data.lastName}, {practitioner.data.degree} ({gsdlNo}
          )
        </Text>
      )}
      <TextInput
        label="Custom profile name"
        required
        value={form.name}
        maxLength={BUNDLE_NAME_MAX_LENGTH + 20}
        error={nameError}
        onChange={(event) => {
          const name = event.currentTarget.value;
          setForm((current) => ({ ...current, name }));
        }}
        maw={480}
      />
      <Select
        label="Billing method"
        data={billingOptions}
        value={form.billingMethod}
        allowDeselect={false}
        onChange={(value) =>
          value && setForm((current) => ({ ...current, billingMethod: value as BillingMethod }))
        }
        maw={480}
      />

      <Stack gap="sm" component="section" aria-labelledby="profile-products">
        <Title order={2} id="profile-products" size="h3">
          Products in this profile
        </Title>
        {form.products.length === 0 && <Text>No products yet. Select products below.</Text>}
        <ErrorAlert message={productsError} />
        {form.products.map((product, index) => (
          <Card key={product.omsOrderableItemId} withBorder padding="sm">
            <Group justify="space-between" wrap="wrap">
              <Stack gap={2}>
                <Text fw={600}>{product.omsOrderableItemName}</Text>
                <Text size="sm">
                  {product.panel === null && product.components.length === 0
                    ? 'Base panel'
                    : `${product.components.length > 0 ? `${product.components.length} tests` : 'Panel'} selected`}
                  {product.addons.length > 0 ? `, ${product.addons.length} add-on(s)` : ''}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  aria-label={`Customize ${product.omsOrderableItemName}`}
                  onClick={() => setCustomizing(product)}
                >
                  Customize
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  color="red"
                  aria-label={`Remove ${product.omsOrderableItemName}`}
                  onClick={() =>
                    setForm((current) => ({
                      ...current,
                      products: current.products.filter((_, position) => position !== index),
                    }))
                  }
                >
                  Remove
                </Button>
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>

      {serverErrors.length > 0 && (
        <Alert color="red" role="alert">
          {serverErrors.length === 1 ? (
            serverErrors[0]
          ) : (
            <List size="sm">
              {serverErrors.map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      <ErrorAlert message={deleteErrors[0]} />
      <Group>
        <Button onClick={onSave} loading={save.isPending}>
          Save
        </Button>
        {gearBundleId !== null && (
          <Button color="red" onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        )}
      </Group>

      <Stack gap="sm" component="section" aria-labelledby="profile-catalogue">
        <Title order={2} id="profile-catalogue" size="h3">
          Add products
        </Title>
        {lists.isPending && <PageLoader />}
        {lists.isError && <ErrorAlert message={text.unexpectedErrorTryAgain} />}
        {lists.data && (
          <ProductCatalogue
            lists={lists.data}
            gsdlNo={gsdlNo}
            mode="select"
            onSelect={addProduct}
            unavailable={(item) =>
              form.products.some((product) => product.omsOrderableItemId === item.id)
                ? MESSAGES.productAlreadyAdded
                : null
            }
            showHighlights={false}
            disabled={false}
          />
        )}
      </Stack>

      <CustomizeProductModal
        product={customizing}
        gsdlNo={gsdlNo}
        onClose={() => setCustomizing(null)}
        onSave={(product) => {
          setForm((current) => ({
            ...current,
            products: current.products.map((other) =>
              other.omsOrderableItemId === product.omsOrderableItemId ? product : other,
            ),
          }));
          setCustomizing(null);
        }}
      />
      <ConfirmDialog
        opened={confirmDelete}
        title="Delete custom profile"
        onYes={onDelete}
        onNo={() => setConfirmDelete(false)}
        yesLabel="Delete"
        noLabel="Cancel"
        busy={remove.isPending}
      >
        <Text>Are you sure you want to delete the custom profile {saved.name}?</Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={blocker.state === 'blocked'}
        title="Unsaved changes"
        onYes={() => blocker.proceed?.()}
        onNo={() => blocker.reset?.()}
        yesLabel="Leave"
        noLabel="Stay"
      >
        <Text>{MESSAGES.bundleUnsavedChanges}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
