import {
  BILLING_METHODS,
  carrierLabel,
  practitionerNameFor,
  type Requisition,
  type ReviewSection as ReviewSectionKey,
  type SavedOrder,
  type UserInfo,
} from '@gear/domain';
import { List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useRequisitionProduct } from '../../api/requisitions.ts';
import { PractitionerChange } from './practitioner-change.tsx';
import { ReviewQuantity } from './review-quantity.tsx';
import { Fact, ReviewSection } from './section.tsx';
import { TestSelectionsButton } from './test-selections-modal.tsx';

interface OrderSectionsProps {
  order: SavedOrder;
  user: UserInfo;
  canEdit(section: ReviewSectionKey): boolean;
  /** Edit opens the step's own page (by route). */
  onEdit(route: string): void;
}

/** spec 3 §2: the order's own sections: patient info, insurance info, practitioner. */
export function OrderSections({ order, user, canEdit, onEdit }: OrderSectionsProps) {
  const patient = order.patientInfo;
  const residence = patient?.addresses.find((address) => address.type === 'shipping');
  const practitioner = order.practitioner;
  const edit = (section: ReviewSectionKey, route = section) =>
    canEdit(section) ? () => onEdit(route) : undefined;
  const officeOnly = order.requisitions.every((requisition) => requisition.shipToOffice);
  return (
    <>
      {!officeOnly && (
        <ReviewSection title="Patient information" onEdit={edit('patient')}>
          {patient ? (
            <Stack gap={2}>
              <Fact
                label="Name"
                value={[patient.nameFirst, patient.nameMiddle, patient.nameLast].filter(Boolean).join(' ')}
              />
              <Fact label="Date of birth" value={patient.dateOfBirth} />
              <Fact label="Email" value={patient.email} />
              <Fact label="Phone" value={patient.voicePhone ?? residence?.voicePhone} />
              <Fact
                label="Address"
                value={
                  residence
                    ? [
                        residence.address1,
                        residence.address2,
                        residence.city,
                        residence.state,
                        residence.zipCode,
                      ]
                        .filter(Boolean)
                        .join(', ')
                    : null
                }
              />
            </Stack>
          ) : (
            <Text>No patient information has been entered.</Text>
          )}
        </ReviewSection>
      )}
      {!officeOnly && (
        <ReviewSection title="Insurance information" onEdit={edit('insurance')}>
          <Fact
            label="Primary insurance"
            value={
              order.insurance?.insuranceProvider ? carrierLabel(order.insurance.insuranceProvider) : 'None'
            }
          />
          {order.insurance?.subscriberId && (
            <Fact label="Subscriber ID" value={order.insurance.subscriberId} />
          )}
        </ReviewSection>
      )}
      {user.type === 'prc' && order.requisitions.some((requisition) => requisition.dropShip) && (
        <ShippingSection order={order} onEdit={edit('shipping')} />
      )}
      <ReviewSection title="Practitioner" onEdit={user.type === 'myGDX' ? edit('pract') : undefined}>
        {practitioner ? (
          <Stack gap={2}>
            <Text>{practitionerNameFor(practitioner, user)}</Text>
            {user.type === 'myGDX' && (
              <Text size="sm">
                {practitioner.office.name}, {practitioner.office.address.city},{' '}
                {practitioner.office.address.state}
              </Text>
            )}
          </Stack>
        ) : (
          <Text>No practitioner has been chosen.</Text>
        )}
        <PractitionerChange order={order} user={user} />
      </ReviewSection>
    </>
  );
}

/** spec 3 §2: the patient confirmation view adds the shipping info of a drop-ship order. */
function ShippingSection({ order, onEdit }: { order: SavedOrder; onEdit: (() => void) | undefined }) {
  const shipping = order.shippingInformation;
  return (
    <ReviewSection title="Shipping information" onEdit={onEdit}>
      {shipping ? (
        <Stack gap={2}>
          <Fact label="Shipping method" value={shipping.shippingMethod} />
          <Fact label="Attention" value={shipping.attention} />
          <Fact
            label="Address"
            value={[shipping.address1, shipping.address2, shipping.city, shipping.state, shipping.zipCode]
              .filter(Boolean)
              .join(', ')}
          />
          {shipping.instructions && <Fact label="Instructions" value={shipping.instructions} />}
        </Stack>
      ) : (
        <Text>No shipping information has been entered.</Text>
      )}
    </ReviewSection>
  );
}

interface RequisitionFactsProps {
  order: SavedOrder;
  user: UserInfo;
  requisition: Requisition;
  canEdit(section: ReviewSectionKey): boolean;
  isEditing(section: ReviewSectionKey): boolean;
  savedKey: string | null;
  keyOf(section: string, gearReqId: number): string;
  onEditStep(route: string): void;
  onEditInline(section: ReviewSectionKey): void;
  billingEditor: ReactNode;
  panelsEditor: ReactNode;
  /** A quantity save is pending or running on this requisition (Submit waits for it). */
  onQuantityBusy?(busy: boolean): void;
}

