import type { Kysely, Selectable, Transaction } from 'kysely';
import type { EmailTokenPurpose, EmailTokensTable, Schema } from '../../db/schema.ts';
import { endSessions } from './sessions.repository.ts';
import { releaseUnprovenAddress } from './users.repository.ts';

export type EmailToken = Selectable<EmailTokensTable>;

/** What opening a verification link did. */
export type VerifyOutcome = 'verified' | 'moved' | 'used' | 'stale' | 'taken';

/** What opening a verification link without the account's session did: 'handed-over' to whoever chooses a password. */
export type HandOverOutcome = 'handed-over' | 'used' | 'stale' | 'taken';

/** Marks the link used; false when it already was (single use, even for two requests at once). */
async function useUp(trx: Transaction<Schema>, token: EmailToken, now: string): Promise<boolean> {
  const used = await trx
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('id', '=', token.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) > 0;
}

/** The account's other verification links for an address just proven: they have nothing left to prove. */
async function useUpVerifications(trx: Transaction<Schema>, userId: number, email: string, now: string) {
  await trx
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'verify-email')
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .execute();
}

/** Whether an account other than `userId` proved `email`: then nobody else may have it. */
async function provenElsewhere(trx: Transaction<Schema>, email: string, userId: number): Promise<boolean> {
  const holder = await trx
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '<>', userId)
    .where('email_verified_at', 'is not', null)
    .executeTakeFirst();
  return holder !== undefined;
}

