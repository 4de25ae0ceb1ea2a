/**
 * The error catalogue (spec 1 §8, spec 2 §8, spec 3 §8) and the validation messages of spec §5, verbatim.
 * The support phone is configuration (spec/README.md resolution 2): pass it in, never write it here.
 */
export const messages = (phone: string) =>
  ({
    networkUnavailable: `The network is currently unavailable. Please call us at ${phone}.`,
    unexpectedError: `An unexpected error has occurred. Please call us at ${phone}.`,
    unexpectedErrorTryAgain: 'An unexpected error has occurred. Please try again.',
    maxCollectionPacks: `A maximum of 25 collection packs may be ordered online. If you need to order more packs, please call us at ${phone}.`,
    orderLookupFailure: `We apologize, we ran into an unexpected error while searching for this requisition. If you continue to see this message, please contact us at ${phone}.`,
    priceFailure: `We are having difficulty retrieving your price. Please call us at ${phone}`,
    billingOptionUnknown: `We cannot estimate a price because the billing option is unknown. Please contact your practitioner or call us at ${phone}...`,
    /** spec 2 §8: the collection save answered without an order id. */
    collectionSaveFailed: `Please try again or call us at ${phone} if the issue continues.`,
    /** spec 2 §8: any shipping error other than the country mismatch and the restricted panels. */
    shippingUnexpectedError: `We're sorry, an unexpected error has occurred. Please call us at ${phone}.`,
  }) as const;

export type PhoneMessages = ReturnType<typeof messages>;

