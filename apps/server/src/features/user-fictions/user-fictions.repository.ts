import type { Kysely, Selectable } from 'kysely';
import { precompiled } from '../../db/precompiled.ts';
import type { Schema, UserFictionsTable } from '../../db/schema.ts';

export type UserFictionRow = Selectable<UserFictionsTable>;

/** A time as read from either database, as text. */
function stamp(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value ?? '');
}

/** The favorites position after the reader's last favorite (positions start at 1). */
async function nextFavoritePosition(trx: Kysely<Schema>, userId: number): Promise<number> {
  const row = await trx
    .selectFrom('user_fictions')
    .select((eb) => eb.fn.max<number | null>('favorite_position').as('max'))
    .where('user_id', '=', userId)
    .where('is_favorite', '=', true)
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

/**
 * Records that the reader's list changed. Called after the change itself, so an answer built from the
 * list is never kept under a version that is newer than what it shows.
 */
export async function listChanged(trx: Kysely<Schema>, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ list_version: eb('list_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** Lists a fiction as the reader's last favorite; undefined when it is listed already. */
export async function insertLastFavorite(
  trx: Kysely<Schema>,
  userId: number,
  entry: { fictionId: number; status: string; now: string },
): Promise<UserFictionRow | undefined> {
  const row = await trx
    .insertInto('user_fictions')
    .values({
      user_id: userId,
      fiction_id: entry.fictionId,
      status: entry.status,
      is_favorite: true,
      favorite_position: await nextFavoritePosition(trx, userId),
      created_at: entry.now,
      updated_at: entry.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'fiction_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (row) await listChanged(trx, userId);
  return row;
}

/** A reader's list. Every query names the reader, so nobody reaches another reader's rows. */
export function userFictionsRepository(db: Kysely<Schema>) {
  const mine = (userId: number) => db.selectFrom('user_fictions').where('user_id', '=', userId);
  const versions = precompiled(db, 1, (userId: number) =>
    db
      .selectFrom('users')
      .select((eb) => [
        'list_version',
        eb.selectFrom('fictions').select(eb.fn.max('updated_at').as('changed')).as('changed'),
      ])
      .where('id', '=', userId),
  );

  return {
    findById(userId: number, id: number): Promise<UserFictionRow | undefined> {
      return mine(userId).selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByFiction(userId: number, fictionId: number): Promise<UserFictionRow | undefined> {
      return mine(userId).selectAll().where('fiction_id', '=', fictionId).executeTakeFirst();
    },

    /** Newest first, optionally of one reading status. */
    async page(userId: number, options: { offset: number; limit: number; status?: string }) {
      let query = mine(userId);
      if (options.status) query = query.where('status', '=', options.status);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(options.offset)
          .limit(options.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /** Favorites in the reader's own order. */
    async favorites(userId: number, options: { offset: number; limit: number }) {
      const query = mine(userId).where('is_favorite', '=', true);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy('favorite_position')
          .orderBy('id')
          .offset(options.offset)
          .limit(options.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /** The reader's list version, raised by every change to their list. */
    /**
     * The reader's list version (raised by every change to it) and when any fiction last changed (one index
     * lookup), in one statement: the favorites answer asks both on every request.
     */
    async listVersionAndFictionsChanged(
      userId: number,
    ): Promise<{ listVersion: number; fictionsChangedAt: string }> {
      const [row] = await versions(userId);
      return { listVersion: Number(row?.list_version ?? 0), fictionsChangedAt: stamp(row?.changed) };
    },

    /** When one of the reader's favorites last changed (a join over their favorites). */
    async favoritesChangedAt(userId: number): Promise<string> {
      const row = await db
        .selectFrom('user_fictions as uf')
        .innerJoin('fictions as f', 'f.id', 'uf.fiction_id')
        .where('uf.user_id', '=', userId)
        .where('uf.is_favorite', '=', true)
        .select((eb) => eb.fn.max('f.updated_at').as('changed'))
        .executeTakeFirst();
      return stamp(row?.changed);
    },

    /** The whole list: favorites first, then the newest additions. */
    all(userId: number): Promise<UserFictionRow[]> {
      return mine(userId)
        .selectAll()
        .orderBy('is_favorite', 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async stats(userId: number) {
      const [byStatus, favorites] = await Promise.all([
        mine(userId)
          .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
          .groupBy('status')
          .execute(),
        mine(userId)
          .where('is_favorite', '=', true)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        byStatus: byStatus.map((row) => ({ status: row.status, count: Number(row.n) })),
        favorites: Number(favorites.n),
      };
    },

    /** Adds a fiction as a favorite, last in the favorites order; undefined when it is already listed. */
    add(
      userId: number,
      input: { fictionId: number; status: string; now: string },
    ): Promise<UserFictionRow | undefined> {
      return db.transaction().execute((trx) => insertLastFavorite(trx, userId, input));
    },

    update(
      userId: number,
      id: number,
      changes: { status?: string; current_chapter?: number; total_chapters?: number },
      now: string,
    ): Promise<UserFictionRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('user_fictions')
          .set({ ...changes, updated_at: now })
          .where('user_id', '=', userId)
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (row) await listChanged(trx, userId);
        return row;
      });
    },

    /** Removes a non-favorite entry; returns what happened. */
    async remove(userId: number, fictionId: number): Promise<'removed' | 'missing' | 'favorite'> {
      const row = await mine(userId)
        .select(['id', 'is_favorite'])
        .where('fiction_id', '=', fictionId)
        .executeTakeFirst();
      if (!row) return 'missing';
      if (row.is_favorite) return 'favorite';
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('user_fictions')
          .where('user_id', '=', userId)
          .where('id', '=', row.id)
          .where('is_favorite', '=', false)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) !== 1) return 'favorite';
        await listChanged(trx, userId);
        return 'removed';
      });
    },

    /** Flips the favorite mark; a fiction not yet listed is added as a favorite. */
    toggleFavorite(userId: number, fictionId: number, now: string): Promise<UserFictionRow> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('user_fictions')
          .selectAll()
          .where('user_id', '=', userId)
          .where('fiction_id', '=', fictionId)
          .executeTakeFirst();
        if (!existing) {
          // A double click: the other request may have added it a moment ago; answer with that entry.
          const inserted = await insertLastFavorite(trx, userId, { fictionId, status: 'plan_to_read', now });
          return (
            inserted ??
            trx
              .selectFrom('user_fictions')
              .selectAll()
              .where('user_id', '=', userId)
              .where('fiction_id', '=', fictionId)
              .executeTakeFirstOrThrow()
          );
        }
        const favorite = !existing.is_favorite;
        const position = favorite ? await nextFavoritePosition(trx, userId) : null;
        const updated = await trx
          .updateTable('user_fictions')
          .set({ is_favorite: favorite, favorite_position: position, updated_at: now })
          .where('id', '=', existing.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await listChanged(trx, userId);
        return updated;
      });
    },

    /**
     * Puts the favorites in the given order, all at once. The ids must be exactly
     * the reader's favorites; otherwise nothing changes and the reason is returned.
     */
    reorder(userId: number, fictionIds: number[], now: string): Promise<'ok' | 'mismatch'> {
      return db.transaction().execute(async (trx) => {
        const favorites = await trx
          .selectFrom('user_fictions')
          .select(['id', 'fiction_id'])
          .where('user_id', '=', userId)
          .where('is_favorite', '=', true)
          .execute();
        const byFiction = new Map(favorites.map((row) => [row.fiction_id, row.id]));
        const unique = new Set(fictionIds);
        if (
          unique.size !== fictionIds.length ||
          unique.size !== byFiction.size ||
          fictionIds.some((id) => !byFiction.has(id))
        ) {
          return 'mismatch';
        }
        for (const [index, fictionId] of fictionIds.entries()) {
          await trx
            .updateTable('user_fictions')
            .set({ favorite_position: index + 1, updated_at: now })
            .where('id', '=', byFiction.get(fictionId) as number)
            .execute();
        }
        await listChanged(trx, userId);
        return 'ok';
      });
    },
  };
}

export type UserFictionsRepository = ReturnType<typeof userFictionsRepository>;
