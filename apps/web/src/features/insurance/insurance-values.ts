import {
  type FieldError,
  formatCalendarDateUs,
  formatPhone,
  type Insurance,
  readCalendarDate,
} from '@gear/domain';

export interface ClaimsAddressValues {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
}

/** One insurance of the form, as typed (spec 2 §3 Insurance). */
export interface InsuranceValues {
  insuranceProvider: string;
  otherProvider: string;
  subscriberName: string;
  subscriberId: string;
  subscriberDOB: string;
  groupNumber: string;
  subscriberRelation: string;
  otherSubscriberRelation: string;
  phoneNumber: string;
  claims: ClaimsAddressValues;
}

export interface InsuranceFormValues {
  insurance: InsuranceValues;
  secondaryInsurance: InsuranceValues;
  hasSecondary: boolean;
}

/** The two insurances by the names the order and the server's field errors use. */
export type InsuranceKey = 'insurance' | 'secondaryInsurance';

export const blankInsuranceValues = (): InsuranceValues => ({
  insuranceProvider: '',
  otherProvider: '',
  subscriberName: '',
  subscriberId: '',
  subscriberDOB: '',
  groupNumber: '',
  subscriberRelation: '',
  otherSubscriberRelation: '',
  phoneNumber: '',
  claims: { address1: '', address2: '', city: '', state: '', zipCode: '' },
});

export function insuranceValues(insurance: Insurance | null): InsuranceValues {
  if (insurance === null) return blankInsuranceValues();
  const dob = insurance.subscriberDOB;
  const claims = insurance.claimsAddress;
  return {
    insuranceProvider: insurance.insuranceProvider ?? '',
    otherProvider: insurance.otherProvider ?? '',
    subscriberName: insurance.subscriberName ?? '',
    subscriberId: insurance.subscriberId ?? '',
    subscriberDOB: dob ? formatCalendarDateUs(readCalendarDate(dob) ?? dob) : '',
    groupNumber: insurance.groupNumber ?? '',
    subscriberRelation: insurance.subscriberRelation ?? '',
    otherSubscriberRelation: insurance.otherSubscriberRelation ?? '',
    phoneNumber: insurance.phoneNumber ? formatPhone(insurance.phoneNumber) : '',
    claims: {
      address1: claims?.address1 ?? '',
      address2: claims?.address2 ?? '',
      city: claims?.city ?? '',
      state: claims?.state ?? '',
      zipCode: claims?.zipCode ?? '',
    },
  };
}

const text = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * The insurance of the form as typed, trimmed: what the page shows and its rules read while the person types. The save
 * normalises it as the server reads it (normalised-insurance.ts, loaded with the first save: decision 0235).
 */
export function toInsurance(values: InsuranceValues, rank: 0 | 1): Insurance {
  const claims = values.claims;
  const claimsBlank = Object.values(claims).every((value) => value.trim() === '');
  const raw = {
    insuranceProvider: text(values.insuranceProvider),
    subscriberId: text(values.subscriberId),
    subscriberName: text(values.subscriberName),
    subscriberDOB: text(values.subscriberDOB),
    groupNumber: text(values.groupNumber),
    subscriberRelation: text(values.subscriberRelation),
    otherSubscriberRelation: text(values.otherSubscriberRelation),
    otherProvider: text(values.otherProvider),
    phoneNumber: text(values.phoneNumber),
    claimsAddress: claimsBlank
      ? null
      : {
          type: rank === 0 ? ('claims' as const) : ('secondaryClaims' as const),
          address1: text(claims.address1),
          address2: text(claims.address2),
          city: text(claims.city),
          state: text(claims.state),
          zipCode: text(claims.zipCode),
          country: 'United States',
          county: null,
          voicePhone: null,
          alternatePhone: null,
          schoolDistrict: null,
        },
    insuranceRank: rank,
  };
  return raw as Insurance;
}

export const prefixed = (errors: readonly FieldError[], key: InsuranceKey): FieldError[] =>
  errors.map((error) => ({ ...error, field: `${key}.${error.field}` }));

const LABELS: Record<string, string> = {
  insuranceProvider: 'Insurance provider',
  otherProvider: 'Other insurance provider',
  subscriberName: 'Subscriber full name',
  subscriberId: 'Subscriber ID #/Medicare #',
  subscriberDOB: 'Subscriber date of birth',
  groupNumber: 'Group number',
  subscriberRelation: 'Relationship to subscriber',
  otherSubscriberRelation: 'Other relationship',
  phoneNumber: 'Claims phone',
  'claimsAddress.address1': 'Claims street address',
  'claimsAddress.address2': 'Claims address line 2',
  'claimsAddress.city': 'Claims city',
  'claimsAddress.state': 'Claims state',
  'claimsAddress.zipCode': 'Claims zip code',
};

/** spec 2 §8 'server errors show field and default message'. */
/** The name people read for a field of either insurance ('Primary insurance, Group number'), or '' when it has none. */
export function insuranceFieldLabel(field: string): string {
  const [key = '', ...rest] = field.split('.');
  const label = LABELS[rest.join('.')];
  if (!label) return '';
  const which = key === 'secondaryInsurance' ? 'Secondary insurance' : 'Primary insurance';
  return `${which}, ${label}`;
}
