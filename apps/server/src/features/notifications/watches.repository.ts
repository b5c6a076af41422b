import type { Kysely, Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { WatchRow } from './notifications.rows.ts';

type Db = Kysely<Schema> | Transaction<Schema>;

async function explicitWatches(q: Db, where: { userId?: number; fictionId?: number }) {
  let query = q
    .selectFrom('watches')
    .innerJoin('fictions', 'fictions.id', 'watches.fiction_id')
    .select([
      'watches.user_id as user_id',
      'watches.fiction_id as fiction_id',
      'fictions.royalroad_id as royalroad_id',
      'fictions.title as title',
      'watches.events as events',
      'watches.app as app',
      'watches.email as email',
      'watches.webhooks as webhooks',
      'watches.created_at as created_at',
    ]);
  if (where.userId !== undefined) query = query.where('watches.user_id', '=', where.userId);
  if (where.fictionId !== undefined) query = query.where('watches.fiction_id', '=', where.fictionId);
  const rows = await query.orderBy('watches.created_at', 'desc').orderBy('watches.id', 'desc').execute();
  return rows.map(
    (row): WatchRow => ({
      ...row,
      events: JSON.parse(row.events) as string[],
      app: Boolean(row.app),
      email: Boolean(row.email),
      webhooks: Boolean(row.webhooks),
      isDefault: false,
    }),
  );
}

/** Fictions of readers' lists with no watch saved: watched by default. */
async function defaultWatches(q: Db, where: { userId?: number; fictionId?: number }, events: string[]) {
  let query = q
    .selectFrom('user_fictions')
    .innerJoin('fictions', 'fictions.id', 'user_fictions.fiction_id')
    .leftJoin('watches', (join) =>
      join
        .onRef('watches.user_id', '=', 'user_fictions.user_id')
        .onRef('watches.fiction_id', '=', 'user_fictions.fiction_id'),
    )
    .select([
      'user_fictions.user_id as user_id',
      'user_fictions.fiction_id as fiction_id',
      'fictions.royalroad_id as royalroad_id',
      'fictions.title as title',
      'user_fictions.created_at as created_at',
    ])
    .where('watches.id', 'is', null);
  if (where.userId !== undefined) query = query.where('user_fictions.user_id', '=', where.userId);
  if (where.fictionId !== undefined) query = query.where('user_fictions.fiction_id', '=', where.fictionId);
  const rows = await query.orderBy('user_fictions.created_at', 'desc').execute();
  return rows.map(
    (row): WatchRow => ({ ...row, events, app: true, email: false, webhooks: false, isDefault: true }),
  );
}

/** Everyone watching a fiction, explicitly or by default (read in the events' transaction). */
export async function watchesOfFiction(
  q: Db,
  fictionId: number,
  defaultEvents: string[],
): Promise<WatchRow[]> {
  return [
    ...(await explicitWatches(q, { fictionId })),
    ...(await defaultWatches(q, { fictionId }, defaultEvents)),
  ];
}

/** Watches (explicit, and by default for the fictions of a reader's list) and the fictions they name. */
export function watchesRepository(db: Kysely<Schema>) {
  return {
    async fictionByRoyalroadId(royalroadId: number) {
      return db
        .selectFrom('fictions')
        .select(['id', 'royalroad_id', 'title'])
        .where('royalroad_id', '=', royalroadId)
        .executeTakeFirst();
    },

    async fictionById(id: number) {
      return db
        .selectFrom('fictions')
        .select(['id', 'royalroad_id', 'title'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async watchesOfUser(userId: number, defaultEvents: string[]): Promise<WatchRow[]> {
      return [
        ...(await explicitWatches(db, { userId })),
        ...(await defaultWatches(db, { userId }, defaultEvents)),
      ];
    },

    async watchOf(userId: number, fictionId: number, defaultEvents: string[]): Promise<WatchRow | undefined> {
      const [explicit] = await explicitWatches(db, { userId, fictionId });
      if (explicit) return explicit;
      const [implicit] = await defaultWatches(db, { userId, fictionId }, defaultEvents);
      return implicit;
    },

    async saveWatch(input: {
      userId: number;
      fictionId: number;
      events: string[];
      channels: { app: boolean; email: boolean; webhooks: boolean };
      now: string;
    }): Promise<void> {
      const values = {
        events: JSON.stringify(input.events),
        app: input.channels.app,
        email: input.channels.email,
        webhooks: input.channels.webhooks,
        updated_at: input.now,
      };
      await db
        .insertInto('watches')
        .values({ user_id: input.userId, fiction_id: input.fictionId, ...values, created_at: input.now })
        .onConflict((oc) => oc.columns(['user_id', 'fiction_id']).doUpdateSet(values))
        .execute();
    },

    async deleteWatch(userId: number, fictionId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('watches')
        .where('user_id', '=', userId)
        .where('fiction_id', '=', fictionId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type WatchesRepository = ReturnType<typeof watchesRepository>;
