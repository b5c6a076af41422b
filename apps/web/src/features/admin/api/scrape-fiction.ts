import type { JobAccepted } from '@rrc/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Scrapes one fiction now, adding it when it is new. */
export function scrapeFiction(royalroadId: number) {
  return apiRequest<JobAccepted>(`/admin/manual-scrape/${royalroadId}`, { method: 'POST' });
}
