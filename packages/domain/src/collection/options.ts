/** spec 2 §3: the stool sample options of the collection form, stored as shown. */
export const SAMPLE_COLOURS = ['Green', 'Light Brown', 'Brown', 'Black'] as const;
export const SAMPLE_CONSISTENCIES = [
  'Hard/Constipated',
  'Formed/Normal',
  'Loose',
  'Watery/Diarrhea',
] as const;

/** spec 2 §2, §9: the Collection Instructions modal lists 11 labelled devices. */
export const COLLECTION_INSTRUCTION_DEVICE_COUNT = 11;
