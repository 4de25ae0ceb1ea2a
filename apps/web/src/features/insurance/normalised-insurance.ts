import { type Insurance, insuranceSchema } from '@gear/domain';

/** An insurance normalised as the server reads it (insuranceSchema): member numbers compact, phones +1, dates canonical. */
export const normalisedInsurance = (insurance: Insurance): Insurance => {
  const parsed = insuranceSchema.safeParse(insurance);
  return parsed.success ? parsed.data : insurance;
};
