// What a search and the movers can ask for: plain values with no dependencies, safe for the smallest web bundle.
import { GENRES } from './genres.ts';

/** Statuses a search can ask for (Royal Road shows them in capitals). */
export const FICTION_STATUSES = ['ongoing', 'completed', 'hiatus', 'stub', 'dropped'] as const;
export type FictionStatus = (typeof FICTION_STATUSES)[number];
/** Types a search can ask for: `fanfiction` stands for Royal Road's "Fan Fiction". */
export const FICTION_TYPES = ['original', 'fanfiction'] as const;
export type FictionType = (typeof FICTION_TYPES)[number];
export const SEARCH_SORTS = [
  'relevance',
  'followers',
  'gain7',
  'gain30',
  'score',
  'pages',
  'newest',
  'updated',
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const MOVER_WINDOWS = ['1d', '7d', '30d'] as const;
export type MoverWindow = (typeof MOVER_WINDOWS)[number];
/** Days in each movers window. */
export const WINDOW_DAYS: Record<MoverWindow, number> = { '1d': 1, '7d': 7, '30d': 30 };
/** Genres a search or the movers can be narrowed to: every Rising Stars list but the main one. */
export const DISCOVERY_GENRES = GENRES.filter((genre) => genre.kind !== 'main');