/** The links mailed for email verification and password reset, and what opening one changes. */
export function emailTokensRepository(db: Kysely<Schema>) {
  return {
    /**
     * Stores a new link unless the account was already sent `limit` of this purpose since `since`; false then.
     * One transaction that first locks the account's row, so that requests at the same moment (on several
     * servers, too) take turns and the allowance holds.
     */
    createWithinAllowance(input: {
      userId: number;
      purpose: EmailTokenPurpose;
      hash: string;
      email: string;
      now: string;
      expiresAt: string;
      since: string;
      limit: number;
    }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set((eb) => ({ token_version: eb.ref('token_version') }))
          .where('id', '=', input.userId)
          .execute();
        const sent = await trx
          .selectFrom('email_tokens')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', input.userId)
          .where('purpose', '=', input.purpose)
          .where('created_at', '>', input.since)
          .executeTakeFirstOrThrow();
        if (Number(sent.n) >= input.limit) return false;
        await trx
          .insertInto('email_tokens')
          .values({
            user_id: input.userId,
            purpose: input.purpose,
            token_hash: input.hash,
            email: input.email.toLowerCase(),
            created_at: input.now,
            expires_at: input.expiresAt,
          })
          .execute();
        return true;
      });
    },

    /** A link of this purpose that is neither used nor expired. */
    async findUsable(hash: string, purpose: EmailTokenPurpose, now: string): Promise<EmailToken | undefined> {
      return db
        .selectFrom('email_tokens')
        .selectAll()
        .where('token_hash', '=', hash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    /** How many links of this purpose the account was sent since `since`. */
    async countSince(userId: number, purpose: EmailTokenPurpose, since: string): Promise<number> {
      const row = await db
        .selectFrom('email_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The oldest link of this purpose sent since `since` (when the hourly allowance frees up again). */
    async oldestSince(userId: number, purpose: EmailTokenPurpose, since: string): Promise<string | null> {
      const row = await db
        .selectFrom('email_tokens')
        .select((eb) => eb.fn.min('created_at').as('oldest'))
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return (row?.oldest as string | null | undefined) ?? null;
    },

    /**
     * Opens a verification link, in one transaction: the link is used up; if it was mailed to the account's
     * address, that address is proven ('verified'); if to the address the reader asked to move to, the account
     * moves to it ('moved'), taking it from an account that never proved it, unless one that did holds it
     * ('taken', nothing changes). 'used' when the link was used meanwhile; 'stale' when the address is no
     * longer one the account has or asked for.
     */
    verifyEmail(token: EmailToken, now: string): Promise<VerifyOutcome> {
      return db
        .transaction()
        .execute(async (trx) => {
          if (!(await useUp(trx, token, now))) return 'used';
          const user = await trx
            .selectFrom('users')
            .select(['email', 'pending_email', 'email_verified_at'])
            .where('id', '=', token.user_id)
            .executeTakeFirst();
          if (!user) return 'stale';
          if (user.email === token.email) {
            if (user.email_verified_at === null) {
              await trx
                .updateTable('users')
                .set({ email_verified_at: now, updated_at: now })
                .where('id', '=', token.user_id)
                .execute();
            }
            await useUpVerifications(trx, token.user_id, token.email, now);
            return 'verified';
          }
          if (user.pending_email !== token.email) return 'stale';
          if (!(await releaseUnprovenAddress(trx, token.email, now, token.user_id))) {
            throw new AddressTakenError();
          }
          await trx
            .updateTable('users')
            .set({ email: token.email, email_verified_at: now, pending_email: null, updated_at: now })
            .where('id', '=', token.user_id)
            .execute();
          await useUpVerifications(trx, token.user_id, token.email, now);
          return 'moved';
        })
        .catch((error: unknown) => {
          // Thrown to roll the used link back: the reader may try again once the address is free.
          if (error instanceof AddressTakenError) return 'taken';
          throw error;
        });
    },

    /**
     * Opens a verification link without the account's own session, in one transaction: the link is used up,
     * every session of the account ends, and nothing is proven yet; instead a reset link (`reset`) is stored
     * for the same address, for whoever opened this one to choose the account's password (see resetPassword).
     * 'used', 'stale' and 'taken' as for verifyEmail, changing nothing.
     */
    handOver(
      token: EmailToken,
      reset: { hash: string; expiresAt: string },
      now: string,
    ): Promise<HandOverOutcome> {
      return db
        .transaction()
        .execute(async (trx) => {
          if (!(await useUp(trx, token, now))) return 'used';
          const user = await trx
            .selectFrom('users')
            .select(['email', 'pending_email'])
            .where('id', '=', token.user_id)
            .executeTakeFirst();
          if (!user || (user.email !== token.email && user.pending_email !== token.email)) return 'stale';
          if (user.email !== token.email && (await provenElsewhere(trx, token.email, token.user_id)))
            throw new AddressTakenError();
          await endSessions(trx, token.user_id);
          await trx
            .insertInto('email_tokens')
            .values({
              user_id: token.user_id,
              purpose: 'reset-password',
              token_hash: reset.hash,
              email: token.email,
              created_at: now,
              expires_at: reset.expiresAt,
            })
            .execute();
          return 'handed-over' as const;
        })
        .catch((error: unknown) => {
          if (error instanceof AddressTakenError) return 'taken';
          throw error;
        });
    },

    /**
     * Opens a password reset link, in one transaction: the link and every other reset link of the account are
     * used up, the password is replaced, every session ends and the address the link was mailed to counts as
     * proven. A link for the address the account asked to move to (handed over by its verification link) moves
     * the account there, taking it from an account that never proved it ('taken' when one that did holds it).
     * An account whose address was unproven until now, or that moves, also loses its provider sign-ins: whoever
     * set those up never proved they own the address. 'used' or 'stale' (the account's address changed since
     * the link was mailed) change nothing.
     */
    resetPassword(
      token: EmailToken,
      passwordHash: string,
      now: string,
    ): Promise<{ userId: number; moved: boolean } | 'used' | 'stale' | 'taken'> {
      return db
        .transaction()
        .execute(async (trx) => {
          const user = await trx
            .selectFrom('users')
            .select(['id', 'email', 'pending_email', 'email_verified_at'])
            .where('id', '=', token.user_id)
            .executeTakeFirst();
          if (!user) return 'stale';
          const moved = user.email !== token.email;
          if (moved && user.pending_email !== token.email) return 'stale';
          if (!(await useUp(trx, token, now))) return 'used';
          await trx
            .updateTable('email_tokens')
            .set({ used_at: now })
            .where('user_id', '=', user.id)
            .where('purpose', '=', 'reset-password')
            .where('used_at', 'is', null)
            .execute();
          if (moved && !(await releaseUnprovenAddress(trx, token.email, now, user.id)))
            throw new AddressTakenError();
          await trx
            .updateTable('users')
            .set({
              password_hash: passwordHash,
              email: token.email,
              email_verified_at: moved ? now : (user.email_verified_at ?? now),
              ...(moved && { pending_email: null }),
              updated_at: now,
            })
            .where('id', '=', user.id)
            .execute();
          await endSessions(trx, user.id);
          await useUpVerifications(trx, user.id, token.email, now);
          if (moved || user.email_verified_at === null) {
            await trx.deleteFrom('oauth_accounts').where('user_id', '=', user.id).execute();
          }
          return { userId: user.id, moved };
        })
        .catch((error: unknown) => {
          if (error instanceof AddressTakenError) return 'taken' as const;
          throw error;
        });
    },
  };
}

class AddressTakenError extends Error {}

export type EmailTokensRepository = ReturnType<typeof emailTokensRepository>;
