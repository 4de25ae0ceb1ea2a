import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ACTIVATION_ERRORS,
  ACTIVATION_MESSAGES,
  type ActivationQuery,
  type GearOrder,
  MESSAGES,
  needsPractitionerGdxId,
  PATIENT_MESSAGES,
  type PractitionerOption,
  parseRequisitionSearch,
  type RequisitionSearch,
  type UserInfo,
} from '@gear/domain';
import type { Db } from '../../db/client.ts';
import {
  badRequest,
  forbidden,
  HttpError,
  namedRefusal,
  notFound,
  unauthorized,
} from '../../lib/http-error.ts';
import { savedOrder } from '../order/order.service.ts';
import { findOrderIdsHolding, findPacks, type NumberSearch } from '../requisition/requisition.repository.ts';
import {
  checkProof,
  type ProofThrottle,
  removedPackNotice,
} from '../requisition/requisition-lookup.service.ts';

/** What activation and Welcome Back need besides the database (decision 0140). */
export interface ActivationDeps {
  /** The captcha (decision of the captcha module): true once per solution. */
  captchaAccepted(payload: unknown): Promise<boolean>;
  throttle: ProofThrottle;
  /** Signs and checks the pass answered with practitionerOptions. */
  passes: OptionsPasses;
}

export type ActivationAnswer =
  | { kind: 'order'; order: GearOrder }
  | { kind: 'options'; practitionerOptions: PractitionerOption[]; optionsPass: string };

export const captchaRefused = () =>
  namedRefusal(400, ACTIVATION_ERRORS.captchaInvalid, ACTIVATION_MESSAGES.captchaInvalid);

/** How long the options pass stands for the captcha: as long as an ALTCHA challenge (10 minutes). */
export const OPTIONS_PASS_MS = 10 * 60_000;

/**
 * The pass answered with practitionerOptions (decision 0140): an HMAC of the number and date of birth the patient
 * proved, with its expiry. It stands for the captcha only on the follow-up call for that number and date of birth,
 * and only for 10 minutes; the throttle still counts every attempt.
 */
