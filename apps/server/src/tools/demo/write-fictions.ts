// The demo catalog's rows: every fiction, and the daily snapshots of those with a history.
import {
  createRandom,
  DAY_MS,
  DEMO_ROYALROAD_BASE,
  type DemoPlan,
  demoAuthorName,
  demoDescription,
  demoTitle,
  endStats,
  type FictionProfile,
  lastChapterAt,
  type Stats,
  seedOf,
  snapshotSeries,
} from '@rrc/demo-data';
import type { BulkLoad, Column } from '../../db/bulk-load.ts';
import { iso, seconds } from './times.ts';

const STAT_COLUMNS = [
  'pages',
  'ratings',
  'followers',
  'favorites',
  'total_views',
  'average_views',
  'overall_score',
  'style_score',
  'story_score',
  'grammar_score',
  'character_score',
  'chapter_count',
] as const satisfies ReadonlyArray<keyof Stats>;

const STAT_TYPES: Record<(typeof STAT_COLUMNS)[number], string> = {
  pages: 'integer',
  ratings: 'integer',
  followers: 'integer',
  favorites: 'integer',
  total_views: 'bigint',
  average_views: 'integer',
  overall_score: 'double precision',
  style_score: 'double precision',
  story_score: 'double precision',
  grammar_score: 'double precision',
  character_score: 'double precision',
  chapter_count: 'integer',
};
const statColumns = STAT_COLUMNS.map((name) => [name, STAT_TYPES[name]] as const);

