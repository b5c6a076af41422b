import type { addUserFictionBody, UserFiction } from '@rrc/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** Adds a fiction (by its id on this site) to the signed-in reader's list as plan to read. */
export function addToList(fictionId: number) {
  const body: z.input<typeof addUserFictionBody> = { fiction_id: fictionId, status: 'plan_to_read' };
  return apiRequest<UserFiction>('/userFictions', { method: 'POST', body });
}
