import { formatCents, type GearOrder, type RecordedPayment } from '@gear/domain';
import { field, renderPdf } from '../documents/pdf.ts';

const METHOD_NAMES: Readonly<Record<string, string>> = {
  card: 'Card',
  cardOnFile: 'Card on file',
  check: 'Check',
  prepay: 'Prepay code',
  expeditedShipping: 'Expedited shipping',
};

/** How a payment was made, as a receipt names it: the card's brand and last four digits, never more. */
function methodOf(payment: RecordedPayment): string {
  const name = METHOD_NAMES[payment.paymentType] ?? payment.paymentType;
  return payment.cardLast4 ? `${name} (${payment.cardBrand ?? 'Card'} ending ${payment.cardLast4})` : name;
}

/**
 * The receipt of an order's payments (spec 3 §2 'Download Receipt'; decision 0120): each payment with what it paid,
 * how, the amount taken and its transaction id, and a plan's instalments with their dates and states.
 */
export function receiptPdf(order: GearOrder, payments: readonly RecordedPayment[]): Promise<Buffer> {
  return renderPdf(
    `Receipt for order ${order.id}`,
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(18).text('Payment receipt');
      doc.moveDown(0.5);
      field(doc, 'Order', String(order.id));
      if (order.patientInfo)
        field(
          doc,
          'Patient',
          [order.patientInfo.nameFirst, order.patientInfo.nameLast].filter(Boolean).join(' '),
        );
      doc.moveDown();
      let total = 0;
      for (const payment of payments) {
        const requisition = order.requisitions.find((r) => r.id === payment.gearReqId);
        const what = requisition ? requisition.omsOrderableItemName : 'Expedited shipping charges';
        doc.font('Helvetica-Bold').fontSize(12).text(what);
        field(doc, 'Paid with', methodOf(payment));
        field(doc, 'Amount', formatCents(payment.amountCents));
        field(doc, 'Status', payment.status);
        if (payment.transactionId) field(doc, 'Transaction', payment.transactionId);
        field(doc, 'Date', payment.createdAt.slice(0, 10));
        for (const instalment of payment.instalments)
          doc
            .font('Helvetica')
            .fontSize(10)
            .text(
              `Instalment ${instalment.number}: ${formatCents(instalment.amountCents)} on ${instalment.dueDate} (${instalment.status}${instalment.failureMessage ? `: ${instalment.failureMessage}` : ''})`,
            );
        if (['authorized', 'captured'].includes(payment.status)) total += payment.amountCents;
        doc.moveDown();
      }
      field(doc, 'Total charged', formatCents(total));
    },
    undefined,
    order.createdAt,
  );
}
