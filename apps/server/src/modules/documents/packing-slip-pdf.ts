import { formatCalendarDateUs, type GearOrder, packingSlipLines, shippingAddressOf } from '@gear/domain';
import bwipjs from 'bwip-js/node';
import { field, renderPdf } from './pdf.ts';

interface ShipTo {
  name: string;
  lines: string[];
}

const addressLines = (address: {
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
}) =>
  [
    address.address1,
    address.address2,
    [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    address.country,
  ].filter((line): line is string => Boolean(line?.trim()));

/** Where the packs go: the saved shipping information, else the patient's address of a drop-ship order, else the office. */
function shipToOf(order: GearOrder): ShipTo | null {
  const info = order.shippingInformation;
  if (info?.address1)
    return { name: [info.company, info.attention].filter(Boolean).join(', '), lines: addressLines(info) };
  const patientAddress = order.patientInfo ? shippingAddressOf(order.patientInfo) : undefined;
  if (order.containsDropShipRequisition && patientAddress?.address1 && order.patientInfo)
    return {
      name: [order.patientInfo.nameFirst, order.patientInfo.nameLast].filter(Boolean).join(' '),
      lines: addressLines(patientAddress),
    };
  const office = order.practitioner?.office;
  return office ? { name: office.name, lines: addressLines(office.address) } : null;
}

/**
 * A Code 128 barcode of the order number, as a PNG a scanner reads from print or screen: white margins of ten modules
 * around the bars (the quiet zone scanners need to find the symbol).
 */
export const orderBarcode = (orderId: number): Promise<Buffer> =>
  bwipjs.toBuffer({
    bcid: 'code128',
    text: String(orderId),
    scale: 3,
    height: 12,
    includetext: false,
    paddingwidth: 10,
    paddingheight: 4,
    backgroundcolor: 'FFFFFF',
  });

/**
 * spec 3 §2, §7 packing slip: the order number as a barcode and text, where the packs go, the shipping method and
 * one line per pack (requisition number, product, quantity).
 */
export async function packingSlipPdf(order: GearOrder & { id: number }, today: string): Promise<Buffer> {
  const barcode = await orderBarcode(order.id);
  const lines = packingSlipLines(order);
  const shipTo = shipToOf(order);
  return renderPdf(
    `Packing Slip ${order.id}`,
    (doc) => {
      doc.font('Helvetica-Bold').fontSize(18).text('Packing Slip');
      doc.moveDown(0.3);
      doc.image(barcode, { width: 240 });
      doc.moveDown(0.3);
      field(doc, 'Order number', String(order.id));
      field(doc, 'Date', formatCalendarDateUs(today));
      field(doc, 'Shipping method', order.shippingMethod);
      if (order.practitioner)
        field(
          doc,
          'Practitioner',
          `${order.practitioner.firstName} ${order.practitioner.lastName}, ${order.practitioner.degree} (${order.practitioner.gsdlNo})`,
        );
      if (shipTo) {
        doc.moveDown(0.5);
        doc.font('Helvetica-Bold').fontSize(11).text('Ship to');
        doc.font('Helvetica');
        for (const line of [shipTo.name, ...shipTo.lines].filter(Boolean)) doc.text(line);
      }
      doc.moveDown();
      const left = doc.page.margins.left;
      const columns = { req: left, product: left + 110, quantity: left + 400 };
      const header = doc.y;
      doc.font('Helvetica-Bold').fontSize(11);
      doc.text('Requisition', columns.req, header);
      doc.text('Product', columns.product, header);
      doc.text('Quantity', columns.quantity, header);
      doc.font('Helvetica');
      for (const line of lines) {
        const y = doc.y + 4;
        doc.text(line.reqNumber || '—', columns.req, y, { width: 100 });
        doc.text(line.product, columns.product, y, { width: 280 });
        doc.text(String(line.quantity), columns.quantity, y);
      }
      doc.moveDown();
      doc.text(`Packs: ${lines.reduce((sum, line) => sum + line.quantity, 0)}`, left);
    },
    undefined,
    order.createdAt,
  );
}
