import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { SAMPLE_FILES } from '@rrc/demo-data/sample';
import type { FictionSnapshotsTable, FictionsTable } from '../db/schema.ts';
import { readDescription } from '../royalroad/parsers/description.ts';
import type { ParsedListItem } from '../royalroad/parsers/list.ts';

// `npm run cli -- seed-sample`: loads the real July 2026 sample of @rrc/demo-data (169 fictions with their
// history, 19 Rising Stars captures) through the fictions' and Rising Stars' own writes, as a scrape would.

interface SampleFiction {
  royalroad_id: number;
  title: string;
  author: string | null;
  type: string | null;
  status: string | null;
  tags: string[];
  warnings: string[];
  cover_url: string | null;
  description: string | null;
  history: Array<{
    t: string;
    followers?: number | null;
    total_views?: number | null;
    average_views?: number | null;
    favorites?: number | null;
    pages?: number | null;
    /** Stale for some fictions: not used (see chapterCountsAt). */
    chapters?: number | null;
    ratings?: number | null;
  }>;
  chapters?: Array<{ id: number; title: string; published: string | null }>;
}

interface SampleList {
  list: string;
  genre: string;
  captured_at: string;
  entries: Array<{
    position: number;
    royalroad_id: number;
    title: string | null;
    followers: number | null;
    total_views: number | null;
    pages: number | null;
    chapters: number | null;
    status: string | null;
    type: string | null;
    tags: string[];
    last_update: string | null;
  }>;
}

async function* readLines<T>(file: string): AsyncGenerator<T> {
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) if (line.trim()) yield JSON.parse(line) as T;
}

/**
 * The sample's text as markup. It is the text of Royal Road's list excerpts, in which characters are already
 * written as entities ('&lt; You have been'): an entity is kept as it is, only a bare '&', '<' or '>' is
 * escaped, so the reader sees '<' and never '&lt;'.
 */
