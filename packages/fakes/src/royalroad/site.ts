// The fake Royal Road's content, held in memory: what the server renders, and what tests change between
// requests (counters, list order, fictions appearing or vanishing) to see how the scraper copes.

import { createRandom, hashString } from '@rrc/demo-data/random';
import { coverUrl, DEFAULT_SEED, generateSite } from './generate.ts';
import {
  makeAuthorName,
  makeDescription,
  makeScores,
  makeStats,
  makeTitle,
  NOW,
} from './generate-fiction.ts';
import { escapeHtml } from './html.ts';
import {
  FAKE_NOW,
  type FakeAuthor,
  type FakeChapter,
  type FakeFiction,
  type FakeScores,
  type FakeStats,
  type FictionStatus,
  type PopularList,
  type SiteData,
} from './model.ts';
import { slugify } from './text.ts';

/** A fiction's status as its page can show it. */
export const FICTION_STATUSES: readonly FictionStatus[] = [
  'ONGOING',
  'COMPLETED',
  'HIATUS',
  'STUB',
  'DROPPED',
  'INACTIVE',
];

/** What `setPage` changes (anything left out stays). */
export interface FakePageChange {
  title?: string;
  description?: string[];
  tags?: string[];
  status?: FictionStatus;
  coverUrl?: string | null;
}

export interface FakeSiteOptions {
  /** Another seed gives another, equally deterministic site. */
  seed?: number;
}

/** Anything left out gets a generated value; `stats` may be given in part. */
export type NewFiction = Partial<Omit<FakeFiction, 'stats' | 'scores'>> & {
  stats?: Partial<FakeStats>;
  scores?: FakeScores | null;
};

const STAT_KEYS: ReadonlyArray<keyof FakeStats> = [
  'followers',
  'favorites',
  'ratings',
  'pages',
  'totalViews',
  'averageViews',
];

export function isStatKey(key: string): key is keyof FakeStats {
  return (STAT_KEYS as readonly string[]).includes(key);
}

/** Generated once per seed and copied for every site: generating takes far longer than copying. */
const PRISTINE = new Map<number, SiteData>();

function freshData(seed: number): SiteData {
  let data = PRISTINE.get(seed);
  if (!data) {
    data = generateSite(seed);
    PRISTINE.set(seed, data);
  }
  return structuredClone(data);
}

export class FakeSite {
  readonly seed: number;
  #data: SiteData;

  constructor(options: FakeSiteOptions = {}) {
    this.seed = options.seed ?? DEFAULT_SEED;
    this.#data = freshData(this.seed);
  }

  /** The site's fixed clock (ISO): pages say "2 days ago" relative to it, never to the real time. */
  get now(): string {
    return FAKE_NOW;
  }

  /** Back to the generated content, forgetting every change. */
  reset(): void {
    this.#data = freshData(this.seed);
  }

  fiction(id: number): FakeFiction | undefined {
    return this.#data.fictions.get(id);
  }