export function optionsPasses(secret: string, now: () => number = Date.now) {
  const mac = (subject: string, expires: number) =>
    createHmac('sha256', secret).update(`activation-options|${subject}|${expires}`).digest('base64url');
  return {
    issue(subject: string): string {
      const expires = now() + OPTIONS_PASS_MS;
      return `${expires}.${mac(subject, expires)}`;
    },
    accepts(pass: string | undefined, subject: string): boolean {
      if (!pass) return false;
      const [expiresText, given] = pass.split('.');
      const expires = Number(expiresText);
      if (!given || !Number.isSafeInteger(expires) || expires <= now()) return false;
      const expected = Buffer.from(mac(subject, expires));
      const actual = Buffer.from(given);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
export type OptionsPasses = ReturnType<typeof optionsPasses>;

/** spec 3 §8 'Activation' 404 or 400: the not-found text, with the practitioner variant when a GDX ID was given. */
const activationNotFound = (gdxId: string | undefined) =>
  notFound(gdxId ? ACTIVATION_MESSAGES.notFoundWithPractitioner : ACTIVATION_MESSAGES.notFound);

function activationSearch(input: string): NumberSearch {
  const search: RequisitionSearch = parseRequisitionSearch(input);
  if (search.kind === 'empty') {
    const message = MESSAGES.requisitionNumberRequired;
    throw badRequest(message, [{ field: 'requisitionNumber', defaultMessage: message }]);
  }
  if (search.kind === 'unrecognised' || search.kind === 'invalidActivationNumber')
    throw badRequest(ACTIVATION_MESSAGES.notFound, [
      { field: 'requisitionNumber', defaultMessage: ACTIVATION_MESSAGES.notFound },
    ]);
  return search;
}

const optionOf = (order: GearOrder): PractitionerOption | null =>
  order.practitioner
    ? {
        gsdlNo: order.practitioner.gsdlNo,
        firstName: order.practitioner.firstName ?? null,
        lastName: order.practitioner.lastName ?? null,
        degree: order.practitioner.degree ?? null,
      }
    : null;

/** At most this many orders are tried for one number (7-digit numbers repeat across practitioners). */
const ORDERS_PER_NUMBER = 10;

/**
 * GET /gear/orderId?requisitionNumber&dateOfBirth&gdxId&recaptcha (spec 3 §4, §5, §7, §8 'Activation'; decisions
 * 0040, 0140). In this order: the input (400), the captcha (400 RecaptchaInvalidException; once per solution),
 * a removed pack (410 RequisitionActivationRetiredException with its notice), a pack on no order (404
 * ClientActivationMissingException: the registration prompt), then the proof: the order whose patient has this date
 * of birth (and, for a number over 4,000,000, whose practitioner has this GDX ID). An unknown number and a wrong
 * date of birth answer the same 404; every proof attempt is counted per order and address before it is checked.
 */
export async function activateOrder(
  db: Db,
  user: UserInfo | null,
  query: ActivationQuery,
  deps: ActivationDeps,
): Promise<ActivationAnswer> {
  if (user && user.type !== 'prc') throw forbidden(MESSAGES.forbidden);
  const search = activationSearch(query.requisitionNumber);
  const dateOfBirth = query.dateOfBirth;
  if (!dateOfBirth) {
    const message = PATIENT_MESSAGES.dateOfBirthRequired;
    throw badRequest(message, [{ field: 'dateOfBirth', defaultMessage: message }]);
  }
  const needsGdxId = needsPractitionerGdxId(search);
  if (needsGdxId && !query.gdxId) {
    const message = MESSAGES.practitionerGdxIdRequired;
    throw badRequest(message, [{ field: 'gdxId', defaultMessage: message }]);
  }
  const passSubject = `${search.value}|${dateOfBirth}`;
  const passed = deps.passes.accepts(query.optionsPass, passSubject);
  if (!passed && !(await deps.captchaAccepted(query.recaptcha))) throw captchaRefused();

  const packs = await findPacks(db, search);
  const [pack] = packs;
  if (pack?.removed && packs.length === 1)
    throw namedRefusal(410, ACTIVATION_ERRORS.retired, removedPackNotice(pack));
  const orderIds = await findOrderIdsHolding(db, search, ORDERS_PER_NUMBER);
  if (orderIds.length === 0 || (search.kind === 'shortActivationNumber' && orderIds.length > 1)) {
    // A number on no order is counted like a wrong date of birth, per number and per address (issue 14 item 8,
    // docs/decisions/0219), so unknown numbers cannot be tried without limit.
    await deps.throttle.attempt(`number:${search.value}`);
  }
  if (search.kind === 'shortActivationNumber' && orderIds.length > 1) throw activationNotFound(query.gdxId);
  if (orderIds.length === 0) {
    if (pack && packs.length === 1)
      throw namedRefusal(404, ACTIVATION_ERRORS.activationMissing, MESSAGES.activationPending);
    throw activationNotFound(query.gdxId);
  }

  const proven: GearOrder[] = [];
  for (const orderId of orderIds) {
    const order = await savedOrder(db, orderId);
    const provenOrder = await checkProof(
      order,
      { search: null, dateOfBirth, gdxId: null },
      deps.throttle,
      () => activationNotFound(query.gdxId),
    ).then(
      () => order,
      (error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 404) return null;
        throw error;
      },
    );
    if (provenOrder) proven.push(provenOrder);
  }
  if (proven.length === 0) throw activationNotFound(query.gdxId);
  if (!needsGdxId) return { kind: 'order', order: proven[0] as GearOrder };
  const ofPractitioner = proven.find((order) => order.practitioner?.gsdlNo === query.gdxId);
  if (ofPractitioner) return { kind: 'order', order: ofPractitioner };
  // spec 3 §4: the patient proved the date of birth but named no practitioner of theirs: they pick one.
  const practitionerOptions = proven.map(optionOf).filter((option) => option !== null);
  return { kind: 'options', practitionerOptions, optionsPass: deps.passes.issue(passSubject) };
}

/** The zip codes an order knows for its patient: the patient's addresses and the shipping address, first 5 digits. */
const zipCodesOf = (order: GearOrder): string[] =>
  [
    ...(order.patientInfo?.addresses ?? []).map((address) => address.zipCode),
    order.shippingInformation?.zipCode,
  ]
    .filter((zip): zip is string => typeof zip === 'string' && zip.trim() !== '')
    .map((zip) => zip.trim().slice(0, 5));

/**
 * GET /gear/order/validation/{id}?dateOfBirth&zipCode&recaptcha (spec 3 §5 'Validation (Welcome Back) form', §7,
 * §8 'Validation 401'; decision 0140): the captcha first; then the order is proven when both the date of birth and
 * the zip code are its patient's. An unknown order, a wrong date of birth and a wrong zip code all answer 401
 * 'Validation failed…'; each attempt counts against the order and the address.
 */
export async function validateOrder(
  db: Db,
  orderId: number,
  query: { dateOfBirth?: string | undefined; zipCode?: string | undefined; recaptcha?: string | undefined },
  deps: Omit<ActivationDeps, 'passes'>,
): Promise<GearOrder> {
  if (!query.dateOfBirth) {
    const message = PATIENT_MESSAGES.dateOfBirthRequired;
    throw badRequest(message, [{ field: 'dateOfBirth', defaultMessage: message }]);
  }
  if (!query.zipCode) {
    const message = ACTIVATION_MESSAGES.zipRequired;
    throw badRequest(message, [{ field: 'zipCode', defaultMessage: message }]);
  }
  if (!(await deps.captchaAccepted(query.recaptcha))) throw captchaRefused();
  const refusal = () => unauthorized(ACTIVATION_MESSAGES.validationFailed);
  const order = await savedOrder(db, orderId).catch((error: unknown) => {
    if (error instanceof HttpError && error.statusCode === 404) throw refusal();
    throw error;
  });
  const zipCode = query.zipCode.trim();
  const zipMatches = zipCodesOf(order).includes(zipCode);
  // The zip code counts as a failed proof like the date of birth (the issue's Security section).
  await checkProof(
    order,
    { search: null, dateOfBirth: zipMatches ? query.dateOfBirth : null, gdxId: null },
    deps.throttle,
    refusal,
  );
  return order;
}