/** Messages that carry no phone number. */
export const MESSAGES = {
  /** spec 3 §9, verbatim: on the order confirmation, the review's notes and the handoff email of a drop-ship order. */
  packsArrive: 'Collection packs arrive in 2 to 5 business days.',
  authorizationRequired: 'Please verify you are authorized to order.',
  practitionerNotFound: (gsdlNo: string) => `No details found for ${gsdlNo}.`,
  practitionerLookupFailed: (gsdlNo: string) =>
    `An unexpected error occurred fetching practitioner details for ${gsdlNo}.`,
  billingOptionRequired: 'Please select a billing option.',
  stepNotAvailable: (label: string) => `${label} is not available yet.`,
  /** Sign-in: one message whichever part was wrong (issue 2). */
  signInFailed: 'The login name or password is incorrect.',
  signInThrottled: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  signInRequired: 'Please sign in to continue.',
  /**
   * Ours (issue 21, docs/decisions/0154): the database cannot be reached for now (a restart, a full disk): a 503 with
   * Retry-After; the browser says so while it tries again by itself.
   */
  temporarilyUnavailable: 'The portal is temporarily unavailable. Please try again in a few seconds.',
  temporarilyUnavailableRetrying: 'The portal is temporarily unavailable. Trying again…',
  /** Ours (decision 0040): failed order proofs are throttled per requisition number and per address. */
  orderProofThrottled:
    'Too many attempts to find an order with this number. Please wait an hour and try again, or contact your provider.',
  forbidden: 'You do not have access to this page.',
  orderNotFound: 'We could not find that order.',
  staleOrder: 'This order was changed by someone else. Please reload it to see the latest version.',
  /** A change that names no version of the order it was based on answers 428 (docs/decisions/0065). */
  orderVersionRequired:
    'This change does not say which version of the order it was made on. Please reload the order and try again.',
  /** Ours (docs/decisions/0200): a save repeated under its Idempotency-Key must be the same save. */
  saveKeyReused:
    'This Idempotency-Key was already used for a different change. Please reload the order and try again.',
  orderReceivedByLab: 'This order has been received by our lab and no more changes can be made...',
  /** A canceled order is closed to every change (docs/decisions/0050). */
  orderCanceled: 'This order has been canceled and can no longer be changed.',
  creditHold:
    'Online ordering is unavailable for this practitioner account. Please contact client services for assistance.',
  demoAccount:
    'This practitioner account has no authorizing doctor, so it is a demonstration account: orders placed here are not processed by the lab.',
  invalidInput: 'Some of the information entered is not valid.',
  /** Pricing (spec 1 §8, spec 3 §8). */
  priceFailureFeeScheduleSuffix: ' or consult our Fee Schedule',
  unableToDeterminePrice: 'Unable to determine price.',
  pricingUnavailable: 'We apologize, but we were not able to determine pricing information at this time.',
  pricingSlow: 'Price calculation is taking longer than expected. Calculations can take up to a minute...',
  priceNeedsInsurance: 'Price cannot be determined until the Insurance step is completed.',
  priceNeedsBillingOption: 'Price cannot be determined until the Billing Options step is completed.',
  doNotQuotePrices: 'Your practitioner has asked us to refer pricing questions to their office...',
  /** spec 3 §5 'Month plan installment count: 2 to 4'. */
  instalmentCountOutOfRange: 'Please select a value between 2 and 4.',

  // Panel selection (spec 1 §5, §8), verbatim.
  requisitionNumberRequired: 'Please enter a requisition number.',
  selectTest: 'Please select a test.',
  medicalNecessityRequired: 'Please acknowledge you have read the definition of medical necessity.',
  addOnExclusion:
    'Please choose between the Toxic Elements Clearance or the Comprehensive Urine Elements. Toxic Elements Clearance is included in the Comprehensive Urine Elements so both cannot be selected.',
  medicareNotAvailableForTest: (productName: string) =>
    `Medicare or Tricare billing is not available for the ${productName} test. Please switch to Non-Medicare billing to order this test.`,
  productAlreadyAdded:
    'This product has already been added to the order. If you need to order the product multiple times, please do so on separate orders.',
  notEligibleForOnlineOrdering: 'You are not eligible for online ordering.',
  requisitionNotFound:
    'We could not find a requisition with that number. Please check the number and contact the provider if you believe it is valid.',
  activationNumberNotFound:
    'We could not find that activation number. Please check the number and contact the provider if you believe it is valid.',
  productNoLongerAvailable:
    'This product is no longer available. Please contact client services for further assistance.',
  confirmedData:
    "You've confirmed that the information is correct. If you need to update the information, please call us...",
  fillOutField: 'Please fill out this field.',
  /** spec 1 §9 'Nutritional products: specimens from patients under 2 years are discarded.' */
  nutritionalUnderTwo: 'Nutritional products: specimens from patients under 2 years are discarded.',

  // Panel selection: texts the spec describes without wording (docs/decisions/0005).
  notOrderableInNewYork: 'This product cannot be ordered in New York.',
  orderTypeNotAvailable: (label: string) => `${label} is not available for this practitioner.`,
  productNotFound: 'We could not find that product.',
  requisitionNotOnOrder: 'That requisition is not on this order.',
  requisitionUnknown: 'We could not find that requisition.',
  // A bulk (ship-to-office) order has no patient yet (docs/decisions/0325).
  officePacksHaveNoPatient:
    'These packs go to your office: each patient gives their own information when they register their pack.',
  requisitionOnAnotherOrder:
    'This requisition has already been added to a different order. Switch to that order or search for another number.',
  practitionerGdxIdRequired:
    "Please enter the ordering practitioner's GDX ID to activate this requisition number.",
  activationPending:
    "Collection Pack Activation Pending: we are waiting for your doctor's test orders for this collection pack. Please try again later or contact your provider.",
  medicareNotOffered: 'Medicare or Tricare billing is not available for this practitioner account.',
  medicareDegreeNotEligible:
    "Medicare and Tricare do not cover tests ordered by a practitioner with this degree. Please answer 'No' to order with Non-Medicare billing.",
  chelationNotCovered:
    'Chelation (provocation) agents are statutorily non-covered by Medicare, so this test is billed as No Insurance Billing: Pay Full Amount.',
  medicareUnregistered: (reqNumber: string) =>
    `This Medicare or Tricare test will be discarded unless the physician registers it online with requisition number ${reqNumber}.`,
  /** spec 1 §4.4 price-increase confirmation on panel selection (docs/decisions/0045). */
  priceIncreaseNeedsConfirmation:
    'The patient has already confirmed this order, and this change raises its price. Please confirm the price increase.',
  /** Custom profiles ordered from panel selection (docs/decisions/0048). */
  bundleNotFound: 'We could not find that custom profile.',
  bundleBillingNotOffered: (method: string) =>
    `The billing option ${method} of this custom profile is not available for this practitioner. Please edit the custom profile.`,
  /** spec 3 §5 Custom profile (docs/decisions/0280 for the product rule's words, which the spec does not give). */
  bundleNameRequired: 'Please enter a custom profile name',
  bundleNameTooLong: 'The custom profile name may be at most 128 characters.',
  bundleNeedsProduct: 'Please add at least one product to the custom profile.',
  bundleUnsavedChanges: 'You will lose any unsaved changes...',
  bundleDeleted: 'This custom profile has been deleted.',
  bundleOfAnotherPractitioner: 'This custom profile belongs to another practitioner than the order.',
  /** spec 1 §4.4 refiltering on a Medicare order (docs/decisions/0046). */
  medicareProductsOnly:
    'Only the tests Medicare or Tricare covers are listed. Please switch to Non-Medicare billing to order another test.',
  /** spec 1 §4.4 repurposing a pack (docs/decisions/0047). */
  repurposeByPractitionerOnly:
    'This collection pack was ordered for another test. Please contact your provider to use it for a different test.',
  repurposeSpecimenMismatch:
    'This collection pack cannot be used for that test: it collects a different specimen.',
  /** spec 1 §2.6 recollection order modal, §4.4 (docs/decisions/0049). */
  recollectionShipsToPatient:
    'A recollection order ships a new collection pack to the patient: Ship to Office is not available.',
  recollectionOrder: (orderId: number) =>
    `This order re-collects the specimens of order ${orderId}. A new collection pack is shipped to the patient for the tests below.`,
  medicareFlagChanged: 'Every test on this order now uses the same Medicare or Non-Medicare billing.',
  quantityOutOfRange: 'Please enter a quantity from 0 to 99.',
  cptQuantityOutOfRange: (max: number) => `Please enter a quantity from 1 to ${max}.`,
  notAnOption: 'Please choose one of the options.',
  testNotOffered: 'That test is not offered with this product.',
} as const;

