import type { JobAccepted } from '@rrc/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Captures every Rising Stars list now; while one capture runs, the server answers with that one. */
export function triggerRisingStarsScrape() {
  return apiRequest<JobAccepted>('/admin/trigger/rising-stars-scrape', { method: 'POST' });
}
