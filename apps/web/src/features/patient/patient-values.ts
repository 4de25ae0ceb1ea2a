import {
  formatCalendarDateUs,
  formatPhone,
  type PatientAddress,
  type PatientInfo,
  readCalendarDate,
} from '@gear/domain';

/** One address of the form, as typed (every field a string). */
export interface AddressValues {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  county: string;
  voicePhone: string;
  alternatePhone: string;
  schoolDistrict: string;
}

/** The patient form as typed: spec 2 §3 Patient info, the date of birth as MM/DD/YYYY (decision 0327). */
export interface PatientValues {
  nameFirst: string;
  nameMiddle: string;
  nameLast: string;
  dateOfBirth: string;
  gender: '' | 'M' | 'F';
  email: string;
  voicePhone: string;
  alternatePhone: string;
  chartNumber: string;
  driverLicenseNumber: string;
  ssn: string;
  race: string;
  ethnicity: string;
  source: string;
  marketingOptIn: boolean;
  occupation: string;
  employer: string;
  employmentStatus: string;
  responsibleNameFirst: string;
  responsibleNameMiddle: string;
  responsibleNameLast: string;
  shipping: AddressValues;
  employerAddress: AddressValues;
  shippingMethod: string;
}

export const UNITED_STATES = 'United States';

const blankAddress = (country = ''): AddressValues => ({
  address1: '',
  address2: '',
  city: '',
  state: '',
  zipCode: '',
  country,
  county: '',
  voicePhone: '',
  alternatePhone: '',
  schoolDistrict: '',
});

const phoneShown = (text: string | null) => (text ? formatPhone(text) : '');

const addressValues = (address: PatientAddress | undefined, country: string): AddressValues =>
  address
    ? {
        address1: address.address1 ?? '',
        address2: address.address2 ?? '',
        city: address.city ?? '',
        state: address.state ?? '',
        zipCode: address.zipCode ?? '',
        country: address.country ?? country,
        county: address.county ?? '',
        voicePhone: phoneShown(address.voicePhone),
        alternatePhone: phoneShown(address.alternatePhone),
        schoolDistrict: address.schoolDistrict ?? '',
      }
    : blankAddress(country);

/** The form's values for a saved (or found) patient; phones shown (###) ###-#### (spec 2 §5). */
export function patientValues(
  patient: PatientInfo | null,
  shippingMethod: string,
  defaultCountry: string,
): PatientValues {
  const find = (type: PatientAddress['type']) => patient?.addresses.find((a) => a.type === type);
  return {
    nameFirst: patient?.nameFirst ?? '',
    nameMiddle: patient?.nameMiddle ?? '',
    nameLast: patient?.nameLast ?? '',
    dateOfBirth: patient?.dateOfBirth ? formatCalendarDateUs(patient.dateOfBirth) : '',
    gender: patient?.gender ?? '',
    email: patient?.email ?? '',
    voicePhone: phoneShown(patient?.voicePhone ?? null),
    alternatePhone: phoneShown(patient?.alternatePhone ?? null),
    chartNumber: patient?.chartNumber ?? '',
    driverLicenseNumber: patient?.driverLicenseNumber ?? '',
    ssn: patient?.ssn ?? '',
    race: patient?.race ?? '',
    ethnicity: patient?.ethnicity ?? '',
    source: patient?.source ?? 'portal',
    marketingOptIn: patient?.marketingOptIn ?? false,
    occupation: patient?.occupation ?? '',
    employer: patient?.employer ?? '',
    employmentStatus: patient?.employmentStatus ?? '',
    responsibleNameFirst: patient?.responsibleNameFirst ?? '',
    responsibleNameMiddle: patient?.responsibleNameMiddle ?? '',
    responsibleNameLast: patient?.responsibleNameLast ?? '',
    shipping: addressValues(find('shipping'), defaultCountry),
    employerAddress: addressValues(find('employer'), UNITED_STATES),
    shippingMethod,
  };
}

const text = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/**
 * The date of birth as typed: YYYY-MM-DD when it is a real day (MM/DD/YYYY or YYYY-MM-DD); what was typed otherwise,
 * so that the rule's message names it; null when nothing was typed.
 */
