/** One device of the Collection Instructions table: its label in the pack's picture, its name and its use. */
export interface CollectionDevice {
  label: string;
  name: string;
  use: string;
}

/**
 * spec 2 §2, §9: the Collection Instructions modal's 'table of 11 labelled devices'. The spec names the count, not the
 * devices: these are the pieces of the lab's collection packs, labelled A to K as in the pack's picture (decision
 * 0032).
 */
export const COLLECTION_INSTRUCTION_DEVICES: readonly CollectionDevice[] = [
  { label: 'A', name: 'Specimen vials', use: 'Hold the sample; fill each to the line and close tightly.' },
  {
    label: 'B',
    name: 'Collection container',
    use: 'Catches a stool or urine sample before it is transferred.',
  },
  { label: 'C', name: 'Spoon and scoop', use: 'Transfers stool from the container to the vials.' },
  { label: 'D', name: 'Transfer pipette', use: 'Transfers urine from the cup to the tubes.' },
  {
    label: 'E',
    name: 'Saliva tubes with straws',
    use: 'One tube per saliva sample, at the times written on each.',
  },
  {
    label: 'F',
    name: 'Breath collection tubes',
    use: 'One tube per breath sample, in the order of the collection table.',
  },
  {
    label: 'G',
    name: 'Bloodspot card and lancets',
    use: 'Fill every circle from a fingertip; let the card dry flat.',
  },
  {
    label: 'H',
    name: 'Absorbent pad and specimen bag',
    use: 'Seal the vials inside with the pad in case of a leak.',
  },
  {
    label: 'I',
    name: 'Gel ice pack',
    use: 'Freeze overnight before shipping when the instructions ask for it.',
  },
  {
    label: 'J',
    name: 'Requisition form',
    use: 'Write the collection date and times; return it with the samples.',
  },
  {
    label: 'K',
    name: 'Return box with prepaid label',
    use: 'Ship the samples back to the lab on the day of the last collection.',
  },
];
