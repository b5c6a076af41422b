import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import { containsAny } from '../../db/search.ts';

export function adminRepository(db: Kysely<Schema>) {
  return {
    async userCounts(activeSince: string) {
      const row = await db
        .selectFrom('users')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.count<number>('id').filterWhere('last_seen_at', '>=', activeSince).as('active'),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), active: Number(row.active) };
    },

    /** Newest accounts first; `search` matches email or name, case-insensitively. */
    async listUsers(options: { search?: string; offset: number; limit: number }) {
      let query = db.selectFrom('users');
      if (options.search) {
        query = query.where(containsAny(['email', 'name'], options.search));
      }
      const [rows, count] = await Promise.all([
        query
          .select(['id', 'name', 'email', 'admin', 'created_at', 'last_seen_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(options.offset)
          .limit(options.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((row) => ({ ...row, admin: Boolean(row.admin) })),
        total: Number(count.total),
      };
    },
  };
}