// spec 2 (collection, patient, insurance, shipping, uploads): verbatim where the spec gives the words; the
// few texts it describes without wording are marked as ours.

/** A text over its limit (the spec gives limits without wording; ours). */
export const textTooLong = (label: string, max: number): string =>
  `${label} can be at most ${max} ${max === 1 ? 'character' : 'characters'}.`;

/** spec 3 §5: 'Dates must parse as YYYY-MM-DD or MM/DD/YYYY'. */
export const notACalendarDate = (value: string): string =>
  `${value} is not a valid date format. Please use YYYY-MM-DD or MM/DD/YYYY.`;

/** spec 2 §5 Sample collection. */
export const COLLECTION_MESSAGES = {
  lastSampleAnswerRequired: 'Please indicate whether the last sample has been collected.',
  lastSampleDateRequired: 'Please enter the last sample collection date.',
  /** Ours: the window of spec 2 §5 has no wording. Dates as MM/DD/YYYY. */
  lastSampleDateOutOfRange: (earliest: string, latest: string) =>
    `Please enter a collection date from ${earliest} to ${latest}.`,
  fieldRequired: 'Please fill out this field.',
  collectionTimesRequired: 'Please fill out all collection times.',
} as const;

/** spec 2 §5 address rules (patient and claims address). Only the phone and state texts are the spec's. */
export const ADDRESS_MESSAGES = {
  phoneRequired: 'Please provide a phone number.',
  phoneInvalid: 'Please provide a valid phone number.',
  stateInvalid: 'Please provide a valid state.',
  streetRequired: 'Please provide a street address.',
  cityRequired: 'Please provide a city.',
  zipRequired: 'Please provide a zip code.',
  postalCodeRequired: 'Please provide a postal code.',
  zipInvalid: 'Please provide a valid zip code.',
  countryRequired: 'Please provide a country.',
  countyRequired: 'Please provide a county.',
} as const;

/** spec 2 §5 Patient. */
export const PATIENT_MESSAGES = {
  firstNameRequired: 'Please provide a first name.',
  lastNameRequired: 'Please provide a last name.',
  dateOfBirthRequired: 'Please provide a date of birth.',
  /** Ours: a date of birth in the future or more than 150 years ago (spec 1 §5 date picker bounds). */
  dateOfBirthOutOfRange: 'Please provide a valid date of birth.',
  confirmAge: "Please confirm patient's age.",
  sexRequired: 'Please provide a sex.',
  emailRequired: 'Please provide an email address.',
  emailInvalid: 'Please provide a valid email address.',
  ssnInvalid: 'Please enter a valid SSN (###-##-####)',
  nutritionalUnderTwo: 'Nutritional testing is not available for patients less than 2 years of age',
  pitlRestrictedState: 'Because of legal restrictions, tests are not able to be ordered from your state.',
  // Ours: the spec names these requirements without wording.
  responsibleFirstNameRequired: "Please provide the responsible party's first name.",
  responsibleLastNameRequired: "Please provide the responsible party's last name.",
  employmentStatusRequired: 'Please provide an employment status.',
  occupationRequired: 'Please provide an occupation.',
  employerRequired: 'Please provide an employer or school name.',
  schoolDistrictRequired: 'Please provide a school district.',
  raceRequired: 'Please provide a race.',
  ethnicityRequired: 'Please provide an ethnicity.',
  hrsaIdRequired: "Please provide a Social Security number or driver's license number.",
} as const;

/** spec 2 §8 patient search. */
export const PATIENT_SEARCH_MESSAGES = {
  searchFailed: 'Error searching for patient matches.',
  insuranceSearchFailed: 'Error searching for patient insurance.',
  noMatches:
    "We're sorry, no patients were found with the information provided. Please enter the patient's information below.",
  slow: 'Searching for patients is taking longer than expected...',
} as const;