  fictions(): FakeFiction[] {
    return [...this.#data.fictions.values()];
  }

  author(id: number): FakeAuthor | undefined {
    return this.#data.authors.get(id);
  }

  /** Newest first, as a profile lists them. */
  fictionsBy(authorId: number): FakeFiction[] {
    return this.fictions()
      .filter((fiction) => fiction.authorId === authorId)
      .sort((a, b) => b.id - a.id);
  }

  /** Every genre slug that has a Rising Stars list. */
  genres(): string[] {
    return [...this.#data.risingStars.keys()];
  }

  /** Fiction ids in rank order, or `undefined` for a genre the site has no list for. */
  risingStars(genre = 'main'): number[] | undefined {
    const ids = this.#data.risingStars.get(genre);
    return ids ? [...ids] : undefined;
  }

  popular(list: PopularList): number[] {
    return [...(this.#data.popular.get(list) ?? [])];
  }

  /** Changes counters; `null` removes that statistic from the fiction page. Returns the updated fiction. */
  setStats(id: number, stats: Partial<FakeStats>): FakeFiction {
    const fiction = this.#require(id);
    for (const [key, value] of Object.entries(stats)) {
      if (!isStatKey(key)) throw new Error(`unknown statistic "${key}"`);
      if (value !== null && (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)) {
        throw new Error(`statistic "${key}" must be a non-negative integer or null`);
      }
      fiction.stats[key] = value;
    }
    return fiction;
  }

  /**
   * Changes what a fiction's page says, as its author would: title, description (paragraphs of text), tags
   * (by their labels), status or cover (`null`: none). Returns the updated fiction.
   */
  setPage(id: number, page: FakePageChange): FakeFiction {
    const fiction = this.#require(id);
    if (page.title !== undefined) {
      if (!page.title.trim()) throw new Error('title must not be empty');
      fiction.title = page.title;
    }
    if (page.description !== undefined)
      fiction.description = page.description.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`);
    if (page.tags !== undefined)
      fiction.tags = page.tags.map((label) => ({ slug: slugify(label).replace(/-/g, '_'), label }));
    if (page.status !== undefined) {
      if (!FICTION_STATUSES.includes(page.status))
        throw new Error(`status must be one of ${FICTION_STATUSES.join(', ')}`);
      fiction.status = page.status;
    }
    if (page.coverUrl !== undefined) fiction.coverUrl = page.coverUrl;
    return fiction;
  }

  /** Changes what an author's profile says about them, as the author would (plain text; empty: nothing). */
  setBio(authorId: number, bio: string): FakeAuthor {
    const author = this.#data.authors.get(authorId);
    if (!author) throw new Error(`no author ${authorId}`);
    author.bio = bio;
    return author;
  }

  /** Releases a new chapter of a fiction (published at `publishedAt`, by default now), with an id above every other. */
  addChapter(id: number, title: string, publishedAt = new Date().toISOString()): FakeChapter {
    const fiction = this.#require(id);
    const [chapter] = this.#freshChapters(1);
    if (!chapter) throw new Error('no chapter made');
    const released = {
      ...chapter,
      title,
      slug: slugify(title),
      publishedAt: publishedAt.replace(/\.\d{3}Z$/, 'Z'),
    };
    fiction.chapters.push(released);
    return released;
  }

  /** Replaces a list (any slug: one the site did not have becomes a known genre). */
  setRisingStars(genre: string, ids: readonly number[]): void {
    for (const id of ids) this.#require(id);
    if (new Set(ids).size !== ids.length) throw new Error('a Rising Stars list cannot hold a fiction twice');
    this.#data.risingStars.set(genre, [...ids]);
  }

  addFiction(partial: NewFiction = {}): FakeFiction {
    const id = partial.id ?? Math.max(...this.#data.fictions.keys()) + 1;
    if (this.#data.fictions.has(id)) throw new Error(`fiction ${id} already exists`);
    // Seeded by the id, so the same call on a fresh site gives the same fiction.
    const random = createRandom(hashString(`${this.seed}:fiction:${id}`));
    const author = this.#authorFor(partial, random);
    const title = partial.title ?? makeTitle(random);
    const slug = partial.slug ?? slugify(title);
    const chapters = partial.chapters ?? this.#freshChapters(5);
    const { stats, scores, ...rest } = partial;
    const fiction: FakeFiction = {
      description: makeDescription(random),
      type: 'Original',
      status: 'ONGOING',
      tags: [{ slug: 'fantasy', label: 'Fantasy' }],
      warnings: [],
      coverUrl: coverUrl(id, slug, NOW),
      ...rest,
      id,
      title,
      slug,
      authorId: author.id,
      authorName: author.name,
      chapters,
      scores: scores === undefined ? makeScores(random, 'rising') : scores,
      stats: { ...makeStats(random, 'rising', 0.2, chapters.length), ...stats },
    };
    this.#data.fictions.set(id, fiction);
    return fiction;
  }

  /** The fiction disappears from its page (404), every list and its author's profile. */
  removeFiction(id: number): boolean {
    const existed = this.#data.fictions.delete(id);
    for (const lists of [this.#data.risingStars, this.#data.popular]) {
      for (const [key, ids] of lists)
        (lists as Map<string, number[]>).set(
          key,
          ids.filter((other) => other !== id),
        );
    }
    return existed;
  }

  #require(id: number): FakeFiction {
    const fiction = this.#data.fictions.get(id);
    if (!fiction) throw new Error(`no fiction ${id} on the fake site`);
    return fiction;
  }

  #authorFor(partial: NewFiction, random: ReturnType<typeof createRandom>): FakeAuthor {
    const known = partial.authorId === undefined ? undefined : this.#data.authors.get(partial.authorId);
    if (known && partial.authorName !== undefined && partial.authorName !== known.name) {
      throw new Error(`author ${known.id} is called "${known.name}", not "${partial.authorName}"`);
    }
    if (known) return known;
    const author: FakeAuthor = {
      id: partial.authorId ?? Math.max(...this.#data.authors.keys()) + 1,
      name: partial.authorName ?? makeAuthorName(random),
      avatarUrl: null,
      joinedAt: FAKE_NOW,
    };
    this.#data.authors.set(author.id, author);
    return author;
  }

  /** `count` chapters released over the last few days, with ids above every existing chapter's. */
  #freshChapters(count: number): FakeChapter[] {
    let nextId =
      1 + Math.max(0, ...this.fictions().flatMap((fiction) => fiction.chapters.map((chapter) => chapter.id)));
    return Array.from({ length: count }, (_, index) => {
      const title = `Chapter ${index + 1}`;
      const at = NOW - (count - index) * 12 * 3_600_000;
      return {
        id: nextId++,
        title,
        slug: slugify(title),
        publishedAt: new Date(at).toISOString().replace('.000Z', 'Z'),
        volumeId: null,
      };
    });
  }
}
