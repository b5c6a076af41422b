// Builds the whole fake site from a seed: authors, about 240 fictions (192682 with its real values) and every
// list. Same seed, same site, byte for byte: tests may rely on ids and positions.

import { createRandom, hashString, type Random } from '@rrc/demo-data/random';
import {
  type Cohort,
  DAY,
  type Draft,
  makeAuthorName,
  makeChapterTitles,
  makeDescription,
  makeScores,
  makeStats,
  makeStatus,
  makeTimeline,
  makeTitle,
  makeType,
  makeWarnings,
  NOW,
} from './generate-fiction.ts';
import { buildLists, orderTags, rankRisingStars, topUpTags } from './generate-lists.ts';
import type { FakeAuthor, FakeChapter, FakeFiction, FictionStatus, SiteData } from './model.ts';
import { REAL_AUTHOR, REAL_FICTION_ID, realFiction } from './real-192682.ts';
import { ALL_TAGS, isGenre, tagPopularity } from './tags.ts';
import { slugify } from './text.ts';

export const DEFAULT_SEED = 20261008;
const RISING_COUNT = 110;
const ESTABLISHED_COUNT = 75;
const SHORT_STORY_COUNT = 52;
const AUTHOR_COUNT = 150;
/** Position (0-based) in `main` of the fiction whose title needs HTML escaping, and of the one nobody rated. */
export const ESCAPED_TITLE_RANK = 12;
export const UNRATED_RANK = 47;
export const ESCAPED_TITLE = 'Swords & Sorcery: The Cartographer’s Apprentice';

export function coverUrl(id: number, slug: string, startedAt: number): string {
  const short = slugify(slug, 42);
  return `https://www.royalroadcdn.com/public/covers-large/${id}-${short}.jpg?time=${Math.round(startedAt / 1000)}`;
}

function makeAuthors(random: Random): FakeAuthor[] {
  const authors = [REAL_AUTHOR];
  const ids = new Set([REAL_AUTHOR.id]);
  const names = new Set([REAL_AUTHOR.name]);
  while (authors.length < AUTHOR_COUNT) {
    const id = random.int(100_000, 1_450_000);
    const name = makeAuthorName(random);
    if (ids.has(id) || names.has(name)) continue;
    ids.add(id);
    names.add(name);
    const joinedAt = NOW - random.uniform(120, 3600) * DAY;
    const avatarUrl = random.chance(0.7)
      ? `https://www.royalroadcdn.com/public/avatars/avatar-${id}-AAC${(hashString(name) % 0xffffff).toString(36)}.png?time=${Math.round(joinedAt / 1000)}`
      : null;
    authors.push({
      id,
      name,
      avatarUrl,
      joinedAt: new Date(Math.round(joinedAt / 1000) * 1000).toISOString(),
    });
  }
  return authors;
}

function draftFiction(random: Random, cohort: Cohort, author: FakeAuthor, titles: Set<string>): Draft {
  let title = makeTitle(random);
  while (titles.has(title)) title = makeTitle(random);
  titles.add(title);
  const status = makeStatus(random, cohort);
  const { startedAt, releases } = makeTimeline(random, status, cohort);
  const momentum = cohort === 'rising' ? random.uniform(0.3, 1) : random.uniform(0, 0.35);
  // Only short stories carry the Short Story tag (`one_shot`): a 200-chapter "short story" would be absurd.
  const tags = ALL_TAGS.filter((tag) => tag.slug !== 'one_shot' && random.chance(tagPopularity(tag.slug)));
  if (!tags.some((tag) => isGenre(tag.slug))) tags.push({ slug: 'fantasy', label: 'Fantasy' });
  if (cohort === 'short') tags.push({ slug: 'one_shot', label: 'Short Story' });
  const fiction: FakeFiction = {
    id: 0, // assigned once every draft's start date is known
    title,
    slug: slugify(title),
    authorName: author.name,
    authorId: author.id,
    coverUrl: null,
    description: makeDescription(random),
    type: makeType(random),
    status,
    tags,
    warnings: makeWarnings(random),
    scores: makeScores(random, cohort),
    stats: makeStats(random, cohort, momentum, releases.length),
    chapters: [],
  };
  return { fiction, cohort, momentum, startedAt, releases };
}

/** Roobit's two other fictions (constructed; the real profile was never saved), so his profile lists three. */
function roobitDrafts(random: Random, titles: Set<string>): Draft[] {
  const extras: Array<[string, FictionStatus]> = [
    ['Reincarnated as a Cursed Sword [Weapon Evolution LitRPG]', 'COMPLETED'],
    ['The Pebble Saint', 'HIATUS'],
  ];
  return extras.map(([title, status]) => {
    const draft = draftFiction(random, 'established', REAL_AUTHOR, titles);
    const timeline = makeTimeline(random, status, 'established');
    Object.assign(draft, timeline);
    draft.fiction.title = title;
    draft.fiction.slug = slugify(title);
    draft.fiction.status = status;
    draft.fiction.stats = makeStats(random, 'established', 0, timeline.releases.length);
    titles.add(title);
    return draft;
  });
}

/** Piecewise-linear growth of ids over time, through the given (instant, id) points. */
function interpolate(anchors: ReadonlyArray<readonly [string, number]>, at: number): number {
  const points = anchors.map(([when, id]) => [Date.parse(when), id] as const);
  for (let i = 1; i < points.length; i++) {
    const [t0, id0] = points[i - 1] as readonly [number, number];
    const [t1, id1] = points[i] as readonly [number, number];
    if (at <= t1 || i === points.length - 1) return Math.round(id0 + ((at - t0) / (t1 - t0)) * (id1 - id0));
  }
  return points[0]?.[1] ?? 0;
}