const billingText = (requisition: Requisition) => {
  if (requisition.billingMethod === null)
    return 'Not chosen yet: the patient chooses when completing the order.';
  if (requisition.billingMethod === BILLING_METHODS.patientSelects)
    return 'The patient chooses the billing option.';
  return requisition.billingMethod;
};

/**
 * spec 3 §2: the parts of one requisition: diagnosis codes, billing, sample collection and test information (panel,
 * components, add-ons). Billing and test information edit inline (the steps' inline modes); the others open their
 * step.
 */
export function RequisitionFacts({
  order,
  user,
  requisition,
  canEdit,
  isEditing,
  savedKey,
  keyOf,
  onEditStep,
  onEditInline,
  billingEditor,
  panelsEditor,
  onQuantityBusy,
}: RequisitionFactsProps) {
  const saved = (section: string) => savedKey === keyOf(section, requisition.id);
  const product = useRequisitionProduct(requisition.id);
  const profiles = product.data?.profileList ?? [];
  const panel = profiles.find((profile) => profile.id === requisition.panel);
  const componentNames = profiles
    .flatMap((profile) => profile.profileComponents)
    .filter((component, index, all) => all.findIndex((other) => other.id === component.id) === index)
    .filter((component) => requisition.components.includes(component.id))
    .map((component) => component.name);
  const addOnNames = profiles
    .flatMap((profile) => profile.addOnList)
    .filter((addOn) => requisition.addons.some((chosen) => chosen.omsInputFieldID === addOn.id))
    .map((addOn) => addOn.name);
  return (
    <Stack gap="sm">
      {(requisition.shipToOffice || user.type === 'prc') &&
        (canEdit('panels') ? (
          <ReviewQuantity order={order} requisition={requisition} onBusy={onQuantityBusy} />
        ) : (
          <Fact label="Quantity" value={requisition.quantity} />
        ))}
      {user.type === 'myGDX' && (
        <ReviewSection
          level={4}
          title="Diagnosis codes"
          anchor={`dxCodes-${requisition.id}`}
          onEdit={canEdit('dxCodes') ? () => onEditStep('dxCodes') : undefined}
          saved={saved('dxCodes')}
        >
          {requisition.icdCodes.length > 0 ? (
            <List size="sm">
              {requisition.icdCodes.map((code) => (
                <List.Item key={code.code}>
                  {code.code} {code.name}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">None</Text>
          )}
        </ReviewSection>
      )}
      <ReviewSection
        level={4}
        title="Billing"
        anchor={`billing-${requisition.id}`}
        onEdit={canEdit('billing') ? () => onEditInline('billing') : undefined}
        saved={saved('billing')}
        editing={isEditing('billing')}
      >
        {isEditing('billing') ? billingEditor : <Text size="sm">{billingText(requisition)}</Text>}
      </ReviewSection>
      <ReviewSection
        level={4}
        title="Sample collection"
        anchor={`collection-${requisition.id}`}
        onEdit={canEdit('collection') ? () => onEditStep('collection') : undefined}
      >
        <Text size="sm">
          {requisition.dropShip
            ? 'The collection pack is shipped to the patient, with the instructions given.'
            : requisition.shipToOffice
              ? 'Collection packs are shipped to the office.'
              : requisition.dateLastSampleCollected
                ? `Last sample collected ${requisition.dateLastSampleCollected}.`
                : 'Collection details are entered with the sample.'}
        </Text>
      </ReviewSection>
      <ReviewSection
        level={4}
        title="Test information"
        anchor={`panels-${requisition.id}`}
        onEdit={canEdit('panels') ? () => onEditInline('panels') : undefined}
        saved={saved('panels')}
        editing={isEditing('panels')}
      >
        {isEditing('panels') ? (
          panelsEditor
        ) : (
          <Stack gap={2}>
            <Fact
              label="Panel"
              value={panel?.name ?? (requisition.panel ? `Panel ${requisition.panel}` : null)}
            />
            <Fact label="Components" value={componentNames.length > 0 ? componentNames.join(', ') : null} />
            <Fact label="Add-ons" value={addOnNames.length > 0 ? addOnNames.join(', ') : 'None'} />
            {product.data && (
              <TestSelectionsButton
                requisition={requisition}
                selection={{ panel: panel?.name ?? null, components: componentNames, addOns: addOnNames }}
              />
            )}
          </Stack>
        )}
      </ReviewSection>
    </Stack>
  );
}