export function dateOfBirthOf(values: Pick<PatientValues, 'dateOfBirth'>): string | null {
  const typed = values.dateOfBirth.trim();
  return typed === '' ? null : (readCalendarDate(typed) ?? typed);
}

const isBlankAddress = (address: AddressValues, ignoreCountry: boolean) =>
  Object.entries(address).every(
    ([key, value]) => (ignoreCountry && key === 'country') || value.trim() === '',
  );

const toAddress = (type: PatientAddress['type'], address: AddressValues): PatientAddress => ({
  type,
  address1: text(address.address1),
  address2: text(address.address2),
  city: text(address.city),
  state: text(address.state),
  zipCode: text(address.zipCode),
  country: text(address.country),
  county: text(address.county),
  voicePhone: text(address.voicePhone),
  alternatePhone: text(address.alternatePhone),
  schoolDistrict: text(address.schoolDistrict),
});

/** spec 2 §3 Patient info from the form: empty texts are null; an untouched employer address is left out. */
export function toPatientInfo(values: PatientValues): PatientInfo {
  return {
    nameFirst: text(values.nameFirst),
    nameMiddle: text(values.nameMiddle),
    nameLast: text(values.nameLast),
    dateOfBirth: dateOfBirthOf(values),
    gender: values.gender === '' ? null : values.gender,
    email: text(values.email),
    voicePhone: text(values.voicePhone),
    alternatePhone: text(values.alternatePhone),
    chartNumber: text(values.chartNumber),
    driverLicenseNumber: text(values.driverLicenseNumber),
    ssn: text(values.ssn),
    race: text(values.race),
    ethnicity: text(values.ethnicity),
    source: text(values.source),
    marketingOptIn: values.marketingOptIn,
    occupation: text(values.occupation),
    employer: text(values.employer),
    employmentStatus: text(values.employmentStatus),
    responsibleNameFirst: text(values.responsibleNameFirst),
    responsibleNameMiddle: text(values.responsibleNameMiddle),
    responsibleNameLast: text(values.responsibleNameLast),
    addresses: [
      ...(isBlankAddress(values.shipping, true) ? [] : [toAddress('shipping', values.shipping)]),
      ...(isBlankAddress(values.employerAddress, true)
        ? []
        : [toAddress('employer', values.employerAddress)]),
    ],
  };
}

/** Field errors by the rule's field names (patientInfo's, addresses.shipping.*, addresses.employer.*). */
/** The first message of each field, in the rules' order. */
/** The names people read for the rules' fields (spec 2 §8 'the first error shows as field plus default message'). */
export const FIELD_LABELS: Record<string, string> = {
  nameFirst: 'First name',
  nameMiddle: 'Middle initial',
  nameLast: 'Last name',
  dateOfBirth: 'Date of birth',
  gender: 'Sex',
  email: 'Email',
  voicePhone: 'Cell phone',
  alternatePhone: 'Alternate phone',
  chartNumber: 'Chart number',
  driverLicenseNumber: "Driver's license number",
  ssn: 'Social Security number',
  race: 'Race',
  ethnicity: 'Ethnicity',
  employmentStatus: 'Employment status',
  occupation: 'Occupation',
  employer: 'Employer or school name',
  responsibleNameFirst: 'Responsible party first name',
  responsibleNameMiddle: 'Responsible party middle initial',
  responsibleNameLast: 'Responsible party last name',
  'addresses.shipping.address1': 'Street address',
  'addresses.shipping.address2': 'Address line 2',
  'addresses.shipping.city': 'City',
  'addresses.shipping.state': 'State',
  'addresses.shipping.zipCode': 'Zip code',
  'addresses.shipping.country': 'Country',
  'addresses.shipping.county': 'County',
  'addresses.shipping.voicePhone': 'Phone',
  'addresses.employer.address1': 'Employer or school street address',
  'addresses.employer.city': 'Employer or school city',
  'addresses.employer.state': 'Employer or school state',
  'addresses.employer.zipCode': 'Employer or school zip code',
  'addresses.employer.voicePhone': 'Employer or school phone',
  'addresses.employer.schoolDistrict': 'School district',
};
