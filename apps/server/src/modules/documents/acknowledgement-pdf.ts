import { type AcknowledgementKind, acknowledgementRecord, type GearOrder } from '@gear/domain';
import { ACKNOWLEDGEMENT_TEXTS } from './acknowledgement-texts.ts';
import { field, renderPdf } from './pdf.ts';

/**
 * spec 3 §7 GET /gear/(nsa-)acknowledgement/order/{id}/pdf: the text the patient agreed to, for this order, with who
 * agreed and when (docs/decisions/0092); an acknowledgement not given yet says so.
 */
export function acknowledgementPdf(
  order: GearOrder & { id: number },
  kind: AcknowledgementKind,
): Promise<Buffer> {
  const { title, paragraphs } = ACKNOWLEDGEMENT_TEXTS[kind];
  const record = acknowledgementRecord(order, kind);
  return renderPdf(
    title,
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(16).text(title);
      doc.moveDown(0.5);
      field(doc, 'Order', String(order.id));
      field(doc, 'Patient', record.patientName || 'Not yet given');
      if (record.responsibleParty) field(doc, 'Responsible party', record.responsibleParty);
      doc.moveDown();
      doc.font('Helvetica').fontSize(11);
      for (const paragraph of paragraphs) doc.text(paragraph, { align: 'left' }).moveDown(0.6);
      doc.moveDown();
      if (record.agreed) field(doc, 'Acknowledged', record.date ? `Yes, on ${record.date}` : 'Yes');
      else field(doc, 'Acknowledged', 'Not yet acknowledged');
    },
    undefined,
    order.createdAt,
  );
}
