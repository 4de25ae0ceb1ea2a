import type { Office } from '../contract/order.ts';

/** spec 1 §9: office layout ids 0 and 2 are domestic, 3 international. */
export const REQ_LAYOUT = { domestic: 0, domesticAlternate: 2, international: 3 } as const;

type LayoutFacts = { office: Pick<Office, 'reqLayoutId'> };

/** spec 1 §6: 'reqLayoutId missing, 0 or 2 are domestic'. */
export const isDomesticLayout = ({ office }: LayoutFacts): boolean =>
  office.reqLayoutId === null ||
  office.reqLayoutId === REQ_LAYOUT.domestic ||
  office.reqLayoutId === REQ_LAYOUT.domesticAlternate;

export const isInternationalLayout = ({ office }: LayoutFacts): boolean =>
  office.reqLayoutId === REQ_LAYOUT.international;
