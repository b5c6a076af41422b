import type { ColumnType, Generated } from 'kysely';

/**
 * Table types. Timestamps are ISO 8601 UTC strings on both dialects (the
 * PostgreSQL driver is set up to return them so). Booleans come back as 0/1
 * from SQLite: repositories turn them into booleans.
 */
type Timestamp = string;
type Bool = ColumnType<boolean | number, boolean, boolean>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string | null;
  password_hash: string | null;
  admin: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_seen_at: Timestamp | null;
}

export interface OauthAccountsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  provider_user_id: string;
  email: string | null;
  created_at: Timestamp;
}

export interface Schema {
  users: UsersTable;
  oauth_accounts: OauthAccountsTable;
}
