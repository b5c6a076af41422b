import type { UserFiction } from '@rrc/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Adds a fiction (by its id on this site) to the signed-in reader's list as plan to read. */
export function addToList(fictionId: number) {
  return apiRequest<UserFiction>('/userFictions', {
    method: 'POST',
    body: { fiction_id: fictionId, status: 'plan_to_read' },
  });
}
