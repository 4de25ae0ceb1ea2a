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
} as const;
