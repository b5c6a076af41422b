import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/** One-time codes that finish OAuth sign-ins (hashes only), shared by every web process. */
export function exchangeCodesRepository(db: Kysely<Schema>) {
  return {
    /** Stores a new code; codes that have expired are cleared out on the way. */
    async create(input: {
      codeHash: string;
      browserHash: string;
      userId: number;
      now: string;
      expiresAt: string;
    }): Promise<void> {
      await db.deleteFrom('oauth_exchange_codes').where('expires_at', '<=', input.now).execute();
      await db
        .insertInto('oauth_exchange_codes')
        .values({
          code_hash: input.codeHash,
          browser_hash: input.browserHash,
          user_id: input.userId,
          created_at: input.now,
          expires_at: input.expiresAt,
        })
        .execute();
    },

    /**
     * Uses up the code, when it is unexpired and was issued to this browser: the account it signs in, or null.
     * One statement, so two exchanges of the same code (in any processes) cannot both succeed. A code shown
     * by another browser stays for its own browser.
     */
    async take(input: { codeHash: string; browserHash: string; now: string }): Promise<number | null> {
      const row = await db
        .deleteFrom('oauth_exchange_codes')
        .where('code_hash', '=', input.codeHash)
        .where('browser_hash', '=', input.browserHash)
        .where('expires_at', '>', input.now)
        .returning('user_id')
        .executeTakeFirst();
      return row ? row.user_id : null;
    },
  };
}

export type ExchangeCodesRepository = ReturnType<typeof exchangeCodesRepository>;
