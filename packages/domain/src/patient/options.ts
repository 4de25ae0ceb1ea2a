/** spec 2 §3: the option lists of the patient form, stored as shown. */
export const RACE_OPTIONS = [
  'American Indian/Alaskan Native',
  'Asian',
  'Black/African-American',
  'Native Hawaiian/Pacific Islander',
  'White',
  'Multiracial',
  'Other',
  'Unknown',
] as const;
export type Race = (typeof RACE_OPTIONS)[number];

export const ETHNICITY_OPTIONS = ['Hispanic', 'Non-Hispanic', 'Other', 'Unknown'] as const;
export type Ethnicity = (typeof ETHNICITY_OPTIONS)[number];

export const EMPLOYMENT_STATUS_OPTIONS = ['Employed', 'Student', 'Retired', 'Unemployed'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUS_OPTIONS)[number];

/** spec 2 §3 'gender (M or F)', labelled Sex on the form. */
export const SEX_OPTIONS = [
  { value: 'M', label: 'Male' },
  { value: 'F', label: 'Female' },
] as const;

export const isOneOf = <T extends string>(options: readonly T[], value: string | null): value is T =>
  value !== null && (options as readonly string[]).includes(value);
