/** Query keys of the payment screens. */
export const paymentKeys = {
  subscriptions: ['payments', 'subscriptions'] as const,
};
