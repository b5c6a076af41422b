import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { FictionSnapshotsTable, FictionsTable, Schema } from '../../db/schema.ts';
import type { ParsedFiction } from '../../royalroad/parsers/fiction.ts';
import type { ParsedListItem } from '../../royalroad/parsers/list.ts';

export type FictionRow = Selectable<FictionsTable>;

/** The statistics every snapshot records. */
export const SNAPSHOT_COLUMNS = [
  'followers',
  'favorites',
  'ratings',
  'pages',
  'total_views',
  'average_views',
  'chapter_count',
  'overall_score',
  'style_score',
  'story_score',
  'grammar_score',
  'character_score',
] as const;

function statsOf(parsed: ParsedFiction) {
  return {
    pages: parsed.stats.pages,
    ratings: parsed.stats.ratings,
    followers: parsed.stats.followers,
    favorites: parsed.stats.favorites,
    total_views: parsed.stats.totalViews,
    average_views: parsed.stats.averageViews,
    overall_score: parsed.scores.overall,
    style_score: parsed.scores.style,
    story_score: parsed.scores.story,
    grammar_score: parsed.scores.grammar,
    character_score: parsed.scores.character,
    chapter_count: parsed.chapterCount,
  } satisfies Partial<Insertable<FictionSnapshotsTable>>;
}

function lastChapterAt(parsed: ParsedFiction): string | null {
  let latest: string | null = null;
  for (const chapter of parsed.chapters) {
    if (chapter.publishedAt && (!latest || chapter.publishedAt > latest)) latest = chapter.publishedAt;
  }
  return latest;
}

/** What changed on a fiction's page between two reads of it. */
export type PageChange =
  | { kind: 'title_changed'; from: string; to: string }
  | { kind: 'cover_changed'; from: string | null; to: string | null }
  | { kind: 'description_changed' }
  | { kind: 'tags_changed'; added: string[]; removed: string[] }
  | { kind: 'status_changed'; from: string | null; to: string | null };

const tagList = (tags: string | null): string[] => {
  const parsed: unknown = JSON.parse(tags ?? '[]');
  return Array.isArray(parsed) ? parsed.filter((tag): tag is string => typeof tag === 'string') : [];
};

/** The changes between the page as stored and as read now. */
function pageChanges(
  before: {
    title: string;
    image_url: string | null;
    description: string | null;
    tags: string;
    status: string | null;
  },
  after: {
    title: string;
    image_url: string | null;
    description: string | null;
    tags: string;
    status: string | null;
  },
): PageChange[] {
  const changes: PageChange[] = [];
  if (before.title !== after.title)
    changes.push({ kind: 'title_changed', from: before.title, to: after.title });
  if (before.image_url !== after.image_url)
    changes.push({ kind: 'cover_changed', from: before.image_url, to: after.image_url });
  if ((before.description ?? '') !== (after.description ?? '')) changes.push({ kind: 'description_changed' });
  const was = tagList(before.tags);
  const now = tagList(after.tags);
  const added = now.filter((tag) => !was.includes(tag));
  const removed = was.filter((tag) => !now.includes(tag));
  if (added.length > 0 || removed.length > 0) changes.push({ kind: 'tags_changed', added, removed });
  if (before.status !== after.status)
    changes.push({ kind: 'status_changed', from: before.status, to: after.status });
  return changes;
}

