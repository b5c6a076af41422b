import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { READABLE_CAPTURES, type Schema } from '../../db/schema.ts';
import { containsAny } from '../../db/search.ts';

/** An account with how many fictions and favorites its list holds. */
function userRowColumns(eb: ExpressionBuilder<Schema, 'users'>) {
  const listEntries = () =>
    eb
      .selectFrom('user_fictions')
      .select((inner) => inner.fn.countAll<number>().as('n'))
      .whereRef('user_fictions.user_id', '=', 'users.id');
  return [
    'users.id',
    'users.name',
    'users.email',
    'users.admin',
    'users.created_at',
    'users.last_seen_at',
    'users.email_verified_at',
    listEntries().as('fiction_count'),
    listEntries().where('user_fictions.is_favorite', '=', true).as('favorites_count'),
  ] as const;
}

function toUserRow<
  T extends { admin: boolean | number; fiction_count: number | null; favorites_count: number | null },
>(row: T) {
  return {
    ...row,
    admin: Boolean(row.admin),
    fiction_count: Number(row.fiction_count ?? 0),
    favorites_count: Number(row.favorites_count ?? 0),
  };
}

export function adminRepository(db: Kysely<Schema>, dialect: 'sqlite' | 'postgres') {
  return {
    /** Every account, and those that signed in or changed their list since `activeSince`. */
    async userCounts(activeSince: string) {
      const row = await db
        .selectFrom('users')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn
            .count<number>('users.id')
            .filterWhere((w) =>
              w.or([
                w('users.last_seen_at', '>=', activeSince),
                w.exists(
                  w
                    .selectFrom('user_fictions')
                    .select(sql<number>`1`.as('one'))
                    .whereRef('user_fictions.user_id', '=', 'users.id')
                    .where('user_fictions.updated_at', '>=', activeSince),
                ),
              ]),
            )
            .as('active'),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), active: Number(row.active) };
    },

    /** Every stored fiction, and those first stored since `since`. */
    async fictionCounts(since: string) {
      const row = await db
        .selectFrom('fictions')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.count<number>('id').filterWhere('created_at', '>=', since).as('recent'),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), recent: Number(row.recent) };
    },

    /**
     * When the newest data was captured, read from the data (however it got there: a job or a loaded
     * sample): the latest readable Rising Stars capture and the newest snapshot of any fiction.
     */
    async lastCaptures(): Promise<{ risingStars: string | null; fictions: string | null }> {
      const [capture, snapshot] = await Promise.all([
        db
          .selectFrom('rising_star_captures')
          .select('captured_at')
          .where('status', 'in', [...READABLE_CAPTURES])
          .orderBy('captured_at', 'desc')
          .limit(1)
          .executeTakeFirst(),
        db
          .selectFrom('fiction_snapshots')
          .select('captured_at')
          .orderBy('captured_at', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      return { risingStars: capture?.captured_at ?? null, fictions: snapshot?.captured_at ?? null };
    },

    /** Accounts by creation time; `search` matches email or name, case-insensitively. */
    async listUsers(options: { search?: string; order: 'asc' | 'desc'; offset: number; limit: number }) {
      let query = db.selectFrom('users');
      if (options.search) {
        query = query.where(containsAny(['email', 'name'], options.search));
      }
      const [rows, count] = await Promise.all([
        query
          .select(userRowColumns)
          .orderBy('users.created_at', options.order)
          .orderBy('users.id', options.order)
          .offset(options.offset)
          .limit(options.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map(toUserRow),
        total: Number(count.total),
      };
    },

    async userRow(id: number) {
      const row = await db
        .selectFrom('users')
        .select(userRowColumns)
        .where('users.id', '=', id)
        .executeTakeFirst();
      return row ? toUserRow(row) : undefined;
    },

    /**
     * Grants or revokes the admin flag. A revocation that would leave no administrator (counting the
     * `fixedEmails` accounts that exist) changes nothing and answers 'last-admin'. One transaction, so two
     * admins revoking each other at once cannot both succeed.
     */
    setAdmin(
      id: number,
      admin: boolean,
      fixedEmails: readonly string[],
    ): Promise<'ok' | 'missing' | 'last-admin'> {
      return db.transaction().execute(async (trx) => {
        const target = await trx
          .selectFrom('users')
          .select(['id', 'admin'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!target) return 'missing';
        if (!admin) {
          // Revocations take turns on PostgreSQL (SQLite runs one write transaction at a time already).
          if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(73010001)`.execute(trx);
          let others = trx
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('id', '!=', id);
          others =
            fixedEmails.length > 0
              ? others.where((eb) =>
                  eb.or([
                    eb('admin', '=', true),
                    // An ADMIN_EMAILS address makes an administrator only once its owner proved it.
                    eb.and([eb('email', 'in', [...fixedEmails]), eb('email_verified_at', 'is not', null)]),
                  ]),
                )
              : others.where('admin', '=', true);
          const row = await others.executeTakeFirstOrThrow();
          if (Number(row.n) === 0) return 'last-admin';
        }
        await trx.updateTable('users').set({ admin }).where('id', '=', id).execute();
        return 'ok';
      });
    },
  };
}

export type AdminRepository = ReturnType<typeof adminRepository>;
