import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { SAMPLE_FILES } from '@rrc/demo-data/sample';
import { describe, expect, it } from 'vitest';
import { chapterCountsAt, importSample, sampleDescription } from './seed-sample.ts';

// The sample's excerpts hold characters already written as entities ('&lt; You have been'): the loader stores
// them escaped once, so the page shows '<', never '&lt;'.
const sample = gunzipSync(readFileSync(SAMPLE_FILES.fictions))
  .toString('utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { royalroad_id: number; description: string | null });

describe('the sample loader', () => {
  it("stores Nuclear Son's '&lt;' escaped once", () => {
    const nuclearSon = sample.find((fiction) => fiction.royalroad_id === 176669);
    expect(nuclearSon?.description).toContain('&lt; You have been');
    const stored = sampleDescription(nuclearSon?.description ?? null);
    expect(stored).toContain('<p>&lt; You have been (...)</p>');
    expect(stored).not.toContain('&amp;');
  });

  it('escapes a bare ampersand or bracket once and keeps paragraphs', () => {
    expect(sampleDescription('Tom & Jerry <3\n\nFish &amp; chips &#8212; done')).toBe(
      '<p>Tom &amp; Jerry &lt;3</p>\n<p>Fish &amp; chips — done</p>',
    );
    expect(sampleDescription('  \n ')).toBeNull();
  });

  it('stores no description of the sample with an entity escaped twice', () => {
    for (const fiction of sample) {
      expect(sampleDescription(fiction.description) ?? '').not.toMatch(/&amp;(?:lt|gt|amp|quot);/);
    }
  });
});

describe('the chapter counts of the sample', () => {
  /** What the loader stores for each fiction: its snapshots, as importFiction receives them. */
  async function loaded() {
    const stored = new Map<
      number,
      Array<{ captured_at: string; chapter_count: number | null; pages: number | null }>
    >();
    await importSample({
      fictions: {
        importFiction: async ({ fiction, snapshots }) => {
          stored.set(fiction.royalroad_id, snapshots as never);
          return stored.size;
        },
      },
      risingStars: {
        captureExistsAt: async () => true,
        createCapture: async () => 0,
        saveGenreList: async () => ({ entries: 0 }),
        finishCapture: async () => {},
      },
      now: () => new Date('2026-07-22T00:00:00Z'),
    });
    return stored;
  }

  it("counts a fiction's chapters from its chapter list, not the history's stale figure", async () => {
    const stored = await loaded();
    // The Dungeon of Arceus: 349 pages and 17 chapters listed, the last on Jul 17; its history says 1 throughout.
    const arceus = stored.get(170525) ?? [];
    expect(arceus.at(-1)).toMatchObject({ pages: 349, chapter_count: 17 });
    expect(arceus[0]?.chapter_count).toBe(16);
    // Hidden Human: 59 chapters listed (58 before Jul 17), its history says 2.
    expect(stored.get(144483)?.at(-1)?.chapter_count).toBe(59);
    // No fiction of many pages is left at one chapter or none.
    const oneChapter = [...stored].filter(([, snapshots]) =>
      snapshots.some((snapshot) => (snapshot.pages ?? 0) > 50 && (snapshot.chapter_count ?? 2) < 2),
    );
    expect(oneChapter.map(([id]) => id)).toEqual([]);
  });

  it('counts the chapters released by each snapshot and those listed without a date; without a list, unknown', () => {
    const chapters = [
      { id: 1, title: 'Start Reading', published: null },
      { id: 2, title: 'Chapter 2', published: '2026-07-10T12:00:00Z' },
      { id: 3, title: 'Chapter 3', published: '2026-07-12T12:00:00Z' },
    ];
    expect(
      chapterCountsAt(chapters, ['2026-07-11T00:00:00Z', '2026-07-12T12:00:00Z', '2026-07-20T00:00:00Z']),
    ).toEqual([2, 3, 3]);
    expect(chapterCountsAt([], ['2026-07-11T00:00:00Z'])).toEqual([null]);
    expect(chapterCountsAt(undefined, ['2026-07-11T00:00:00Z'])).toEqual([null]);
  });
});
