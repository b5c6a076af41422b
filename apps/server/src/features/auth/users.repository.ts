import type { Kysely, Selectable, Transaction } from 'kysely';
import { precompiled } from '../../db/precompiled.ts';
import type { Schema, UsersTable } from '../../db/schema.ts';
import type { UserRecord } from '../../lib/account.ts';
import { endSessions } from './sessions.repository.ts';

/** The columns an account's record is made of: named, so the statements reading them stay prepared. */
const RECORD_COLUMNS = [
  'id',
  'email',
  'name',
  'password_hash',
  'admin',
  'created_at',
  'last_seen_at',
  'token_version',
  'email_verified_at',
  'pending_email',
] as const;

function toRecord(row: Pick<Selectable<UsersTable>, (typeof RECORD_COLUMNS)[number]>): UserRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    passwordHash: row.password_hash,
    admin: Boolean(row.admin),
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    tokenVersion: Number(row.token_version),
    emailVerifiedAt: row.email_verified_at,
    pendingEmail: row.pending_email,
  };
}

/** What `email` holds once an account has given its address up: never an address, so nobody can sign in with it. */
export const releasedEmail = (userId: number) => `released:${userId}`;

/**
 * Inside a transaction: the account holding `email` gives it up when that account never proved it (someone
 * else just did). Its sessions end, its links and pending change go; the address is kept in `released_email`.
 * False when an account that proved the address holds it: then nobody may take it.
 */
