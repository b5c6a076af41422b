// The shapes the fake Royal Road keeps in memory. Field names follow what the pages show, not our database.

export type FictionType = 'Original' | 'Fan Fiction';
export type FictionStatus = 'ONGOING' | 'COMPLETED' | 'HIATUS' | 'STUB' | 'DROPPED' | 'INACTIVE';

export interface FakeTag {
  /** The `tagsAdd=` value, e.g. `summoned_hero`. */
  slug: string;
  /** The text of the tag link, e.g. `Portal Fantasy / Isekai`. */
  label: string;
}

export interface FakeChapter {
  id: number;
  title: string;
  slug: string;
  /** ISO 8601, UTC, whole seconds. */
  publishedAt: string;
  volumeId: number | null;
}

/** `overall` is the precise score (what `books:rating:value` carries); pages round it to two decimals. */
export interface FakeScores {
  overall: number;
  style: number;
  story: number;
  grammar: number;
  character: number;
}

/** A `null` statistic is left out of the page entirely (the real page can omit items; parsers must cope). */
export interface FakeStats {
  followers: number | null;
  favorites: number | null;
  ratings: number | null;
  pages: number | null;
  totalViews: number | null;
  averageViews: number | null;
}

export interface FakeFiction {
  id: number;
  title: string;
  slug: string;
  authorName: string;
  authorId: number;
  /** `null`: no cover uploaded, pages show Royal Road's placeholder image. */
  coverUrl: string | null;
  /** HTML blocks (`<p>…</p>`, `<hr>`), as the author wrote them; joined with newlines on the page. */
  description: string[];
  type: FictionType;
  status: FictionStatus;
  /** In page order. */
  tags: FakeTag[];
  warnings: string[];
  /** `null`: nobody has rated it yet, so pages show no scores and lists no rating. */
  scores: FakeScores | null;
  stats: FakeStats;
  /** Oldest first. */
  chapters: FakeChapter[];
}

export interface FakeAuthor {
  id: number;
  name: string;
  /** `null`: default avatar. */
  avatarUrl: string | null;
  /** ISO 8601. */
  joinedAt: string;
  /** What the author wrote about themselves on their profile (plain text; absent: nothing). */
  bio?: string;
}

export const POPULAR_LISTS = ['best-rated', 'active-popular', 'weekly-popular', 'trending'] as const;
export type PopularList = (typeof POPULAR_LISTS)[number];

/** Everything the site holds; `FakeSite` wraps it with the methods tests use. */
export interface SiteData {
  fictions: Map<number, FakeFiction>;
  authors: Map<number, FakeAuthor>;
  /** Genre slug (`main` included) → fiction ids in rank order. */
  risingStars: Map<string, number[]>;
  popular: Map<PopularList, number[]>;
}

/** The fake site's clock: every "N days ago" and every generated date is relative to this instant. */
export const FAKE_NOW = '2026-10-08T15:00:00Z';
