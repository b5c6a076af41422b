import type { SEARCH_SORTS } from '@rrc/contract';

/** The parameters of Browse, in the order they appear in its address (the same names as the API's). */
export const BROWSE_PARAMS = [
  'q',
  'tags',
  'genres',
  'status',
  'type',
  'minFollowers',
  'maxFollowers',
  'minPages',
  'maxPages',
  'updatedWithinDays',
  'onRisingStars',
  'sort',
  'page',
] as const;
export type BrowseParam = (typeof BROWSE_PARAMS)[number];

/** Browse's state from its address: known parameters only, empty ones and defaults left out, in one order. */
export function canonicalQuery(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const name of BROWSE_PARAMS) {
    const value = params.getAll(name).join(',').trim();
    if (!value) continue;
    if (name === 'page' && value === '1') continue;
    if (name === 'sort' && value === 'relevance') continue;
    out.set(name, value);
  }
  return out.toString();
}

/** A list parameter ("a,b") as its values. */
export function listOf(params: URLSearchParams, name: BrowseParam): string[] {
  return params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

export const SORT_LABELS: Record<(typeof SEARCH_SORTS)[number], string> = {
  relevance: 'Relevance',
  followers: 'Followers',
  gain7: 'Follower gain, 7 days',
  gain30: 'Follower gain, 30 days',
  score: 'Score',
  pages: 'Pages',
  newest: 'Newest on this site',
  updated: 'Last update',
};
