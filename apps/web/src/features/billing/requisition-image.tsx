import { Anchor, Image, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Modal } from '../../components/modal.tsx';
import imageUrl from './requisition-billing.svg';

const ALT =
  'The billing section of a test requisition form: one box each for Bill Insurance with Patient Payment, ' +
  'No Insurance Billing: Pay Full Amount, Physician Account (Bill Practitioner) and Medicare or Tricare, above ' +
  'the diagnosis codes.';

/** spec 1 §2.5 'a requisition image popup': where the billing option is on the paper requisition (our drawing). */
export function RequisitionImage() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={open}>
        View the requisition form
      </Anchor>
      <Modal
        opened={opened}
        onClose={close}
        title="Requisition form: billing section"
        closeButtonProps={{ 'aria-label': 'Close the requisition form' }}
        size="auto"
      >
        <Image src={imageUrl} alt={ALT} w={360} h="auto" />
        <Text size="xs" mt="xs" maw={360}>
          The billing option chosen here is the one marked on the requisition that goes with the sample.
        </Text>
      </Modal>
    </>
  );
}
