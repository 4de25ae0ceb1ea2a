/** Query keys, general → specific (ARCHITECTURE.md, 'Naming'). */
export const queryKeys = {
  config: ['config'] as const,
  accountType: ['account-type'] as const,
  orders: ['orders'] as const,
  order: (id: number) => ['orders', id] as const,
  practitionerOptions: (orderId?: number) =>
    orderId === undefined
      ? (['practitioner-options'] as const)
      : (['practitioner-options', orderId] as const),
  practitioner: (gsdlNo: string) => ['practitioners', gsdlNo] as const,
};
