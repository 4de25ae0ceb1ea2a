/** How repeated failed sign-ins are slowed and then refused, per login name and per address. */
export interface ThrottleLimits {
  windowMs: number;
  slowAfter: number;
  delayMs: number;
  blockAfter: number;
  blockMs: number;
}

export const LOGIN_NAME_LIMITS: ThrottleLimits = {
  windowMs: 15 * 60_000,
  slowAfter: 3,
  delayMs: 1000,
  blockAfter: 8,
  blockMs: 15 * 60_000,
};

export const ADDRESS_LIMITS: ThrottleLimits = {
  windowMs: 15 * 60_000,
  slowAfter: 20,
  delayMs: 1000,
  blockAfter: 50,
  blockMs: 15 * 60_000,
};

/**
 * docs/decisions/0040: failed order proofs (a wrong date of birth) per order, whichever of its numbers was tried.
 * A date of birth has some 36,500 likely values, so 5 guesses an hour end the guessing: slowed after 2, refused
 * for an hour after 5.
 */
export const PROOF_ORDER_LIMITS: ThrottleLimits = {
  windowMs: 60 * 60_000,
  slowAfter: 2,
  delayMs: 1000,
  blockAfter: 5,
  blockMs: 60 * 60_000,
};

/** docs/decisions/0040: failed order proofs per address, across numbers (the sign-in address limits). */
export const PROOF_ADDRESS_LIMITS: ThrottleLimits = ADDRESS_LIMITS;
