import { type ExpressionBuilder, type Kysely, type RawBuilder, sql } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import { type FictionGainsTable, READABLE_CAPTURES, type Schema } from '../../db/schema.ts';
import { containsAny } from '../../db/search.ts';

const READABLE = [...READABLE_CAPTURES];

/** Column weights of a match: title, author, tags, description. */
const SQLITE_WEIGHTS = '10.0, 4.0, 2.0, 0.5';
/** ts_rank's weights, in PostgreSQL's order D, C, B, A (description, tags, author, title). */
const POSTGRES_WEIGHTS = '{0.05, 0.2, 0.4, 1.0}';

export type GainDays = 1 | 7 | 30;

/** What a search filters on, already checked; texts are folded to lower case without accents. */
export interface SearchFilter {
  /** Words for the full-text index (letters and digits only). */
  words: string[];
  /** The query as typed, for the substring fallback; empty means no text condition. */
  text: string;
  /** Tag labels, lower case: all must match. */
  tags: string[];
  /** Tag labels, lower case: any may match. */
  anyTags: string[];
  statuses: string[];
  type?: string;
  minFollowers?: number;
  maxFollowers?: number;
  minPages?: number;
  maxPages?: number;
  updatedSince?: string;
  /** The Rising Stars capture a fiction must (true) or must not (false) be in. */
  risingStars?: { captureId: number | null; on: boolean };
}

export type SearchOrder =
  | 'relevance'
  | 'followers'
  | 'gain7'
  | 'gain30'
  | 'score'
  | 'pages'
  | 'newest'
  | 'updated';

export interface GainRow {
  fiction_id: number;
  to_at: string;
  to_followers: number;
  from1_at: string | null;
  from1_followers: number | null;
  gain1: number | null;
  from7_at: string | null;
  from7_followers: number | null;
  gain7: number | null;
  from30_at: string | null;
  from30_followers: number | null;
  gain30: number | null;
}

const CARD_COLUMNS = [
  'fictions.id as id',
  'fictions.royalroad_id as royalroad_id',
  'fictions.title as title',
  'fictions.author_name as author_name',
  'fictions.image_url as image_url',
  'fictions.status as status',
  'fictions.type as type',
  'fictions.tags as tags',
  'fictions.followers as followers',
  'fictions.pages as pages',
  'fictions.overall_score as overall_score',
  'fiction_gains.gain7 as gain7',
  'fiction_gains.gain30 as gain30',
] as const;

/** `x is null` first-false: puts missing values last in both databases. */
const nullsLast = (column: string) => sql`(${sql.ref(column)} is null)`;

