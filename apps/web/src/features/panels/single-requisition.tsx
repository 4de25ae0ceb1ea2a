import { formatActivationNumber, isOfferedForMedicareAnswer, MESSAGES } from '@gear/domain';
import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useConfig } from '../../api/context.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { PriceIncreaseModal } from '../../components/price-increase-modal.tsx';
import { WizardButtons } from '../wizard/wizard-buttons.tsx';
import { ActivationSearch } from './activation-search.tsx';
import { allProducts, ProductCatalogue } from './product-catalogue.tsx';
import { RepurposeModal } from './repurpose-modal.tsx';
import { RequisitionDetails } from './requisition-details.tsx';
import { SaveErrors } from './save-errors.tsx';
import {
  isCovidProduct,
  type SingleRequisitionProps,
  useSingleRequisition,
} from './use-single-requisition.ts';

export type { SingleRequisitionProps } from './use-single-requisition.ts';

/**
 * One requisition (spec 1 §2.6 'Requisition details'): Ship to Patient, Activate Online (by number), Activate COVID
 * Test, activation without a number and unknown-id activation. Next saves with PUT /gear/testSelection.
 */
export function SingleRequisition(props: SingleRequisitionProps) {
  const { order, user, orderType, lists, locked, navigation } = props;
  const { supportPhone } = useConfig();
  const form = useSingleRequisition(props);
  const {
    state,
    dispatch,
    save,
    confirmIncrease,
    orderBundle,
    gsdlNo,
    practitionerUser,
    item,
    medicareRefused,
  } = form;
  const { chosen, pack, selection, errors, medicare, pendingIncrease } = state;

  return (
    <form onSubmit={form.onSubmit} noValidate>
      <Stack gap="md">
        {props.showMedicareSelector && (
          <Radio.Group
            label="Will Medicare or Tricare be billed for this order?"
            value={medicare ? 'yes' : 'no'}
            onChange={(value) => form.changeMedicare(value === 'yes')}
          >
            <Group gap="md" mt={4}>
              <Radio value="yes" label="Yes" disabled={locked || (medicareRefused !== null && !medicare)} />
              <Radio value="no" label="No" disabled={locked} />
            </Group>
          </Radio.Group>
        )}
        {medicareRefused && (
          <Alert color="yellow" role="note">
            {medicareRefused}
          </Alert>
        )}
        {form.unregisteredMedicare && (
          <Alert color="yellow" role="note">
            {form.unregisteredMedicare}
          </Alert>
        )}
        {form.medicareProblem && (
          <Alert color="red" role="alert">
            {form.medicareProblem}
          </Alert>
        )}
        {orderType === 'unknownIdActivation' && props.unknownActivationCode && (
          <Alert color="blue" role="status">
            We do not have test orders for activation number{' '}
            {formatActivationNumber(props.unknownActivationCode)} yet. Choose the product of this collection
            pack to activate it.
          </Alert>
        )}
        {orderType === 'noCardRegistration' && (
          <Text size="sm">Choose the product to activate without an activation number.</Text>
        )}
        {form.searching && (
          <ActivationSearch
            order={order}
            user={user}
            gsdlNo={gsdlNo}
            initialNumber={props.query.requisitionNumber}
            dateOfBirth={props.query.dateOfBirth}
            gdxId={props.query.gdxId}
            disabled={locked || save.isPending}
            onFound={form.found}
            onUnknownActivation={(number) => props.onSwitchType('unknownIdActivation', number)}
            onNoNumber={practitionerUser ? () => props.onSwitchType('noCardRegistration') : undefined}
            onCleared={() => dispatch({ type: 'searchCleared' })}
          />
        )}
        {form.fromCatalogue && lists && gsdlNo && medicare && (
          <Text size="sm" role="status">
            {MESSAGES.medicareProductsOnly}
          </Text>
        )}
        {form.fromCatalogue && lists && gsdlNo && (
          <ProductCatalogue
            lists={lists}
            gsdlNo={gsdlNo}
            mode="select"
            onSelect={(picked) => void form.chooseProduct(picked)}
            unavailable={form.notOrderableHere}
            only={(candidate) =>
              (orderType !== 'covidRegistration' || isCovidProduct(candidate)) &&
              isOfferedForMedicareAnswer(candidate, medicare)
            }
            showHighlights={orderType === 'dropShip'}
            disabled={locked || save.isPending || state.loadingItem}
            selectedId={item?.id ?? null}
            onOrderBundle={orderType === 'dropShip' ? form.orderFromBundle : undefined}
            orderingBundleId={orderBundle.isPending ? (orderBundle.variables?.gearBundleId ?? null) : null}
          />
        )}
        {state.bundleError && (
          <Alert color="red" role="alert">
            {state.bundleError}
          </Alert>
        )}
        {state.chooseError && (
          <Alert color="red" role="alert">
            {state.chooseError}
          </Alert>
        )}
        {state.loadingItem && <PageLoader />}
        {practitionerUser && pack && item && !locked && (
          <Group gap="sm">
            {item.id !== pack.requisition.orderableItem.id && (
              <Text size="sm" role="status">
                This collection pack ({pack.requisition.orderableItem.name}) is used for {item.name}.
              </Text>
            )}
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => dispatch({ type: 'repurposing', open: true })}
            >
              Use this pack for a different test
            </Button>
          </Group>
        )}
        {item && chosen && (
          <RequisitionDetails
            item={item}
            selection={selection}
            onChange={form.edit}
            errors={errors ?? { fields: {} }}
            practitionerUser={practitionerUser}
            medicare={medicare}
            shipToOffice={false}
            disabled={locked || save.isPending}
            testsLocked={form.testsLocked}
            gsdlNo={gsdlNo}
            orderId={order.id}
            reqNumber={chosen.reqNumber ?? chosen.requisition.reqNumber}
            activationCode={chosen.activationCode ?? chosen.requisition.activationCode}
          />
        )}
        {form.chelationOnMedicare && (
          <Alert color="yellow" role="note">
            {MESSAGES.chelationNotCovered}
          </Alert>
        )}
        {!item && errors?.test && (
          <Alert color="red" role="alert">
            {errors.test}
          </Alert>
        )}
        <SaveErrors error={save.error} phone={supportPhone} />
        {state.confirmError && (
          <Alert color="red" role="alert">
            {state.confirmError}
          </Alert>
        )}
        <WizardButtons
          onBack={() => void navigation.back()}
          saving={save.isPending || confirmIncrease.isPending}
          inline={props.inline}
        />
      </Stack>
      {pack && lists && item && (
        <RepurposeModal
          opened={state.repurposing}
          packItem={pack.requisition.orderableItem}
          products={allProducts(lists).filter((candidate) => isOfferedForMedicareAnswer(candidate, medicare))}
          unavailable={form.refusal}
          currentId={item.id}
          onChoose={(target) => void form.repurpose(target)}
          onClose={() => dispatch({ type: 'repurposing', open: false })}
        />
      )}
      <PriceIncreaseModal
        opened={pendingIncrease !== null}
        change="Changing the tests of this requisition"
        busy={save.isPending}
        onYes={() => pendingIncrease && form.confirmPriceIncrease(pendingIncrease)}
        onNo={form.declinePriceIncrease}
      />
    </form>
  );
}