export function fictionsRepository(db: Kysely<Schema>) {
  return {
    findByRoyalroadId(royalroadId: number): Promise<FictionRow | undefined> {
      return db.selectFrom('fictions').selectAll().where('royalroad_id', '=', royalroadId).executeTakeFirst();
    },

    findById(id: number): Promise<FictionRow | undefined> {
      return db.selectFrom('fictions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Snapshots of one fiction between two times, oldest first. */
    snapshots(fictionId: number, range: { from?: string; to?: string }) {
      let query = db
        .selectFrom('fiction_snapshots')
        .select(['captured_at', ...SNAPSHOT_COLUMNS])
        .where('fiction_id', '=', fictionId);
      if (range.from) query = query.where('captured_at', '>=', range.from);
      if (range.to) query = query.where('captured_at', '<=', range.to);
      return query.orderBy('captured_at').execute();
    },

    /** The next batch of snapshots of some fictions after a snapshot id, for streaming exports. */
    snapshotBatch(fictionIds: number[], afterId: number, limit: number) {
      return db
        .selectFrom('fiction_snapshots')
        .selectAll()
        .where('fiction_id', 'in', fictionIds)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    findByIds(ids: number[]): Promise<FictionRow[]> {
      return ids.length
        ? db.selectFrom('fictions').selectAll().where('id', 'in', ids).execute()
        : Promise.resolve([]);
    },

    /** A page of fictions, most followed first. */
    async page(options: { offset: number; limit: number }): Promise<{ rows: FictionRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('fictions')
          .selectAll()
          .orderBy(sql`coalesce(followers, -1)`, 'desc')
          .orderBy('id')
          .offset(options.offset)
          .limit(options.limit)
          .execute(),
        db
          .selectFrom('fictions')
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /** Best overall score first, ties by followers (fictions without a score are left out). */
    top(limit: number): Promise<FictionRow[]> {
      return db
        .selectFrom('fictions')
        .selectAll()
        .where('overall_score', 'is not', null)
        .orderBy('overall_score', 'desc')
        .orderBy(sql`coalesce(followers, -1)`, 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Most followed first, ties by score. */
    popular(limit: number): Promise<FictionRow[]> {
      return db
        .selectFrom('fictions')
        .selectAll()
        .where('followers', 'is not', null)
        .orderBy('followers', 'desc')
        .orderBy(sql`coalesce(overall_score, -1)`, 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** The fictions most readers of this site keep in their lists. */
    async popularByUsers(limit: number) {
      const rows = await db
        .selectFrom('user_fictions')
        .innerJoin('fictions', 'fictions.id', 'user_fictions.fiction_id')
        .select((eb) => [
          'fictions.id as id',
          'fictions.royalroad_id as royalroad_id',
          'fictions.title as title',
          'fictions.author_name as author_name',
          eb.fn.count<number>('user_fictions.user_id').as('user_count'),
        ])
        .groupBy(['fictions.id', 'fictions.royalroad_id', 'fictions.title', 'fictions.author_name'])
        .orderBy('user_count', 'desc')
        .orderBy('fictions.id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, user_count: Number(row.user_count) }));
    },

    /**
     * Stores a scraped fiction page: the current state, one new snapshot and the
     * chapter list, all in one transaction, so a failure leaves no half-written fiction.
     */
    saveScrapedFiction(
      parsed: ParsedFiction,
      capturedAt: string,
    ): Promise<{ fictionId: number; created: boolean; changes: PageChange[] }> {
      return db.transaction().execute(async (trx) => {
        // The page as it was last read (a fiction known only from a list has had no page read yet).
        const before = await trx
          .selectFrom('fictions')
          .select(['title', 'image_url', 'description', 'tags', 'status', 'last_scraped_at'])
          .where('royalroad_id', '=', parsed.royalroadId)
          .executeTakeFirst();
        const stats = statsOf(parsed);
        const current = {
          title: parsed.title,
          author_name: parsed.authorName,
          author_id: parsed.authorId,
          description: parsed.description,
          image_url: parsed.imageUrl,
          status: parsed.status,
          type: parsed.type,
          tags: JSON.stringify(parsed.tags.map((tag) => tag.label)),
          warnings: JSON.stringify(parsed.warnings.filter((warning) => warning.trim())),
          ...stats,
          last_chapter_at: lastChapterAt(parsed),
          last_scraped_at: capturedAt,
          last_attempted_at: capturedAt,
          scrape_failures: 0,
          updated_at: capturedAt,
        };
        // One statement whether the fiction is new or known, so two readers adding it at once both succeed.
        const { id: fictionId, created_at } = await trx
          .insertInto('fictions')
          .values({ royalroad_id: parsed.royalroadId, ...current, created_at: capturedAt })
          .onConflict((oc) => oc.column('royalroad_id').doUpdateSet(current))
          .returning(['id', 'created_at'])
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('fiction_snapshots')
          .values({ fiction_id: fictionId, captured_at: capturedAt, ...stats })
          .onConflict((oc) => oc.columns(['fiction_id', 'captured_at']).doNothing())
          .execute();
        const chapters = parsed.chapters.filter((chapter) => chapter.id !== null);
        for (let start = 0; start < chapters.length; start += 200) {
          await trx
            .insertInto('fiction_chapters')
            .values(
              chapters.slice(start, start + 200).map((chapter) => ({
                fiction_id: fictionId,
                royalroad_chapter_id: chapter.id as number,
                title: chapter.title,
                published_at: chapter.publishedAt,
              })),
            )
            .onConflict((oc) =>
              oc.columns(['fiction_id', 'royalroad_chapter_id']).doUpdateSet((eb) => ({
                title: eb.ref('excluded.title'),
                published_at: eb.ref('excluded.published_at'),
              })),
            )
            .execute();
        }
        return {
          fictionId,
          created: created_at === capturedAt,
          changes: before?.last_scraped_at ? pageChanges(before, current) : [],
        };
      });
    },

    /**
     * Notes a try at a known fiction's page that stored nothing, so the next refresh visits it after the
     * fictions tried longer ago. An unknown fiction gets no row: nothing is written for a page that failed.
     */
    async recordScrapeFailure(royalroadId: number, attemptedAt: string): Promise<void> {
      await db
        .updateTable('fictions')
        .set((eb) => ({ last_attempted_at: attemptedAt, scrape_failures: eb('scrape_failures', '+', 1) }))
        .where('royalroad_id', '=', royalroadId)
        .execute();
    },

    /**
     * Stores a fiction with a ready-made history (imported data, demo data) in one
     * transaction. The latest snapshot becomes the current state. Returns the id,
     * or null when the fiction is already known.
     */
    importFiction(input: {
      fiction: Omit<Insertable<FictionsTable>, 'created_at' | 'updated_at' | 'last_scraped_at'>;
      snapshots: Array<Omit<Insertable<FictionSnapshotsTable>, 'fiction_id'>>;
      /** Its chapters with their release times, when known. */
      chapters?: Array<{ royalroad_chapter_id: number; title: string; published_at: string | null }>;
      createdAt: string;
    }): Promise<number | null> {
      return db.transaction().execute(async (trx) => {
        const known = await trx
          .selectFrom('fictions')
          .select('id')
          .where('royalroad_id', '=', input.fiction.royalroad_id)
          .executeTakeFirst();
        if (known) return null;
        const latest = input.snapshots.at(-1);
        const { id } = await trx
          .insertInto('fictions')
          .values({
            ...input.fiction,
            ...(latest ? { ...latest, captured_at: undefined } : {}),
            last_scraped_at: latest?.captured_at ?? null,
            created_at: input.createdAt,
            updated_at: latest?.captured_at ?? input.createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (let start = 0; start < input.snapshots.length; start += 500) {
          await trx
            .insertInto('fiction_snapshots')
            .values(
              input.snapshots.slice(start, start + 500).map((snapshot) => ({ ...snapshot, fiction_id: id })),
            )
            .onConflict((oc) => oc.columns(['fiction_id', 'captured_at']).doNothing())
            .execute();
        }
        const chapters = input.chapters ?? [];
        for (let start = 0; start < chapters.length; start += 500) {
          await trx
            .insertInto('fiction_chapters')
            .values(chapters.slice(start, start + 500).map((chapter) => ({ ...chapter, fiction_id: id })))
            .onConflict((oc) => oc.columns(['fiction_id', 'royalroad_chapter_id']).doNothing())
            .execute();
        }
        return id;
      });
    },

    /**
     * Makes sure every fiction of a list exists, creating the unknown ones from
     * the list's data. Known fictions keep their richer scraped data. Returns the
     * internal id of each Royal Road id. Call inside the caller's transaction.
     */
    async ensureFromList(
      items: ParsedListItem[],
      now: string,
    ): Promise<{ ids: Map<number, number>; created: number }> {
      const royalroadIds = items.map((item) => item.royalroadId);
      const known = royalroadIds.length
        ? await db
            .selectFrom('fictions')
            .select(['id', 'royalroad_id'])
            .where('royalroad_id', 'in', royalroadIds)
            .execute()
        : [];
      const ids = new Map(known.map((row) => [row.royalroad_id, row.id]));
      let created = 0;
      for (const item of items) {
        if (ids.has(item.royalroadId)) continue;
        const inserted = await db
          .insertInto('fictions')
          .values({
            royalroad_id: item.royalroadId,
            title: item.title,
            image_url: item.imageUrl,
            description: item.description,
            status: item.status,
            type: item.type,
            tags: JSON.stringify(item.tags.map((tag) => tag.label)),
            warnings: '[]',
            followers: item.followers,
            pages: item.pages,
            total_views: item.views,
            overall_score: item.rating,
            chapter_count: item.chapters,
            last_chapter_at: item.lastUpdate,
            created_at: now,
            updated_at: now,
          })
          .onConflict((oc) => oc.column('royalroad_id').doNothing())
          .returning('id')
          .executeTakeFirst();
        const id =
          inserted?.id ??
          (
            await db
              .selectFrom('fictions')
              .select('id')
              .where('royalroad_id', '=', item.royalroadId)
              .executeTakeFirstOrThrow()
          ).id;
        ids.set(item.royalroadId, id);
        if (inserted) created++;
      }
      return { ids, created };
    },

    /**
     * The fictions a full refresh visits (DESIGN §4): every fiction in a reader's
     * list, every sponsored fiction, every claimed fiction and shoutout partner, and every fiction seen on Rising Stars since
     * `risingStarsSince`. The longest untried first (a failed try counts: a fiction that fails moves back),
     * and of those tried at the same moment, the ones that failed last.
     */
    async trackedFictions(
      risingStarsSince: string,
    ): Promise<Array<{ id: number; royalroadId: number; lastAttemptedAt: string | null }>> {
      // Fictions stored without a try (imported, demo data) count as tried when they were last scraped.
      const lastAttempt = sql<string | null>`coalesce(fictions.last_attempted_at, fictions.last_scraped_at)`;
      const rows = await db
        .selectFrom('fictions')
        .select(['fictions.id', 'fictions.royalroad_id', lastAttempt.as('last_attempt')])
        .where((eb) =>
          eb.or([
            eb('fictions.sponsored', '=', true),
            eb.exists(
              eb
                .selectFrom('user_fictions')
                .select('user_fictions.id')
                .whereRef('user_fictions.fiction_id', '=', 'fictions.id'),
            ),
            // Claimed by their author, and the partners of their authors' shoutouts.
            eb.exists(
              eb
                .selectFrom('fiction_claims')
                .select('fiction_claims.id')
                .whereRef('fiction_claims.fiction_id', '=', 'fictions.id')
                .where('fiction_claims.verified_at', 'is not', null),
            ),
            eb.exists(
              eb
                .selectFrom('author_events')
                .select('author_events.id')
                .whereRef('author_events.partner_fiction_id', '=', 'fictions.id'),
            ),
            eb.exists(
              eb
                .selectFrom('rising_star_entries')
                .innerJoin(
                  'rising_star_captures',
                  'rising_star_captures.id',
                  'rising_star_entries.capture_id',
                )
                .select('rising_star_entries.id')
                .whereRef('rising_star_entries.fiction_id', '=', 'fictions.id')
                .where('rising_star_captures.captured_at', '>=', risingStarsSince),
            ),
          ]),
        )
        .orderBy(sql`${lastAttempt} asc nulls first`)
        .orderBy('fictions.scrape_failures', 'asc')
        .orderBy('fictions.id', 'asc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        royalroadId: row.royalroad_id,
        lastAttemptedAt: row.last_attempt,
      }));
    },
  };
}

export type FictionsRepository = ReturnType<typeof fictionsRepository>;
