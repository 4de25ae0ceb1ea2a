import {
  type BillingMethod,
  BUNDLE_NAME_MAX_LENGTH,
  bundleBillingOptions,
  bundleFormErrors,
  type FieldError,
  MESSAGES,
  type OrderableItemSummary,
} from '@gear/domain';
import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import { useBundle, useDeleteBundle, useSaveBundle } from '../../../api/bundles.ts';
import { useOrderableItems } from '../../../api/catalogue.ts';
import { useMessages } from '../../../api/context.tsx';
import { isApiError } from '../../../api/errors.ts';
import { serverFieldErrors } from '../../../api/field-errors.ts';
import { usePractitioner } from '../../../api/practitioners.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ErrorSummary, summaryErrorOf, useErrorSummary } from '../../../components/error-summary.tsx';
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

/** The names people read for the form's fields, in the error summary. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Custom profile name',
  billingMethod: 'Billing method',
  products: 'Products in this profile',
};

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

/** A refusal without field errors: the server's message for a 4xx, else the generic text. */
const refusalOf = (error: unknown, fallback: string): string =>
  (isApiError(error) && error.status < 500 && error.status !== 0 && error.serverMessage) || fallback;

/** The form's field an error belongs to: a product's own errors (`products.2.panel`) point at that product. */
const formFieldOf = (field: string): string => /^products\.\d+/.exec(field)?.[0] ?? field;

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

  const summary = useErrorSummary();
  const messageOf = (field: string) =>
    formErrors.find((error) => formFieldOf(error.field) === field)?.defaultMessage;
  /** Each message beside its field and in the summary above the form (issue 15, decision 0322). */
  const showErrors = (errors: FieldError[]) => {
    setFormErrors(errors);
    summary.show(
      errors.map((error) => {
        const field = formFieldOf(error.field);
        const product = form.products[Number(field.split('.')[1])];
        const label = product ? product.omsOrderableItemName : (FIELD_LABELS[field] ?? '');
        return summaryErrorOf({ ...error, field }, label);
      }),
    );
  };
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
    showErrors(errors);
    if (errors.length > 0) return;
    save.mutate(saveBodyOf(form, gsdlNo, gearBundleId), {
      onError: (error) => showErrors(serverFieldErrors(error)),
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

  const saveError =
    save.isError && serverFieldErrors(save.error).length === 0
      ? refusalOf(save.error, text.unexpectedErrorTryAgain)
      : null;
  const deleteError = remove.isError ? refusalOf(remove.error, text.unexpectedErrorTryAgain) : null;
  const productsError = messageOf('products');

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
      <ErrorSummary errors={summary.errors} summaryRef={summary.summaryRef} />
      <TextInput
        label={FIELD_LABELS.name}
        name="name"
        required
        value={form.name}
        maxLength={BUNDLE_NAME_MAX_LENGTH + 20}
        error={messageOf('name')}
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
        error={messageOf('billingMethod')}
        onChange={(value) =>
          value && setForm((current) => ({ ...current, billingMethod: value as BillingMethod }))
        }
        maw={480}
      />

      <Stack gap="sm" component="section" aria-labelledby="profile-products">
        <Title order={2} id="profile-products" size="h3">
          {FIELD_LABELS.products}
        </Title>
        {form.products.length === 0 && <Text>No products yet. Select products below.</Text>}
        {productsError && (
          <Text id="profile-products-error" c="red.9" size="sm">
            {productsError}
          </Text>
        )}
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
                  name={`products.${index}`}
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

      <ErrorAlert message={saveError} />
      <ErrorAlert message={deleteError} />
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

      <Stack
        gap="sm"
        component="section"
        aria-labelledby="profile-catalogue"
        aria-describedby={productsError ? 'profile-products-error' : undefined}
        tabIndex={-1}
      >
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
