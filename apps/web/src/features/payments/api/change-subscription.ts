import type { CoffeeSubscription } from '@rrc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { paymentKeys } from './keys.ts';

export type SubscriptionChange = 'cancel' | 'resume';

/** Cancels a monthly coffee at the end of the paid month (`cancel`) or keeps it after all (`resume`). */
export function changeSubscription(id: string, action: SubscriptionChange) {
  return apiRequest<CoffeeSubscription>(`/stripe/subscriptions/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
  });
}

/** The coffee page shows the answer at once. */
export function useChangeSubscription(action: SubscriptionChange) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => changeSubscription(id, action),
    onSuccess: (changed) => {
      client.setQueryData<CoffeeSubscription[]>(paymentKeys.subscriptions(), (list) =>
        list?.map((each) => (each.id === changed.id ? changed : each)),
      );
    },
    // An answer such as "already ended" means the list is out of date.
    onError: () => client.invalidateQueries({ queryKey: paymentKeys.subscriptions() }),
  });
}