/**
 * spec 2 §5 Insurance: 'Please provide …' with each fragment of the spec. The two fragments the spec quotes
 * without a full stop are kept without one.
 */
export const INSURANCE_MESSAGES = {
  providerRequired: 'Please provide an insurance provider.',
  subscriberNameRequired: 'Please provide a subscriber full name.',
  subscriberIdRequired: 'Please provide a subscriber ID #/Medicare #.',
  subscriberDobRequired: 'Please provide a subscriber date of birth.',
  subscriberRelationRequired: 'Please provide a subscriber relationship.',
  otherSubscriberRelationRequired: 'Please provide the other subscriber relationship',
  otherProviderRequired: 'Please provide an other insurance provider',
  phoneInvalid: 'Please provide a valid phone number.',
  stateInvalid: 'Please provide a valid 2 character state abbreviation.',
  /** Ours: 'Subscriber ID and group number alphanumeric'. */
  lettersAndNumbersOnly: 'Please use letters and numbers only.',
} as const;

/** spec 2 §5 Shipping step, §8 shipping errors. */
export const SHIPPING_MESSAGES = {
  addressRequired: 'Please enter an address',
  cityRequired: 'Please enter a city',
  stateRequired: 'Please enter a state',
  zipRequired: 'Please enter a zip code',
  postalCodeRequired: 'Please enter a postal code',
  countryRequired: 'Please enter a country',
  countryMismatch: (country: string) =>
    `The shipping country must match the practitioner country. Please provide a ${country} address.`,
  orderingRestricted: 'The panel(s) selected may not be ordered in this state.',
  /** spec 2 §5 'a restricted error listing the products'. */
  orderingRestrictedProducts: (productNames: readonly string[]) =>
    `The panel(s) selected may not be ordered in this state. ${productNames.join(', ')}`,
  chargesLoadFailed: 'An unexpected error occurred while loading the shipping charges.',
  /** spec 2 §2: the PO box dialog. */
  poBoxQuestion: 'Is this a P.O. Box?',
  /** Ours: spec 2 §4 'warns that packs cannot ship to a P.O. Box'. */
  poBoxWarning: 'Collection packs cannot ship to a P.O. Box.',
} as const;

/** spec 2 §8 Images. */
export const UPLOAD_MESSAGES = {
  notAnImage: 'Please upload a JPEG, PNG, or GIF image.',
  tooLarge: (fileName: string, megabytes: string) =>
    `Sorry, max upload size is 12 MB, but ${fileName} is ${megabytes} MB`,
  saveFailed: 'We had a problem saving your upload. Please proceed to the next step.',
  deleteFailed: 'An error occurred deleting this ID card.',
  /** Ours (docs/decisions/0227): an image that would decode to more than 50 megapixels (a decompression bomb). */
  tooManyPixels: 'This image has too many pixels. Please upload a photo of at most 50 megapixels.',
} as const;

/** spec 3 §5 Handoff, §8 'Handoff email'. */
export const HANDOFF_MESSAGES = {
  dateOfBirthRequired: 'Please provide a date of birth.',
  lastNameRequired: 'Please provide a last name.',
  emailRequired: 'Please provide an email address.',
  shippingMethodRequired: 'Please select a shipping method.',
  emailFailed: 'The email failed to send. Please verify the email address is correct.',
  /** Ours: the spec gives no wording for an address that is not an email address. */
  emailInvalid: 'Please provide a valid email address.',
  /** Ours (docs/decisions/0091): what the handoff form says once the email has gone. */
  emailSent: (email: string) => `The email was sent to ${email}.`,
} as const;

/**
 * spec 3 §8 RecaptchaInvalidException, verbatim: the answer to a captcha (the self-hosted ALTCHA of
 * docs/decisions/0150, carried in the spec's `recaptcha` parameter) that is missing, malformed, expired or used.
 */
export const CAPTCHA_INVALID_MESSAGE = 'Error verifying reCAPTCHA. Please try again.';

/**
 * Ours (docs/decisions/0222, 0229): a 429 past a subject's budget (an order, an activation number, a login name) names
 * this error when a solved proof-of-work challenge in the X-Gear-Captcha header would still be evaluated; the page
 * then shows the captcha with the prompt. A 429 past the address budget does not (the challenge would not help).
 */
export const SOFT_LOCKOUT = {
  error: 'ChallengeRequiredException',
  header: 'X-Gear-Captcha',
  prompt: 'To try again now, complete the verification below.',
} as const;

/** Ours (docs/decisions/0226, 0229): the sign-in page's second-factor field, asked for when the server names it. */
export const SECOND_FACTOR_FIELD = { name: 'totp', label: 'Authenticator code' } as const;
