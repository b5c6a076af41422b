import type { Fiction } from '@rrc/contract';
import { fictionPath } from '@rrc/contract/rules';
import { ApiError, apiRequest } from '../../lib/api-client.ts';

/** A `fiction_id` query value: a Royal Road id, or null when absent or not one. */
export function royalroadIdParam(value: string | null): string | null {
  return value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? value : null;
}

/**
 * After signing in from a fiction page: looks the fiction up by its Royal Road id, adds it to the list as
 * plan to read (already listed — 409 — or refused — 400 — is fine) and answers where to go next.
 */
export async function trackFictionAfterSignIn(royalroadId: string): Promise<string> {
  const fiction = await apiRequest<Fiction>(`/fictions/${royalroadId}`);
  try {
    await apiRequest('/userFictions', {
      method: 'POST',
      body: { fiction_id: fiction.id, status: 'plan_to_read' },
    });
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 409 || error.status === 400))) throw error;
  }
  return fictionPath(fiction.royalroad_id, fiction.title);
}
