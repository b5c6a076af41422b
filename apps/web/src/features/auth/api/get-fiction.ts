import type { Fiction } from '@rrc/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** The fiction a sign-in page was asked to track ('Sign in to track this fiction'), by its Royal Road id. */
export function getFiction(royalroadId: string) {
  return apiRequest<Fiction>(`/fictions/${royalroadId}`);
}
