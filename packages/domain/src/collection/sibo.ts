/** spec 1 §9 / demo data: the SIBO breath test and its 2-hour panel, which uses tubes 1 to 7. */
export const SIBO_ORDERABLE_ITEM_ID = 215;
export const SIBO_TWO_HOUR_PANEL_ID = 4710;
export const SIBO_TUBE_COUNT = 9;
export const SIBO_TWO_HOUR_TUBE_COUNT = 7;

/**
 * spec 1 §9: 'A lab requisition number limit of 72406515 decides the note for 8-tube packs'. Packs are
 * numbered in the order they were made; we read the limit as the first number of the 8-tube packs (see the
 * decision record).
 */
export const EIGHT_TUBE_PACK_FIRST_REQ_NUMBER = 72406515;

/** Whether a SIBO pack has 8 tubes, so that tube 2 is left blank (spec 1 §9, spec 2 §5). */
export function isEightTubePack(reqNumber: string | null): boolean {
  if (reqNumber === null || !/^\d+$/.test(reqNumber.trim())) return false;
  return Number(reqNumber.trim()) >= EIGHT_TUBE_PACK_FIRST_REQ_NUMBER;
}

/** The tubes collected for a panel: 1 to 7 for the 2-hour panel, 1 to 9 otherwise. */
export const siboTubeCount = (panel: number | null): number =>
  panel === SIBO_TWO_HOUR_PANEL_ID ? SIBO_TWO_HOUR_TUBE_COUNT : SIBO_TUBE_COUNT;

/**
 * spec 1 §9: 'tube 3 is 20 minutes after the drink, 20 minutes between tubes 3 to 5, 30 minutes between later
 * tubes'. Tubes 1 and 2 are the baselines, taken before the drink (offset 0). Null for a tube that does not
 * exist.
 */
export function siboTubeOffsetMinutes(tube: number): number | null {
  if (!Number.isInteger(tube) || tube < 1 || tube > SIBO_TUBE_COUNT) return null;
  if (tube <= 2) return 0;
  if (tube <= 5) return 20 * (tube - 2);
  return 60 + 30 * (tube - 5);
}

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const MINUTES_PER_DAY = 24 * 60;

const readTime = (time: string): number | null => {
  const parts = TIME.exec(time.trim());
  return parts ? Number(parts[1]) * 60 + Number(parts[2]) : null;
};

const showTime = (minutes: number): string => {
  const inDay = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
};

export interface SiboTubeTime {
  tube: number;
  time: string;
}

/**
 * The times of the timed tubes (3 onwards) from the time of the lactulose drink, as HH:mm (24-hour, past
 * midnight wraps), for the panel's tubes; null when the drink time is not HH:mm.
 */
export function siboTubeTimes(drinkTime: string, panel: number | null): SiboTubeTime[] | null {
  const drink = readTime(drinkTime);
  if (drink === null) return null;
  const times: SiboTubeTime[] = [];
  for (let tube = 3; tube <= siboTubeCount(panel); tube += 1) {
    times.push({ tube, time: showTime(drink + (siboTubeOffsetMinutes(tube) ?? 0)) });
  }
  return times;
}