/** Fiction ids grow with creation date, as on Royal Road (192682 started 2026-09-16). */
const FICTION_IDS = [
  ['2015-03-01T00:00:00Z', 5_000],
  ['2020-01-01T00:00:00Z', 30_000],
  ['2024-01-01T00:00:00Z', 80_000],
  ['2026-09-16T09:22:52Z', REAL_FICTION_ID],
] as const;

/** Chapter ids grow with time across the whole site (about 5,500 a day in 2026). */
const CHAPTER_IDS = [
  ['2015-01-01T00:00:00Z', 20_000],
  ['2020-01-01T00:00:00Z', 450_000],
  ['2024-01-01T00:00:00Z', 1_700_000],
  ['2026-10-07T19:34:06Z', 4_084_884],
] as const;

function assignFictionIds(random: Random, drafts: Draft[]): void {
  const used = new Set([REAL_FICTION_ID]);
  for (const draft of [...drafts].sort((a, b) => a.startedAt - b.startedAt)) {
    if (draft.fiction.id === REAL_FICTION_ID) continue;
    let id = Math.max(10_000, interpolate(FICTION_IDS, draft.startedAt) + random.int(0, 40));
    while (used.has(id)) id++;
    used.add(id);
    draft.fiction.id = id;
    draft.fiction.coverUrl = coverUrl(id, draft.fiction.slug, draft.startedAt);
  }
}

function buildChapters(random: Random, drafts: Draft[], used: Set<number>): void {
  for (const draft of drafts) {
    if (draft.fiction.id === REAL_FICTION_ID) continue;
    const titles = makeChapterTitles(random, draft.releases.length);
    const volumeSize = draft.cohort === 'established' && random.chance(0.25) ? random.int(25, 60) : 0;
    let volumeId: number | null = null;
    draft.fiction.chapters = draft.releases.map((at, index): FakeChapter => {
      let id = interpolate(CHAPTER_IDS, at) + random.int(0, 50);
      while (used.has(id)) id++;
      used.add(id);
      if (volumeSize > 0 && index % volumeSize === 0) volumeId = random.int(10_000, 40_000);
      const title = titles[index] ?? `Chapter ${index + 1}`;
      return {
        id,
        title,
        slug: slugify(title),
        publishedAt: new Date(at).toISOString().replace('.000Z', 'Z'),
        volumeId,
      };
    });
  }
}

/** Two `main` entries the fixtures need: a title that must be HTML-escaped and a fiction nobody has rated. */
function pinSpecialCases(drafts: Map<number, Draft>, main: number[]): void {
  const escaped = drafts.get(main[ESCAPED_TITLE_RANK] ?? -1);
  const unrated = drafts.get(main[UNRATED_RANK] ?? -1);
  if (!escaped || !unrated) throw new Error('the main Rising Stars list is too short');
  escaped.fiction.title = ESCAPED_TITLE;
  escaped.fiction.slug = slugify(ESCAPED_TITLE);
  escaped.fiction.coverUrl = coverUrl(escaped.fiction.id, escaped.fiction.slug, escaped.startedAt);
  unrated.fiction.scores = null;
  unrated.fiction.stats.ratings = 0;
}

export function generateSite(seed: number = DEFAULT_SEED): SiteData {
  const random = createRandom(seed);
  const authors = makeAuthors(random);
  const titles = new Set<string>();
  const real = realFiction();
  titles.add(real.title);
  const realReleases = real.chapters.map((chapter) => Date.parse(chapter.publishedAt));
  const drafts: Draft[] = [
    {
      fiction: real,
      cohort: 'rising',
      momentum: 2,
      startedAt: realReleases[0] ?? NOW,
      releases: realReleases,
    },
    ...roobitDrafts(random, titles),
  ];
  const others = authors.slice(1);
  for (let i = 0; i < RISING_COUNT; i++)
    drafts.push(draftFiction(random, 'rising', random.pick(others), titles));
  for (let i = 0; i < ESTABLISHED_COUNT; i++) {
    drafts.push(draftFiction(random, 'established', random.pick(others), titles));
  }
  for (let i = 0; i < SHORT_STORY_COUNT; i++)
    drafts.push(draftFiction(random, 'short', random.pick(others), titles));
  assignFictionIds(random, drafts);
  // A few older fictions never got a cover: pages then show Royal Road's placeholder.
  for (const draft of random.sample(
    drafts.filter((d) => d.cohort !== 'rising' && d.fiction.authorId !== REAL_AUTHOR.id),
    3,
  )) {
    draft.fiction.coverUrl = null;
  }
  buildChapters(random, drafts, new Set(real.chapters.map((chapter) => chapter.id)));
  topUpTags(random, drafts);
  for (const draft of drafts) {
    if (draft.fiction.id !== REAL_FICTION_ID) draft.fiction.tags = orderTags(random, draft.fiction.tags);
  }
  // Before the popular lists, so that best-rated already sees the unrated fiction as unrated.
  pinSpecialCases(new Map(drafts.map((draft) => [draft.fiction.id, draft])), rankRisingStars(drafts, 'main'));
  const lists = buildLists(random, drafts);
  return {
    fictions: new Map(
      drafts.sort((a, b) => a.fiction.id - b.fiction.id).map((draft) => [draft.fiction.id, draft.fiction]),
    ),
    authors: new Map(authors.map((author) => [author.id, author])),
    ...lists,
  };
}
