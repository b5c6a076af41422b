/** Query keys of the payment screens. */
export const paymentKeys = {
  all: ['payments'] as const,
  subscriptions: () => [...paymentKeys.all, 'subscriptions'] as const,
};
