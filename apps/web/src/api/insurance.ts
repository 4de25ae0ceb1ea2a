import type { GearOrder, IdCardAttachmentType, IdCardUploadResult } from '@gear/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from './client.ts';
import { useApi } from './context.tsx';
import { queryKeys } from './keys.ts';

/** The body of PUT /gear/order/{id}/insurance/: the whole order, with the Medicare/Tricare answer. */
export type InsuranceSave = GearOrder & { id: number; medicareBeneficiaryIdConfirmed: boolean };

/** PUT /gear/order/{id}/insurance/: the answer is the saved order. */
export function useSaveInsurance() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: InsuranceSave) => api.put<GearOrder>(`/gear/order/${order.id}/insurance/`, order),
    onSuccess: (saved) => {
      if (typeof saved.id === 'number') queryClient.setQueryData(queryKeys.order(saved.id), saved);
    },
  });
}

/** POST /gear/uploadInsuranceAttachment (multipart: file, type, gearOrderId; decision 0023). */
export function uploadIdCard(
  api: ApiClient,
  upload: { orderId: number; version: number; type: IdCardAttachmentType; file: Blob; fileName: string },
) {
  const form = new FormData();
  form.append('type', upload.type);
  form.append('gearOrderId', String(upload.orderId));
  form.append('file', upload.file, upload.fileName);
  return api.post<IdCardUploadResult>('/gear/uploadInsuranceAttachment', form, {
    ifMatchVersion: upload.version,
  });
}

/** DELETE /gear/deleteInsuranceAttachment?orderId&cardImgType (spec 2 §7), with the order's version as If-Match. */
export const deleteIdCard = (
  api: ApiClient,
  target: { orderId: number; version: number; type: IdCardAttachmentType },
) =>
  api.delete<unknown>('/gear/deleteInsuranceAttachment', {
    query: { orderId: target.orderId, cardImgType: target.type },
    ifMatchVersion: target.version,
  });

/** Where an ID-card image is read back; the upload time tells a replaced image apart (no stale cache). */
export const idCardImageUrl = (orderId: number, type: IdCardAttachmentType, uploadedAt: string) =>
  `/gear/order/${orderId}/attachments/${type}?v=${encodeURIComponent(uploadedAt)}`;

/** Reads the order again (its attachments and version change with every card). */
export const refreshOrder = (queryClient: ReturnType<typeof useQueryClient>, orderId: number) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.order(orderId), exact: true });
