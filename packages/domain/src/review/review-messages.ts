/**
 * The review's messages (spec 3 §5, §8), verbatim, and ours where the spec names a condition without a text
 * (docs/decisions/0080). Messages carrying the support phone are in reviewPhoneMessages.
 */
export const REVIEW_MESSAGES = {
  // spec 3 §5 Review and submit, §8 Review, verbatim.
  medicalNecessityRequired: 'Please acknowledge you have read the definition of medical necessity.',
  authorizationRequired: 'Please verify order authorization.',
  noRequisitions: 'Information cannot be confirmed until at least one requisition is added to the order.',
  allRequisitionsRemoved:
    'All requisitions have been removed from this order. Click here to start a new order.',
  quantityFailed: 'An unexpected error occurred while updating the quantity.',
  medicalNecessitySaveFailed: 'An error occurred while saving the selection. Please try again.',
  authorizationSaveFailed: 'An error occurred while saving the authorization. Please try again.',
  authorizationForbidden: 'You do not have permission to authorize this order.',
  authorizationSaved: 'Your authorization has been saved. Please submit the order to confirm.',
  acknowledgementLoadFailed: 'An unexpected error has occurred.',
  unsavedChanges: 'Unsaved changes will be lost',
  changesSaved: 'Changes saved',
  patientAgreementRequired: 'Patient/Responsible Party Acknowledgement is required.',
  paymentTypeRequired: 'Please select a payment type.',
  // Ours (decision 0080): the spec names these conditions of 'Submit is disabled' without a text.
  noPatientInfo: 'Patient information is missing. Please complete the Patient step.',
  patientStepSkipped: 'The Patient step was skipped. Please complete it before submitting.',
  insuranceStepSkipped: 'The Insurance step was skipped. Please complete it before submitting.',
  billingMissing: (productName: string) => `Please choose a billing option for ${productName}.`,
  /** spec 3 §5 Other payment rules: 'A diagnosis code is required...' (its end is ours, decision 0181). */
  diagnosisCodesMissing: (productName: string) =>
    `A diagnosis code is required when ${productName} is billed to insurance or Medicare.`,
  patientInfoInvalid: 'Some patient information is not valid. Please review the Patient step.',
  testSelectionsMissing: (productName: string) => `Please select the tests for ${productName}.`,
  billingStepSkipped: (productName: string) =>
    `The billing option of ${productName} was skipped. Please choose one before submitting.`,
  alreadyConfirmed: 'This order has already been submitted.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different submission.',
  notAuthorizingPractitioner: 'You do not have permission to authorize this order.',
  fixPaymentFields: 'Please correct the payment information above.',
  customizeNotApplicable: 'Only the collection packs of a ship-to-office order are customized.',
} as const;

/** spec 3 §8: messages that carry the support phone (configuration, spec/README.md resolution 2). */
export const reviewPhoneMessages = (phone: string) =>
  ({
    sectionSaveFailed: `An unexpected error has occurred. Please try again or call us at ${phone} if the issue continues.`,
    practitionerChangeFailed: `An unexpected error has occurred. Please try again or call us at ${phone} if the issue continues.`,
    requisitionLoadFailed: `An unexpected error has occurred. Please call us at ${phone}.`,
    recommendedProductFailed: `An unexpected error occurred. Please try again or call us at ${phone} or contact Customer Support for help.`,
  }) as const;
