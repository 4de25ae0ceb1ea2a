import type { GearOrder, IntakeEvent } from '@gear/domain';
import { Hl7Message, type Hl7Segment } from '@medplum/core';

/** Why an HL7 message cannot be taken (answered AR). */
export class Hl7Rejected extends Error {}

/** HL7 v2 timestamps (YYYYMMDD[HHMM[SS]]) as ISO 8601 in UTC; null when absent or malformed. */
export function isoOfHl7(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const hl7Timestamp = (date: Date) => date.toISOString().replace(/[-:T]/g, '').slice(0, 14);

/** OBR-25 result status → the lab's requisitionStatusId (F final 3, C corrected 4; anything else in progress 2). */
export const STATUS_OF_OBR25: Record<string, number> = { F: 3, C: 4, P: 2, I: 2, S: 2, R: 2, A: 2 };

/**
 * An ORU^R01 mapped onto intake events (decision 0251): per OBR, the accession from OBR-18 or else ORC-3; OBR-25 X
 * is a discarded specimen (NTE comments after it are its issues); F or C with an OBX of type ED carrying a base64
 * PDF is results ready; anything else a status change. Event ids are MSH-10 and the OBR's position.
 */
export function eventsOfOru(text: string): { message: Hl7Message; events: IntakeEvent[] } {
  const message = Hl7Message.parse(text.replace(/\r?\n/g, '\r'));
  const msh = message.getSegment('MSH');
  if (!msh) throw new Hl7Rejected('No MSH segment');
  const type = `${msh.getComponent(9, 1)}^${msh.getComponent(9, 2)}`;
  if (type !== 'ORU^R01') throw new Hl7Rejected(`Unsupported message type ${type}`);
  const controlId = msh.getField(10).toString();
  if (!controlId) throw new Hl7Rejected('MSH-10 (message control id) is empty');
  const sentAt = isoOfHl7(msh.getField(7).toString()) ?? new Date().toISOString();
  const events: IntakeEvent[] = [];
  let orc: Hl7Segment | undefined;
  let current: { obr: Hl7Segment; pdf: string | null; notes: string[]; index: number } | null = null;
  const flush = () => {
    if (!current) return;
    const { obr, pdf, notes, index } = current;
    const accessionNo = obr.getComponent(18, 1) || orc?.getComponent(3, 1) || '';
    if (!accessionNo) throw new Hl7Rejected(`OBR ${index}: no accession in OBR-18 or ORC-3`);
    const status = obr.getField(25).toString();
    const occurredAt = isoOfHl7(obr.getField(22).toString()) ?? sentAt;
    const id = `${controlId}:${index}`;
    if (status === 'X') events.push({ type: 'lab.discarded', id, occurredAt, accessionNo, issues: notes });
    else if ((status === 'F' || status === 'C') && pdf)
      events.push({
        type: 'lab.results',
        id,
        occurredAt,
        accessionNo,
        requisitionStatusId: STATUS_OF_OBR25[status] ?? 3,
        resultPdfBase64: pdf,
      });
    else
      events.push({
        type: 'lab.status',
        id,
        occurredAt,
        accessionNo,
        requisitionStatusId: STATUS_OF_OBR25[status] ?? 2,
      });
    current = null;
  };
  let obrCount = 0;
  for (const segment of message.segments) {
    if (segment.name === 'ORC') {
      flush();
      orc = segment;
    } else if (segment.name === 'OBR') {
      flush();
      obrCount += 1;
      current = { obr: segment, pdf: null, notes: [], index: obrCount };
    } else if (segment.name === 'OBX' && current && segment.getField(2).toString() === 'ED') {
      // OBX-5 of type ED: source^type^subtype^encoding^data.
      if (segment.getComponent(5, 4).toLowerCase() === 'base64') current.pdf = segment.getComponent(5, 5);
    } else if (segment.name === 'NTE' && current) {
      const note = segment.getField(3).toString();
      if (note) current.notes.push(note);
    }
  }
  flush();
  if (events.length === 0) throw new Hl7Rejected('No OBR segment');
  return { message, events };
}

export type AckCode = 'AA' | 'AE' | 'AR';

/** The HL7 ACK of a message, with the reason in MSA-3 when it is not accepted. */
export function ackOf(message: Hl7Message, code: AckCode, reason?: string): string {
  const ack = message.buildAck({ ackCode: code });
  if (reason) ack.getSegment('MSA')?.setField(3, clean(reason));
  return ack.toString();
}

/** An ACK for text that could not be parsed at all (no MSH to answer). */
export function rejectUnparsed(reason: string): string {
  const now = hl7Timestamp(new Date());
  return [`MSH|^~\\&|GEAR|GEAR|||${now}||ACK|${now}|P|2.5.1`, `MSA|AR||${clean(reason)}`].join('\r');
}

/** Text safe inside an HL7 field (no delimiters). */
const clean = (text: string) => text.replace(/[|^~\\&\r\n]/g, ' ').slice(0, 200);

/**
 * A placed order as an HL7 v2.5.1 ORM^O01 for the lab (decision 0251): PID with the patient's name, date of birth
 * and sex; per requisition not canceled an ORC (NW, placer number the gearReqId) and an OBR with the product.
 */
export function ormOfOrder(order: GearOrder & { id: number }, now = new Date()): string {
  const at = hl7Timestamp(now);
  const patient = order.patientInfo;
  const dob = (patient?.dateOfBirth ?? '').replace(/-/g, '');
  const sex = patient?.gender ?? 'U';
  const practitioner = order.practitioner;
  const doctor = practitioner
    ? `${practitioner.gsdlNo}^${clean(practitioner.lastName)}^${clean(practitioner.firstName)}`
    : '';
  const lines = [
    `MSH|^~\\&|GEAR|GEAR|LIS|LAB|${at}||ORM^O01|ORM${order.id}-${at}|P|2.5.1`,
    `PID|1||${order.id}^^^GEAR||${clean(patient?.nameLast ?? '')}^${clean(patient?.nameFirst ?? '')}||${dob}|${sex}`,
  ];
  order.requisitions
    .filter((requisition) => !requisition.canceled)
    .forEach((requisition, index) => {
      const item = `${requisition.omsOrderableItemId}^${clean(requisition.omsOrderableItemName)}`;
      lines.push(`ORC|NW|${requisition.id}^GEAR|||||||${at}|||${doctor}`);
      lines.push(
        `OBR|${index + 1}|${requisition.id}^GEAR||${item}|||${at}||||||||||||${clean(requisition.reqNumber ?? '')}`,
      );
    });
  return lines.join('\r');
}
