import {
  checkUpload,
  formatMegabytes,
  type GearOrder,
  type IdCardAttachmentType,
  idCardSlots,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
} from '@gear/domain';
import { Alert, Button, FileButton, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/context.tsx';
import { isApiError } from '../../api/errors.ts';
import { deleteIdCard, idCardImageUrl, refreshOrder, uploadIdCard } from '../../api/insurance.ts';
import { queryKeys } from '../../api/keys.ts';
import { reencodeAsJpeg } from './reencode-jpeg.ts';

export const SLOT_LABELS: Record<IdCardAttachmentType, string> = {
  'ins-primary-front': 'Primary insurance card, front',
  'ins-primary-back': 'Primary insurance card, back',
  'ins-secondary-front': 'Secondary insurance card, front',
  'ins-secondary-back': 'Secondary insurance card, back',
  'gov-id-front': 'Government ID, front',
  'gov-id-back': 'Government ID, back',
};

const ACCEPT = 'image/jpeg,image/png,image/gif';

/**
 * spec 2 §5, §8: the browser's own check before anything is sent (size, then extension, MIME type and first bytes
 * alike); the spec's message, or null when the file may go.
 */
export async function refusalOf(file: File): Promise<string | null> {
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge(file.name, formatMegabytes(file.size));
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const checked = checkUpload({ fileName: file.name, mimeType: file.type, bytes: head });
  return checked.ok ? null : checked.message;
}

interface SlotProps {
  orderId: number;
  /** The order's version as this screen last read it. */
  version: number;
  type: IdCardAttachmentType;
  attachment: NonNullable<GearOrder['attachments']>[IdCardAttachmentType];
  disabled: boolean;
  onBusy(busy: boolean): void;
}

function CardSlot({ orderId, version, type, attachment, disabled, onBusy }: SlotProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'upload' | 'delete' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const label = SLOT_LABELS[type];
  /** The version a card change is based on: the order as last read (each card re-reads it; decision 0065). */
  const currentVersion = () =>
    queryClient.getQueryData<GearOrder>(queryKeys.order(orderId))?.version ?? version;

  const work = async (kind: 'upload' | 'delete', task: () => Promise<void>) => {
    setBusy(kind);
    onBusy(true);
    setMessage(null);
    try {
      await task();
    } finally {
      setBusy(null);
      onBusy(false);
    }
  };

  const upload = (file: File | null) => {
    if (!file) return;
    void work('upload', async () => {
      const refusal = await refusalOf(file);
      if (refusal) {
        setMessage(refusal);
        return;
      }
      let jpeg: Blob;
      try {
        jpeg = await reencodeAsJpeg(file);
      } catch {
        setMessage(UPLOAD_MESSAGES.notAnImage);
        return;
      }
      try {
        await uploadIdCard(api, {
          orderId,
          version: currentVersion(),
          type,
          file: jpeg,
          fileName: `${type}.jpg`,
        });
      } catch (error) {
        const first = isApiError(error) ? error.fieldErrors[0] : undefined;
        setMessage(first?.defaultMessage ?? UPLOAD_MESSAGES.saveFailed);
        return;
      }
      await refreshOrder(queryClient, orderId);
    });
  };

  const remove = () =>
    void work('delete', async () => {
      try {
        await deleteIdCard(api, { orderId, version: currentVersion(), type });
      } catch {
        setMessage(UPLOAD_MESSAGES.deleteFailed);
        return;
      }
      await refreshOrder(queryClient, orderId);
    });

  return (
    <Paper withBorder p="sm" component="section" aria-label={label}>
      <Stack gap="xs">
        <Text fw={600}>{label}</Text>
        {attachment ? (
          <Image
            src={idCardImageUrl(orderId, type, attachment.uploadedAt)}
            alt={`${label} as uploaded`}
            h={120}
            w="auto"
            fit="contain"
            radius="sm"
          />
        ) : (
          <Text fz="sm" c="dimmed">
            No image yet.
          </Text>
        )}
        <Group gap="xs">
          <FileButton onChange={upload} accept={ACCEPT} disabled={disabled || busy !== null}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="compact-sm"
                loading={busy === 'upload'}
                aria-label={`${attachment ? 'Replace' : 'Upload'} ${label}`}
              >
                {attachment ? 'Replace' : 'Upload'}
              </Button>
            )}
          </FileButton>
          {attachment && (
            <Button
              variant="default"
              size="compact-sm"
              onClick={remove}
              loading={busy === 'delete'}
              disabled={disabled || busy !== null}
              aria-label={`Delete ${label}`}
            >
              Delete
            </Button>
          )}
        </Group>
        {message && (
          <Alert color="red" role="alert" p="xs">
            {message}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** spec 2 §2, §4: Upload ID Cards, a slot per side of each card (the secondary card's while there is one). */
export function IdCardUploads({
  order,
  hasSecondary,
  disabled,
  onBusy,
}: {
  order: GearOrder & { id: number };
  hasSecondary: boolean;
  disabled: boolean;
  onBusy(busy: boolean): void;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="id-cards-heading">
      <Text component="h2" fw={700} fz="lg" id="id-cards-heading">
        Upload ID Cards
      </Text>
      <Text fz="sm">JPEG, PNG or GIF images up to 12 MB. Images are sent as JPEG.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {idCardSlots(hasSecondary).map((type) => (
          <CardSlot
            key={type}
            orderId={order.id}
            version={order.version}
            type={type}
            attachment={order.attachments?.[type]}
            disabled={disabled}
            onBusy={onBusy}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
