import {
  type CollectionNotes,
  type FieldError,
  type GearOrder,
  isOrderLocked,
  type Requisition,
  type SavedOrder,
  type UserInfo,
  validateDropShipInstructions,
} from '@gear/domain';
import { Stack, Text } from '@mantine/core';
import { type FormEvent, useMemo, useState } from 'react';
import { useMessages } from '../../api/context.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { CollectionButtons } from './collection-buttons.tsx';
import { CollectionNotesFields } from './collection-notes.tsx';
import { Title2 } from './sample-collection-form.tsx';
import { saveFailure } from './save-errors.ts';
import { useSaveDropShipInstructions } from './use-save-collection.ts';

export interface DropShipInstructionsFormProps {
  order: SavedOrder;
  user: UserInfo;
  requisition: Requisition;
  onBack: () => void;
  onSaved: (saved: GearOrder, then: 'next' | 'addAnother') => void;
  offerAddAnother: boolean;
}

/**
 * spec 2 §2 Drop-ship instructions: shown instead of the collection form to practitioners for a drop-ship
 * requisition without a number (the patient collects later): patient instructions, clinical findings, route number.
 */
export function DropShipInstructionsForm(props: DropShipInstructionsFormProps) {
  const { order, user, requisition, onBack, onSaved, offerAddAnother } = props;
  const text = useMessages();
  const save = useSaveDropShipInstructions();
  const locked = isOrderLocked(order, user);
  const initial = useMemo<CollectionNotes>(
    () => ({
      patientInstructions: requisition.patientInstructions,
      clinicalFindings: requisition.clinicalFindings,
      routeNumber: requisition.routeNumber,
    }),
    [requisition],
  );
  const [notes, setNotes] = useState(initial);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  useUnsavedChanges(!locked && JSON.stringify(notes) !== JSON.stringify(initial));
  const fieldError = (field: string) => errors.find((error) => error.field === field)?.defaultMessage;

  const submit = (then: 'next' | 'addAnother') => {
    setFailure(null);
    if (locked) {
      onSaved(order, then);
      return;
    }
    const found = validateDropShipInstructions(notes);
    setErrors(found);
    if (found.length > 0) return;
    save.mutate(
      { gearOrderId: order.id, gearReqId: requisition.id, version: order.version, ...notes },
      {
        onSuccess: (saved) => {
          if (!saved || typeof saved.id !== 'number') setFailure(text.collectionSaveFailed);
          else onSaved(saved, then);
        },
        onError: (error) => {
          const result = saveFailure(error, text.collectionSaveFailed);
          setErrors(result.fieldErrors);
          setFailure(result.message ?? result.fieldErrors[0]?.defaultMessage ?? null);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit('next');
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title2 requisition={requisition} />
        <Text size="sm">
          This collection pack ships to the patient, who records the collection when the sample is taken. Add
          any instructions for the patient and notes for the lab.
        </Text>
        <CollectionNotesFields
          notes={notes}
          errors={{
            patientInstructions: fieldError('patientInstructions'),
            clinicalFindings: fieldError('clinicalFindings'),
            routeNumber: fieldError('routeNumber'),
          }}
          editable
          disabled={locked || save.isPending}
          onChange={setNotes}
        />
        <CollectionButtons
          failure={failure}
          onBack={onBack}
          saving={save.isPending}
          onAddAnother={offerAddAnother ? () => submit('addAnother') : undefined}
        />
      </Stack>
    </form>
  );
}