function anyOf(checks: RawBuilder<boolean>[]): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(checks, sql` or `)})`;
}

export function discoveryRepository(db: Kysely<Schema>, dialect: Dialect) {
  /** Fiction ids matching all the words (as prefixes), with a relevance where higher is better. */
  function fullTextHits(words: string[]) {
    if (dialect === 'postgres') {
      const query = words.map((word) => `${word}:*`).join(' & ');
      return sql<{ fid: number; rank: number }>`(select fiction_id as fid,
        ts_rank(${sql.lit(POSTGRES_WEIGHTS)}, document, query) as rank
        from fiction_search, to_tsquery('simple', ${query}) query where document @@ query)`.as('hits');
    }
    const match = words.map((word) => `"${word}"*`).join(' ');
    return sql<{ fid: number; rank: number }>`(select rowid as fid,
      -bm25(fictions_fts, ${sql.raw(SQLITE_WEIGHTS)}) as rank
      from fictions_fts where fictions_fts match ${match})`.as('hits');
  }

  function base() {
    return db.selectFrom('fictions').leftJoin('fiction_gains', 'fiction_gains.fiction_id', 'fictions.id');
  }
  type Base = ReturnType<typeof base>;

  function filtered(query: Base, filter: SearchFilter, fallback: boolean): Base {
    let q = query;
    if (fallback) {
      // Every word somewhere in the title or the author's name, as typed (so "night" finds "Knightfall").
      for (const word of filter.text.split(/\s+/).filter(Boolean))
        q = q.where(containsAny(['fictions.title', 'fictions.author_name'], word));
    }
    for (const tag of filter.tags) q = q.where(containsAny(['fictions.tags'], `"${tag}"`));
    if (filter.anyTags.length)
      q = q.where(anyOf(filter.anyTags.map((tag) => containsAny(['fictions.tags'], `"${tag}"`))));
    if (filter.statuses.length) q = q.where('fictions.status', 'in', filter.statuses);
    if (filter.type) q = q.where('fictions.type', '=', filter.type);
    if (filter.minFollowers !== undefined) q = q.where('fictions.followers', '>=', filter.minFollowers);
    if (filter.maxFollowers !== undefined) q = q.where('fictions.followers', '<=', filter.maxFollowers);
    if (filter.minPages !== undefined) q = q.where('fictions.pages', '>=', filter.minPages);
    if (filter.maxPages !== undefined) q = q.where('fictions.pages', '<=', filter.maxPages);
    if (filter.updatedSince) q = q.where('fictions.last_chapter_at', '>=', filter.updatedSince);
    const risingStars = filter.risingStars;
    if (risingStars) {
      const onList = (eb: ExpressionBuilder<Schema, 'fictions' | 'fiction_gains'>) =>
        eb.exists(
          eb
            .selectFrom('rising_star_entries')
            .select('rising_star_entries.id')
            .whereRef('rising_star_entries.fiction_id', '=', 'fictions.id')
            .where('rising_star_entries.capture_id', '=', risingStars.captureId ?? -1),
        );
      q = q.where((eb) => (risingStars.on ? onList(eb) : eb.not(onList(eb))));
    }
    return q;
  }

  function orderOf(order: SearchOrder, ranked: boolean): RawBuilder<unknown>[] {
    const byFollowers = [nullsLast('fictions.followers'), sql`fictions.followers desc`];
    const tail = [...byFollowers, sql`fictions.id asc`];
    switch (order) {
      case 'relevance':
        return ranked ? [sql`hits.rank desc`, ...tail] : tail;
      case 'followers':
        return tail;
      case 'gain7':
      case 'gain30':
        return [nullsLast(`fiction_gains.${order}`), sql`${sql.ref(`fiction_gains.${order}`)} desc`, ...tail];
      case 'score':
        return [nullsLast('fictions.overall_score'), sql`fictions.overall_score desc`, ...tail];
      case 'pages':
        return [nullsLast('fictions.pages'), sql`fictions.pages desc`, ...tail];
      case 'newest':
        return [sql`fictions.created_at desc`, sql`fictions.id desc`];
      case 'updated':
        return [nullsLast('fictions.last_chapter_at'), sql`fictions.last_chapter_at desc`, ...tail];
    }
  }

  return {
    /** The latest snapshot the site holds, or null before the first. */
    async latestSnapshotAt(): Promise<string | null> {
      const row = await db
        .selectFrom('fiction_snapshots')
        .select((eb) => eb.fn.max('captured_at').as('latest'))
        .executeTakeFirst();
      return row?.latest ?? null;
    },

    /** The latest snapshot `fiction_gains` was computed for. */
    async gainsWindowEnd(): Promise<string | null> {
      const row = await db
        .selectFrom('fiction_gains_state')
        .select('window_end')
        .where('id', '=', 1)
        .executeTakeFirst();
      return row?.window_end ?? null;
    },

    /** Followers in snapshots taken within any of the ranges (each `after` < captured_at <= `until`), oldest first. */
    snapshotsIn(ranges: Array<{ after: string; until: string }>) {
      return db
        .selectFrom('fiction_snapshots')
        .select(['fiction_id', 'captured_at', 'followers'])
        .where('followers', 'is not', null)
        .where((eb) =>
          eb.or(
            ranges.map((range) =>
              eb.and([eb('captured_at', '>', range.after), eb('captured_at', '<=', range.until)]),
            ),
          ),
        )
        .orderBy('fiction_id')
        .orderBy('captured_at')
        .execute() as Promise<Array<{ fiction_id: number; captured_at: string; followers: number }>>;
    },

    /** Replaces every fiction's gains with `rows`, computed for the snapshot at `windowEnd`. */
    replaceGains(windowEnd: string, rows: GainRow[], builtAt: string): Promise<void> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('fiction_gains').execute();
        for (let start = 0; start < rows.length; start += 500) {
          await trx
            .insertInto('fiction_gains')
            .values(rows.slice(start, start + 500) satisfies FictionGainsTable[])
            // Another process may be rebuilding at the same moment: the last one wins, row by row.
            .onConflict((oc) =>
              oc.column('fiction_id').doUpdateSet((eb) => ({
                to_at: eb.ref('excluded.to_at'),
                to_followers: eb.ref('excluded.to_followers'),
                from1_at: eb.ref('excluded.from1_at'),
                from1_followers: eb.ref('excluded.from1_followers'),
                gain1: eb.ref('excluded.gain1'),
                from7_at: eb.ref('excluded.from7_at'),
                from7_followers: eb.ref('excluded.from7_followers'),
                gain7: eb.ref('excluded.gain7'),
                from30_at: eb.ref('excluded.from30_at'),
                from30_followers: eb.ref('excluded.from30_followers'),
                gain30: eb.ref('excluded.gain30'),
              })),
            )
            .execute();
        }
        await trx
          .insertInto('fiction_gains_state')
          .values({ id: 1, window_end: windowEnd, built_at: builtAt })
          .onConflict((oc) => oc.column('id').doUpdateSet({ window_end: windowEnd, built_at: builtAt }))
          .execute();
      });
    },

    /** The latest readable Rising Stars captures, newest first. */
    latestCaptures(count: number) {
      return db
        .selectFrom('rising_star_captures')
        .select(['id', 'captured_at'])
        .where('status', 'in', READABLE)
        .orderBy('captured_at', 'desc')
        .limit(count)
        .execute();
    },

    /** Every entry of some captures: which fiction was on which list. */
    captureEntries(captureIds: number[]) {
      if (!captureIds.length) return Promise.resolve([]);
      return db
        .selectFrom('rising_star_entries')
        .select(['capture_id', 'genre', 'fiction_id', 'position'])
        .where('capture_id', 'in', captureIds)
        .execute();
    },

    /**
     * One page of fictions matching `filter`, in `order`, and how many match. With words, the full-text
     * index answers; `fallback` instead looks for the text anywhere in titles and authors' names.
     */
    async search(options: {
      filter: SearchFilter;
      order: SearchOrder;
      offset: number;
      limit: number;
      fallback: boolean;
    }) {
      const { filter, fallback } = options;
      const ranked = filter.words.length > 0 && !fallback;
      // The join only narrows and ranks; its columns are read by the raw ordering alone.
      const from = ranked
        ? (base().innerJoin(fullTextHits(filter.words), 'hits.fid', 'fictions.id') as unknown as Base)
        : base();
      const query = filtered(from, filter, fallback);
      const [rows, count] = await Promise.all([
        orderOf(options.order, ranked)
          .reduce((ordered, expression) => ordered.orderBy(expression), query.select(CARD_COLUMNS))
          .offset(options.offset)
          .limit(options.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /** The biggest gains over `days` (fictions with a snapshot at both ends only), optionally with a tag. */
    movers(options: { days: GainDays; tag?: string; limit: number }) {
      const gain = `fiction_gains.gain${options.days}` as const;
      let query = db
        .selectFrom('fiction_gains')
        .innerJoin('fictions', 'fictions.id', 'fiction_gains.fiction_id')
        .select(CARD_COLUMNS)
        .select([
          `fiction_gains.gain${options.days} as gain`,
          `fiction_gains.from${options.days}_followers as from`,
          `fiction_gains.from${options.days}_at as from_at`,
          'fiction_gains.to_followers as to',
          'fiction_gains.to_at as to_at',
        ])
        .where(gain, 'is not', null);
      if (options.tag) query = query.where(containsAny(['fictions.tags'], `"${options.tag}"`));
      return query.orderBy(gain, 'desc').orderBy('fictions.id').limit(options.limit).execute();
    },

    /** Followers in the snapshots of some fictions between two times, oldest first. */
    followersBetween(ids: number[], after: string, until: string) {
      if (!ids.length) return Promise.resolve([]);
      return db
        .selectFrom('fiction_snapshots')
        .select(['fiction_id', 'captured_at', 'followers'])
        .where('fiction_id', 'in', ids)
        .where('captured_at', '>', after)
        .where('captured_at', '<=', until)
        .where('followers', 'is not', null)
        .orderBy('fiction_id')
        .orderBy('captured_at')
        .execute() as Promise<Array<{ fiction_id: number; captured_at: string; followers: number }>>;
    },

    /** Cards of some fictions, in no particular order. */
    cards(ids: number[]) {
      if (!ids.length) return Promise.resolve([]);
      return base().select(CARD_COLUMNS).where('fictions.id', 'in', ids).execute();
    },
  };
}

export type DiscoveryRepository = ReturnType<typeof discoveryRepository>;
export type CardRow = Awaited<ReturnType<DiscoveryRepository['cards']>>[number];