export async function releaseUnprovenAddress(
  trx: Transaction<Schema>,
  email: string,
  now: string,
  keepUserId?: number,
): Promise<boolean> {
  const holder = await trx
    .selectFrom('users')
    .select(['id', 'email_verified_at'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  if (!holder || holder.id === keepUserId) return true;
  if (holder.email_verified_at !== null) return false;
  await trx
    .updateTable('users')
    .set({
      email: releasedEmail(holder.id),
      released_email: email.toLowerCase(),
      pending_email: null,
      updated_at: now,
    })
    .where('id', '=', holder.id)
    .execute();
  await endSessions(trx, holder.id);
  await trx
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', holder.id)
    .where('used_at', 'is', null)
    .execute();
  return true;
}

export function usersRepository(db: Kysely<Schema>) {
  // The account and its session in one statement: a signed-in request costs the database one round trip.
  const bySession = precompiled(db, 3, (sessionId: string, userId: number, now: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(RECORD_COLUMNS.map((column) => `users.${column}` as const))
      .where('sessions.id', '=', sessionId)
      .where('sessions.user_id', '=', userId)
      .where('sessions.expires_at', '>', now),
  );
  const byId = precompiled(db, 1, (id: number) =>
    db.selectFrom('users').select(RECORD_COLUMNS).where('id', '=', id),
  );
  return {
    /** Compiled once: the profile asks on every visit. */
    async findById(id: number): Promise<UserRecord | undefined> {
      const [row] = await byId(id);
      return row && toRecord(row);
    },

    /** Asked on every signed-in request (compiled once): the account, while the session stands. */
    async findBySession(sessionId: string, userId: number, now: string): Promise<UserRecord | undefined> {
      const [row] = await bySession(sessionId, userId, now);
      return row && toRecord(row);
    },

    /** Emails are stored lowercased, so this lookup is case-insensitive. */
    async findByEmail(email: string): Promise<UserRecord | undefined> {
      const row = await db
        .selectFrom('users')
        .select(RECORD_COLUMNS)
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async create(input: { email: string; name: string | null; passwordHash: string | null; now: string }) {
      const row = await db
        .insertInto('users')
        .values({
          email: input.email.toLowerCase(),
          name: input.name,
          password_hash: input.passwordHash,
          admin: false,
          created_at: input.now,
          updated_at: input.now,
          last_seen_at: input.now,
        })
        .returning(RECORD_COLUMNS)
        .executeTakeFirstOrThrow();
      return toRecord(row);
    },

    /** Changes the account; a new password ends every session of the account, in the same transaction. */
    update(
      id: number,
      // The email changes only through a proven address (see markEmailVerified and the email tokens).
      changes: { name?: string | null; passwordHash?: string; pendingEmail?: string },
      now: string,
    ): Promise<UserRecord | undefined> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('users')
          .set({
            ...(changes.name !== undefined && { name: changes.name }),
            ...(changes.pendingEmail !== undefined && { pending_email: changes.pendingEmail.toLowerCase() }),
            ...(changes.passwordHash !== undefined && { password_hash: changes.passwordHash }),
            updated_at: now,
          })
          .where('id', '=', id)
          .returning(RECORD_COLUMNS)
          .executeTakeFirst();
        if (row && changes.passwordHash !== undefined) await endSessions(trx, id);
        return row && toRecord(row);
      });
    },

    /** The account an external provider identity is linked to. */
    async findByOAuth(provider: string, providerUserId: string): Promise<UserRecord | undefined> {
      const row = await db
        .selectFrom('oauth_accounts')
        .innerJoin('users', 'users.id', 'oauth_accounts.user_id')
        .select(RECORD_COLUMNS.map((column) => `users.${column}` as const))
        .where('oauth_accounts.provider', '=', provider)
        .where('oauth_accounts.provider_user_id', '=', providerUserId)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /** Links a provider identity to an existing account; the (provider, provider_user_id) pair is unique. */
    async linkOAuth(input: {
      userId: number;
      provider: string;
      providerUserId: string;
      email: string | null;
      now: string;
    }): Promise<void> {
      await db
        .insertInto('oauth_accounts')
        .values({
          user_id: input.userId,
          provider: input.provider,
          provider_user_id: input.providerUserId,
          email: input.email?.toLowerCase() ?? null,
          created_at: input.now,
        })
        .execute();
    },

    /**
     * A new account without a password, linked to a provider identity, in one transaction; its email counts
     * as proven when the provider vouched for it, and then an account that never proved that address gives
     * it up. Null when an account that proved the address holds it.
     */
    async createWithOAuth(input: {
      email: string;
      name: string | null;
      provider: string;
      providerUserId: string;
      emailVerified: boolean;
      now: string;
    }): Promise<UserRecord | null> {
      return db.transaction().execute(async (trx) => {
        if (input.emailVerified && !(await releaseUnprovenAddress(trx, input.email, input.now))) return null;
        const row = await trx
          .insertInto('users')
          .values({
            email: input.email.toLowerCase(),
            name: input.name,
            password_hash: null,
            admin: false,
            created_at: input.now,
            updated_at: input.now,
            last_seen_at: input.now,
            email_verified_at: input.emailVerified ? input.now : null,
          })
          .returning(RECORD_COLUMNS)
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('oauth_accounts')
          .values({
            user_id: row.id,
            provider: input.provider,
            provider_user_id: input.providerUserId,
            email: input.email.toLowerCase(),
            created_at: input.now,
          })
          .execute();
        return toRecord(row);
      });
    },

    /** Records that `email` is proven for the account, if the account still has that address. */
    async markEmailVerified(id: number, email: string, now: string): Promise<UserRecord | undefined> {
      const row = await db
        .updateTable('users')
        .set({ email_verified_at: now, updated_at: now })
        .where('id', '=', id)
        .where('email', '=', email.toLowerCase())
        .where('email_verified_at', 'is', null)
        .returning(RECORD_COLUMNS)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /**
     * An administrator vouches for an address (the command line, for sites without mail): the account that
     * has it counts as proven, or else the one account waiting to move to it moves.
     */
    verifyAddress(
      email: string,
      now: string,
    ): Promise<'verified' | 'already' | 'moved' | 'missing' | 'ambiguous'> {
      const address = email.trim().toLowerCase();
      return db.transaction().execute(async (trx) => {
        const holder = await trx
          .selectFrom('users')
          .select(['id', 'email_verified_at'])
          .where('email', '=', address)
          .executeTakeFirst();
        if (holder) {
          if (holder.email_verified_at !== null) return 'already';
          await trx
            .updateTable('users')
            .set({ email_verified_at: now, updated_at: now })
            .where('id', '=', holder.id)
            .execute();
          return 'verified';
        }
        const waiting = await trx
          .selectFrom('users')
          .select('id')
          .where('pending_email', '=', address)
          .execute();
        const only = waiting[0];
        if (!only) return 'missing';
        if (waiting.length > 1) return 'ambiguous';
        await trx
          .updateTable('users')
          .set({ email: address, email_verified_at: now, pending_email: null, updated_at: now })
          .where('id', '=', only.id)
          .execute();
        return 'moved';
      });
    },

    async touchLastSeen(id: number, now: string): Promise<void> {
      await db.updateTable('users').set({ last_seen_at: now }).where('id', '=', id).execute();
    },

    /** Returns false when no account has that email. */
    async setAdmin(email: string, admin: boolean): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ admin })
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
