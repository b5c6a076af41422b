import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Schema, UsersTable } from '../../db/schema.ts';

export interface UserRecord {
  id: number;
  email: string;
  name: string | null;
  passwordHash: string | null;
  admin: boolean;
  createdAt: string;
  lastSeenAt: string | null;
  tokenVersion: number;
}

function toRecord(row: Selectable<UsersTable>): UserRecord {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    passwordHash: row.password_hash,
    admin: Boolean(row.admin),
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    tokenVersion: Number(row.token_version),
  };
}

export function usersRepository(db: Kysely<Schema>) {
  return {
    async findById(id: number): Promise<UserRecord | undefined> {
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    /** Emails are stored lowercased, so this lookup is case-insensitive. */
    async findByEmail(email: string): Promise<UserRecord | undefined> {
      const row = await db
        .selectFrom('users')
        .selectAll()
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
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRecord(row);
    },

    async update(
      id: number,
      changes: { email?: string; name?: string | null; passwordHash?: string },
      now: string,
    ): Promise<UserRecord | undefined> {
      const row = await db
        .updateTable('users')
        .set({
          ...(changes.email !== undefined && { email: changes.email.toLowerCase() }),
          ...(changes.name !== undefined && { name: changes.name }),
          ...(changes.passwordHash !== undefined && {
            password_hash: changes.passwordHash,
            token_version: (eb: ExpressionBuilder<Schema, 'users'>) => eb('token_version', '+', 1),
          }),
          updated_at: now,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toRecord(row);
    },

    /** The account an external provider identity is linked to. */
    async findByOAuth(provider: string, providerUserId: string): Promise<UserRecord | undefined> {
      const row = await db
        .selectFrom('oauth_accounts')
        .innerJoin('users', 'users.id', 'oauth_accounts.user_id')
        .selectAll('users')
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

    /** A new account without a password, linked to a provider identity, in one transaction. */
    async createWithOAuth(input: {
      email: string;
      name: string | null;
      provider: string;
      providerUserId: string;
      now: string;
    }): Promise<UserRecord> {
      return db.transaction().execute(async (trx) => {
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
          })
          .returningAll()
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
