import { type Analyte, type GearOrder, type IntakeEvent, MAX_ANALYTES } from '@gear/domain';
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
 * PDF, or with OBX of type NM or SN (the structured results, decision 0265), is results ready; anything else a status
 * change. Event ids are MSH-10 and the OBR's position.
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
  let current: {
    obr: Hl7Segment;
    pdf: string | null;
    analytes: Analyte[];
    notes: string[];
    index: number;
  } | null = null;
  const flush = () => {
    if (!current) return;
    const { obr, pdf, analytes, notes, index } = current;
    const accessionNo = obr.getComponent(18, 1) || orc?.getComponent(3, 1) || '';
    if (!accessionNo) throw new Hl7Rejected(`OBR ${index}: no accession in OBR-18 or ORC-3`);
    const status = obr.getField(25).toString();
    const occurredAt = isoOfHl7(obr.getField(22).toString()) ?? sentAt;
    const id = `${controlId}:${index}`;
    if (status === 'X') events.push({ type: 'lab.discarded', id, occurredAt, accessionNo, issues: notes });
    else if ((status === 'F' || status === 'C') && (pdf || analytes.length > 0))
      events.push({
        type: 'lab.results',
        id,
        occurredAt,
        accessionNo,
        requisitionStatusId: STATUS_OF_OBR25[status] ?? 3,
        ...(pdf ? { resultPdfBase64: pdf } : {}),
        ...(analytes.length > 0 ? { analytes } : {}),
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
      current = { obr: segment, pdf: null, analytes: [], notes: [], index: obrCount };
    } else if (segment.name === 'OBX' && current && segment.getField(2).toString() === 'ED') {
      // OBX-5 of type ED: source^type^subtype^encoding^data.
      if (segment.getComponent(5, 4).toLowerCase() === 'base64') current.pdf = segment.getComponent(5, 5);
    } else if (segment.name === 'OBX' && current && NUMERIC_OBX_TYPES.has(segment.getField(2).toString())) {
      const analyte = analyteOfObx(segment, current.index);
      if (current.analytes.length >= MAX_ANALYTES)
        throw new Hl7Rejected(`OBR ${current.index}: more than ${MAX_ANALYTES} analytes`);
      current.analytes.push(analyte);
    } else if (segment.name === 'NTE' && current) {
      const note = segment.getField(3).toString();
      if (note) current.notes.push(note);
    }
  }
  flush();
  if (events.length === 0) throw new Hl7Rejected('No OBR segment');
  return { message, events };
}

/** OBX value types read as structured results (decision 0265): numeric, and structured numeric such as <0.5. */
const NUMERIC_OBX_TYPES = new Set(['NM', 'SN']);

/** An OBX of a numeric type as one analyte: OBX-3 code^name, OBX-5 value, OBX-6 unit, OBX-7 range, OBX-8 flag. */
function analyteOfObx(segment: Hl7Segment, obrIndex: number): Analyte {
  const code = segment.getComponent(3, 1).trim();
  const name = (segment.getComponent(3, 2) || code).trim();
  // SN is comparator^number (for instance <^0.5); NM is the number itself.
  const value =
    segment.getField(2).toString() === 'SN'
      ? `${segment.getComponent(5, 1)}${segment.getComponent(5, 2)}`.trim()
      : segment.getField(5).toString().trim();
  const limited = (text: string, max: number) => (text.trim() ? text.trim().slice(0, max) : null);
  if (!code || !value)
    throw new Hl7Rejected(`OBR ${obrIndex}: an OBX without its code (OBX-3) or value (OBX-5)`);
  if (code.length > 40 || name.length > 200 || value.length > 60)
    throw new Hl7Rejected(`OBR ${obrIndex}: an OBX code, name or value is too long`);
  return {
    code,
    name,
    value,
    unit: limited(segment.getComponent(6, 1), 40),
    referenceRange: limited(segment.getField(7).toString(), 60),
    abnormalFlag: limited(segment.getField(8).toString(), 5),
  };
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
