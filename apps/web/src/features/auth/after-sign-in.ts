import { DEFAULT_AFTER_SIGN_IN, fictionPath, RETURN_TO_PARAM, safeReturnPath } from '@rrc/contract/rules';
import { ApiError } from '../../lib/api-client.ts';
import { royalroadIdIn } from '../../lib/royalroad-id.ts';
import { addToList } from './api/add-to-list.ts';
import { getFiction } from './api/get-fiction.ts';

/** A `fiction_id` query value: a Royal Road id, or null when absent or not one. */
export function royalroadIdParam(value: string | null): string | null {
  return value && royalroadIdIn(value) > 0 ? value : null;
}

/** What the sign-in pages' address asks for once the reader is in: a fiction to track, a page to go back to. */
export interface AfterSignIn {
  /** Royal Road id of a fiction to add to the list ('Sign in to track this fiction'). */
  fictionId: string | null;
  /** A path on this site to return to; anything else was dropped. */
  returnTo: string | null;
}

export function afterSignInFrom(search: string): AfterSignIn {
  const params = new URLSearchParams(search);
  return {
    fictionId: royalroadIdParam(params.get('fiction_id')),
    returnTo: safeReturnPath(params.get(RETURN_TO_PARAM)),
  };
}

/**
 * After signing in from a fiction page: looks the fiction up by its Royal Road id, adds it to the list as
 * plan to read (already listed — 409 — or refused — 400 — is fine) and answers where to go next.
 */
export async function trackFictionAfterSignIn(royalroadId: string): Promise<string> {
  const fiction = await getFiction(royalroadId);
  try {
    await addToList(fiction.id);
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 409 || error.status === 400))) throw error;
  }
  return fictionPath(fiction.royalroad_id, fiction.title);
}

/**
 * Where a reader who has just signed in (by password, registration or a provider) goes: the tracked
 * fiction's page (even when it could not be added), else the page they came from, else the dashboard.
 */
export async function destinationAfterSignIn(after: AfterSignIn): Promise<string> {
  const { fictionId } = after;
  if (fictionId) return trackFictionAfterSignIn(fictionId).catch(() => `/fiction/${fictionId}`);
  return after.returnTo ?? DEFAULT_AFTER_SIGN_IN;
}
