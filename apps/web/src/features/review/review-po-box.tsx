import { asksReviewPoBoxQuestion, type SavedOrder, SHIPPING_METHODS } from '@gear/domain';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { useSavePatient } from '../../api/patients.ts';
import { PoBoxDialog } from '../../components/po-box-dialog.tsx';

/**
 * spec 3 §2 Review modals 'PO-box confirmation' and §5 'A drop-ship address containing a PO box limits shipping to
 * Smart Post' (decision 0189): Submit first asks 'Is this a P.O. Box?'. Yes saves Smart Post (the patient save, as on
 * the patient step) and submits again once the order and its payment summary are read afresh; No submits as it is.
 * Asked once per visit of the review.
 */
export function useReviewPoBoxQuestion(facts: {
  order: SavedOrder;
  submit(): void;
  onFailure(message: string): void;
  /** The payment summary is being read again (the amounts may change with the method). */
  summaryReading: boolean;
}) {
  const { order, submit, onFailure, summaryReading } = facts;
  const save = useSavePatient();
  const [open, setOpen] = useState(false);
  const [answered, setAnswered] = useState(false);
  const [resubmitAt, setResubmitAt] = useState<number | null>(null);

  useEffect(() => {
    if (resubmitAt === null || order.version < resubmitAt || summaryReading) return;
    setResubmitAt(null);
    submit();
  }, [resubmitAt, order.version, summaryReading, submit]);

  /** True when Submit may go on now; false when the question was asked instead. */
  const mayGoOn = () => {
    if (answered || !asksReviewPoBoxQuestion(order)) return true;
    setOpen(true);
    return false;
  };

  const answer = (isPoBox: boolean) => {
    setOpen(false);
    setAnswered(true);
    if (!isPoBox || order.patientInfo === null) {
      submit();
      return;
    }
    save.mutate(
      // The patient's details as saved on the patient step (their age answer included), with Smart Post.
      {
        ...order,
        patientInfo: order.patientInfo,
        shippingMethod: SHIPPING_METHODS.smartPost,
        confirmedAge: true,
      },
      {
        onSuccess: (saved) => setResubmitAt(saved.version),
        onError: (error) =>
          onFailure(isApiError(error) ? error.message : 'The shipping method could not be changed.'),
      },
    );
  };

  const dialog = <PoBoxDialog opened={open} onYes={() => answer(true)} onNo={() => answer(false)} />;
  return { mayGoOn, dialog, busy: save.isPending || resubmitAt !== null };
}
