import type { CoffeeSubscription } from '@rrc/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { paymentKeys } from './keys.ts';

/**
 * Cancels a monthly coffee at the end of the paid month (`cancel`) or keeps it after all (`resume`); the
 * coffee page shows the answer at once.
 */
export function useChangeSubscription(action: 'cancel' | 'resume') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<CoffeeSubscription>(`/stripe/subscriptions/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
      }),
    onSuccess: (changed) => {
      client.setQueryData<CoffeeSubscription[]>(paymentKeys.subscriptions, (list) =>
        list?.map((each) => (each.id === changed.id ? changed : each)),
      );
    },
    // An answer such as "already ended" means the list is out of date.
    onError: () => client.invalidateQueries({ queryKey: paymentKeys.subscriptions }),
  });
}