const FICTION_COLUMNS: Column[] = [
  ['royalroad_id', 'integer'],
  ['title', 'text'],
  ['author_name', 'text'],
  ['author_id', 'integer'],
  ['description', 'text'],
  ['image_url', 'text'],
  ['status', 'text'],
  ['type', 'text'],
  ['tags', 'text'],
  ['warnings', 'text'],
  ...statColumns,
  ['last_chapter_at', 'timestamptz'],
  ['last_scraped_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

const SNAPSHOT_COLUMNS: Column[] = [
  ['fiction_id', 'integer'],
  ['captured_at', 'timestamptz'],
  ...statColumns,
];

const CHAPTER_COLUMNS: Column[] = [
  ['fiction_id', 'integer'],
  ['royalroad_chapter_id', 'integer'],
  ['title', 'text'],
  ['published_at', 'timestamptz'],
];
/** The first fictions (a year of history on the large scale) get a chapter list, for analytics. */
export const CHAPTER_FICTIONS = 6;
export const DEMO_CHAPTERS = 500;

/** Daily snapshot times of fiction i: between 02:00 and 05:00 UTC (a nightly refresh takes hours). */
function snapshotTimes(plan: DemoPlan, i: number, profile: FictionProfile): number[] {
  const { scale, end } = plan;
  if (i >= scale.historyFictions) return [];
  const offset = ((i * 7919) % 10_800) * 1000;
  const launched = profile.riser ? profile.riser.bornAt + 6 * 3_600_000 : Number.NEGATIVE_INFINITY;
  const times: number[] = [];
  for (let day = scale.historyDays; day >= 1; day--) {
    const t = end - day * DAY_MS + 2 * 3_600_000 + offset;
    if (t >= launched) times.push(t);
  }
  return times;
}

/** What the other rows need to know of the fictions written, by fiction index. */
export interface FictionFacts {
  ids: Int32Array;
  followers: Float64Array;
  chapters: Int32Array;
  titles: string[];
  snapshots: number;
  firstSnapshots: number;
}

export async function writeFictions(
  load: BulkLoad,
  plan: DemoPlan,
  log: (line: string) => void,
): Promise<FictionFacts> {
  const { scale, end, seed } = plan;
  const count = scale.fictions;
  const facts: FictionFacts = {
    ids: new Int32Array(count),
    followers: new Float64Array(count),
    chapters: new Int32Array(count),
    titles: new Array<string>(count),
    snapshots: 0,
    firstSnapshots: 0,
  };
  // When each fiction was first seen on Rising Stars: it cannot have been created in the app later.
  const firstSeen = new Float64Array(count).fill(Number.POSITIVE_INFINITY);
  plan.captures.forEach((lists, c) => {
    const t = plan.captureTimes[c] as number;
    for (const fiction of lists) if (t < (firstSeen[fiction] as number)) firstSeen[fiction] = t;
  });
  const authorCount = Math.max(1, Math.round(count * 0.7));
  const authors = new Map<number, string>();
  const authorName = (author: number) => {
    let name = authors.get(author);
    if (name === undefined) {
      name = demoAuthorName(createRandom(seedOf(seed, 'author', author)));
      authors.set(author, name);
    }
    return name;
  };

  const fictions = load.inserter('fictions', FICTION_COLUMNS, {
    returning: ['id', 'royalroad_id'],
  });
  const snapshots = load.inserter('fiction_snapshots', SNAPSHOT_COLUMNS);
  const chapters = load.inserter('fiction_chapters', CHAPTER_COLUMNS);
  const chunkSize = 250;
  const windowStart = end - scale.historyDays * DAY_MS;
  let reported = 0;
  const started = performance.now();
  for (let from = 0; from < count; from += chunkSize) {
    const chunk: Array<{ i: number; times: number[]; series: Stats[] }> = [];
    for (let i = from; i < Math.min(count, from + chunkSize); i++) {
      const profile = plan.profiles[i] as FictionProfile;
      const times = snapshotTimes(plan, i, profile);
      const series = snapshotSeries(profile, times, seedOf(seed, 'series', i), windowStart);
      const stats = series.at(-1) ?? endStats(profile, end);
      const random = createRandom(seedOf(seed, 'text', i));
      const title = demoTitle(random, profile.type === 'Fan Fiction');
      const author = Math.floor(authorCount * random.next() ** 1.3);
      const firstSnapshot = times[0];
      const lastSnapshot = times.at(-1);
      const bornAt = profile.riser?.bornAt;
      const createdAt = Math.min(
        firstSnapshot ?? Number.POSITIVE_INFINITY,
        firstSeen[i] as number,
        firstSnapshot === undefined
          ? bornAt !== undefined
            ? Math.min(end - 60_000, bornAt + DAY_MS)
            : end - random.uniform(1, 365) * DAY_MS
          : Number.POSITIVE_INFINITY,
      );
      facts.titles[i] = title;
      facts.followers[i] = stats.followers;
      facts.chapters[i] = stats.chapter_count;
      fictions.push([
        DEMO_ROYALROAD_BASE + i,
        title,
        authorName(author),
        9_000_000 + author,
        demoDescription(random, title),
        null,
        profile.status,
        profile.type,
        JSON.stringify(profile.tags),
        JSON.stringify(profile.warnings),
        ...STAT_COLUMNS.map((column) => stats[column]),
        iso(Math.min(lastChapterAt(profile, end, series, times), lastSnapshot ?? end - 60_000)),
        lastSnapshot === undefined ? null : iso(lastSnapshot),
        iso(createdAt),
        iso(lastSnapshot ?? createdAt),
      ]);
      chunk.push({ i, times, series });
    }
    for (const row of await fictions.flush()) {
      facts.ids[Number(row.royalroad_id) - DEMO_ROYALROAD_BASE] = Number(row.id);
    }
    for (const { i, times, series } of chunk) {
      const id = facts.ids[i] as number;
      for (let k = 0; k < series.length; k++) {
        const stats = series[k] as Stats;
        const full = snapshots.push([
          id,
          iso(times[k] as number),
          stats.pages,
          stats.ratings,
          stats.followers,
          stats.favorites,
          stats.total_views,
          stats.average_views,
          stats.overall_score,
          stats.style_score,
          stats.story_score,
          stats.grammar_score,
          stats.character_score,
          stats.chapter_count,
        ]);
        if (full) await snapshots.flush();
      }
      if (i === 0) facts.firstSnapshots = series.length;
      // 500 chapters spread evenly over the history window, a little after the day's snapshot.
      if (i < CHAPTER_FICTIONS) {
        const every = (scale.historyDays * DAY_MS) / DEMO_CHAPTERS;
        for (let k = 0; k < DEMO_CHAPTERS; k++) {
          const full = chapters.push([
            id,
            (DEMO_ROYALROAD_BASE + i) * 1000 + k,
            `Chapter ${k + 1}`,
            iso(windowStart + (k + 0.5) * every),
          ]);
          if (full) await chapters.flush();
        }
      }
    }
    const done = Math.min(count, from + chunkSize);
    // Fictions with a history take most of the time: report them in fifths too.
    const step = done <= scale.historyFictions ? scale.historyFictions / 5 : count / 5;
    if (done === count || done === scale.historyFictions || done - reported >= step) {
      reported = done;
      await snapshots.flush();
      log(
        `  fictions ${done.toLocaleString('en')}/${count.toLocaleString('en')}, snapshots ${snapshots.written.toLocaleString('en')} (${seconds(started)} s)`,
      );
    }
  }
  await snapshots.flush();
  await chapters.flush();
  facts.snapshots = snapshots.written;
  return facts;
}
