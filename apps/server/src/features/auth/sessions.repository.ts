import type { Kysely, Transaction } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/** Inside a transaction: ends every session of the account; answers how many there were. */
export async function endSessions(
  trx: Transaction<Schema> | Kysely<Schema>,
  userId: number,
): Promise<number> {
  const ended = await trx.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(ended.numDeletedRows);
}

/**
 * The sessions tokens stand for: a token opens the account only while its row is here and not expired (the
 * account behind a session is read with it, in `usersRepository().findBySession`).
 */
export function sessionsRepository(db: Kysely<Schema>) {
  return {
    /** Stores a new session; sessions that have expired are cleared out on the way. */
    async create(input: { id: string; userId: number; now: string; expiresAt: string }): Promise<void> {
      await db.deleteFrom('sessions').where('expires_at', '<=', input.now).execute();
      await db
        .insertInto('sessions')
        .values({
          id: input.id,
          user_id: input.userId,
          created_at: input.now,
          expires_at: input.expiresAt,
        })
        .execute();
    },

    /** Ends one session of the account; answers how many ended (0 or 1). */
    async end(sessionId: string, userId: number): Promise<number> {
      const ended = await db
        .deleteFrom('sessions')
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(ended.numDeletedRows);
    },

    /** Ends every session of the account but `keepId`; answers how many ended. */
    async endOthers(userId: number, keepId: string): Promise<number> {
      const ended = await db
        .deleteFrom('sessions')
        .where('user_id', '=', userId)
        .where('id', '<>', keepId)
        .executeTakeFirst();
      return Number(ended.numDeletedRows);
    },

    /** Ends every session of the account; answers how many there were. */
    endAll(userId: number): Promise<number> {
      return endSessions(db, userId);
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