const textAsHtml = (text: string) =>
  text
    .replace(/&(?!(?:[a-z][a-z0-9]*|#\d+|#x[0-9a-f]+);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const iso = (value: string) => new Date(value).toISOString();
const count = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : null;

/**
 * The excerpt is text with line breaks: stored as paragraphs, read as a list page's description is (cleaned,
 * decoded exactly once).
 */
export function sampleDescription(text: string | null): string | null {
  if (!text?.trim()) return null;
  return readDescription(
    text
      .split(/\n+/)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => `<p>${textAsHtml(line)}</p>`)
      .join('\n'),
  );
}

/**
 * How many chapters the fiction had at each of its snapshots, counted from the sample's chapter list: the
 * chapters released by then, and those listed without a release time (such as 'Start Reading'). The history's
 * own chapter figure is not used: for 19 of the 169 fictions it is stale (1 for a fiction of 17 chapters and
 * 349 pages, 2 for one of 59). Without a chapter list the count is unknown: null, never a guess.
 */
export function chapterCountsAt(
  chapters: SampleFiction['chapters'] | undefined,
  times: string[],
): Array<number | null> {
  if (!chapters?.length) return times.map(() => null);
  const undated = chapters.filter((chapter) => !chapter.published).length;
  const released = chapters
    .flatMap((chapter) => (chapter.published ? [Date.parse(chapter.published)] : []))
    .sort((a, b) => a - b);
  return times.map((time) => {
    const at = Date.parse(time);
    return undated + released.filter((releasedAt) => releasedAt <= at).length;
  });
}

/** The fiction columns the sample fills. */
type SampleFictionRow = Pick<
  FictionsTable,
  | 'royalroad_id'
  | 'title'
  | 'author_name'
  | 'description'
  | 'image_url'
  | 'status'
  | 'type'
  | 'tags'
  | 'warnings'
  | 'last_chapter_at'
>;
/** The snapshot columns the sample's history fills. */
type SampleSnapshotRow = Pick<
  FictionSnapshotsTable,
  | 'captured_at'
  | 'followers'
  | 'total_views'
  | 'average_views'
  | 'favorites'
  | 'pages'
  | 'ratings'
  | 'chapter_count'
>;

/** Where the sample goes: the fictions' import and the Rising Stars captures, as their features write them. */
export interface SampleTarget {
  fictions: {
    /** Stores a fiction the site does not know yet with its snapshots; answers its id, or null when known. */
    importFiction(input: {
      fiction: SampleFictionRow;
      snapshots: SampleSnapshotRow[];
      chapters: Array<{ royalroad_chapter_id: number; title: string; published_at: string | null }>;
      createdAt: string;
    }): Promise<number | null>;
  };
  risingStars: {
    captureExistsAt(capturedAt: string): Promise<boolean>;
    createCapture(input: { capturedAt: string; genresTotal: number; jobRunId: null }): Promise<number>;
    saveGenreList(input: {
      captureId: number;
      genre: string;
      items: ParsedListItem[];
      now: string;
    }): Promise<{ entries: number }>;
    finishCapture(captureId: number, status: 'complete', finishedAt: string): Promise<void>;
  };
  now: () => Date;
}

/**
 * Loads the real July 2026 sample: each fiction with its snapshot history,
 * then every Rising Stars capture. Already loaded fictions and captures are skipped.
 */
export async function importSample(
  deps: SampleTarget,
  files = SAMPLE_FILES,
): Promise<{ fictions: number; snapshots: number; captures: number; entries: number }> {
  const totals = { fictions: 0, snapshots: 0, captures: 0, entries: 0 };
  for await (const fiction of readLines<SampleFiction>(files.fictions)) {
    const history = fiction.history
      .map((point) => ({
        captured_at: iso(point.t),
        followers: count(point.followers),
        total_views: count(point.total_views),
        average_views: count(point.average_views),
        favorites: count(point.favorites),
        pages: count(point.pages),
        ratings: count(point.ratings),
      }))
      .sort((a, b) => a.captured_at.localeCompare(b.captured_at));
    const chapterCounts = chapterCountsAt(
      fiction.chapters,
      history.map((point) => point.captured_at),
    );
    const snapshots = history.map((point, index) => ({
      ...point,
      chapter_count: chapterCounts[index] ?? null,
    }));
    const published = (fiction.chapters ?? [])
      .map((chapter) => chapter.published)
      .filter((date): date is string => Boolean(date));
    const id = await deps.fictions.importFiction({
      fiction: {
        royalroad_id: fiction.royalroad_id,
        title: fiction.title,
        author_name: fiction.author,
        description: sampleDescription(fiction.description),
        image_url: fiction.cover_url,
        status: fiction.status?.toUpperCase() ?? null,
        type: fiction.type,
        tags: JSON.stringify(fiction.tags ?? []),
        warnings: JSON.stringify((fiction.warnings ?? []).filter((warning) => warning.trim())),
        last_chapter_at: published.length ? iso(published.sort().at(-1) as string) : null,
      },
      snapshots,
      chapters: (fiction.chapters ?? []).map((chapter) => ({
        royalroad_chapter_id: chapter.id,
        title: chapter.title,
        published_at: chapter.published ? iso(chapter.published) : null,
      })),
      createdAt: snapshots[0]?.captured_at ?? deps.now().toISOString(),
    });
    if (id !== null) {
      totals.fictions++;
      totals.snapshots += snapshots.length;
    }
  }

  const captures = new Map<string, SampleList[]>();
  for await (const list of readLines<SampleList>(files.risingStars)) {
    const at = iso(list.captured_at);
    captures.set(at, [...(captures.get(at) ?? []), list]);
  }
  for (const [capturedAt, lists] of [...captures].sort(([a], [b]) => a.localeCompare(b))) {
    if (await deps.risingStars.captureExistsAt(capturedAt)) continue;
    const captureId = await deps.risingStars.createCapture({
      capturedAt,
      genresTotal: lists.length,
      jobRunId: null,
    });
    for (const list of lists) {
      const items: ParsedListItem[] = list.entries.map((entry) => ({
        position: entry.position,
        royalroadId: entry.royalroad_id,
        title: entry.title ?? `Fiction ${entry.royalroad_id}`,
        imageUrl: null,
        type: entry.type,
        status: entry.status?.toUpperCase() ?? null,
        tags: (entry.tags ?? []).map((label) => ({ slug: label, label })),
        followers: entry.followers,
        rating: null,
        pages: entry.pages,
        views: entry.total_views,
        chapters: entry.chapters,
        lastUpdate: entry.last_update,
        description: null,
      }));
      const saved = await deps.risingStars.saveGenreList({
        captureId,
        genre: list.genre,
        items,
        now: capturedAt,
      });
      totals.entries += saved.entries;
    }
    await deps.risingStars.finishCapture(captureId, 'complete', capturedAt);
    totals.captures++;
  }
  return totals;
}
