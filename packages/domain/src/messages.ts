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
  }) as const;

export type PhoneMessages = ReturnType<typeof messages>;

/** Messages that carry no phone number. */
export const MESSAGES = {
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
  forbidden: 'You do not have access to this page.',
  orderNotFound: 'We could not find that order.',
  staleOrder: 'This order was changed by someone else. Please reload it to see the latest version.',
  orderReceivedByLab: 'This order has been received by our lab and no more changes can be made...',
  creditHold:
    'Online ordering is unavailable for this practitioner account. Please contact client services for assistance.',
  demoAccount:
    'This practitioner account has no authorizing doctor, so it is a demonstration account: orders placed here are not processed by the lab.',
  invalidInput: 'Some of the information entered is not valid.',

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
  /** spec 3 §5. */
  invalidDateFormat: (value: string) =>
    `${value} is not a valid date format. Please use YYYY-MM-DD or MM/DD/YYYY.`,
  /** spec 1 §9 'Nutritional products: specimens from patients under 2 years are discarded.' */
  nutritionalUnderTwo: 'Nutritional products: specimens from patients under 2 years are discarded.',

  // Panel selection: texts the spec describes without wording (docs/decisions/0005).
  notOrderableInNewYork: 'This product cannot be ordered in New York.',
  orderTypeNotAvailable: (label: string) => `${label} is not available for this practitioner.`,
  productNotFound: 'We could not find that product.',
  requisitionNotOnOrder: 'That requisition is not on this order.',
  requisitionUnknown: 'We could not find that requisition.',
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
  medicareFlagChanged: 'Every test on this order now uses the same Medicare or Non-Medicare billing.',
  tooLong: (label: string, max: number) => `${label} can be at most ${max} characters.`,
  quantityOutOfRange: 'Please enter a quantity from 0 to 99.',
  cptQuantityOutOfRange: (max: number) => `Please enter a quantity from 1 to ${max}.`,
  notAnOption: 'Please choose one of the options.',
  testNotOffered: 'That test is not offered with this product.',
} as const;
