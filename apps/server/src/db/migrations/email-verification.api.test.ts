import { afterEach, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/migrated-to.ts';
import type { Database } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';

// Accounts from before email verification: an address counts as proven only where the data shows a provider
// vouched for it (a provider identity linked later to an existing account, which always required that).

let opened: Awaited<ReturnType<typeof databaseMigratedTo>> | undefined;
afterEach(async () => {
  await opened?.close();
  opened = undefined;
});

async function openBefore(): Promise<Database> {
  opened = await databaseMigratedTo('2026_11_25_1100_subscriptions');
  return opened.database;
}

describe('migration 2026_11_26_1000_email_verification', () => {
  it('counts as verified only the accounts a provider vouched for when it was linked to them', async () => {
    const { db } = await openBefore();
    const user = (email: string, passwordHash: string | null) => ({
      email,
      name: null,
      password_hash: passwordHash,
      admin: false,
      created_at: '2026-11-01T10:00:00.000Z',
      updated_at: '2026-11-01T10:00:00.000Z',
      last_seen_at: null,
    });
    const [registered, linkedLater, madeByProvider, movedSince] = await db
      .insertInto('users')
      .values([
        user('registered@example.com', 'hash'),
        user('linked@example.com', 'hash'),
        user('provider@example.com', null),
        user('moved@example.com', 'hash'),
      ])
      .returning('id')
      .execute();
    const link = (userId: number | undefined, email: string, createdAt: string) => ({
      user_id: userId as number,
      provider: 'google',
      provider_user_id: `${email}-id`,
      email,
      created_at: createdAt,
    });
    await db
      .insertInto('oauth_accounts')
      .values([
        link(linkedLater?.id, 'linked@example.com', '2026-11-05T08:00:00.000Z'),
        // Made through the provider in one step: whether it vouched was not kept.
        link(madeByProvider?.id, 'provider@example.com', '2026-11-01T10:00:00.000Z'),
        // Linked when the account had another address; it changed since.
        link(movedSince?.id, 'before@example.com', '2026-11-03T08:00:00.000Z'),
      ])
      .execute();

    await migrateToLatest(opened?.database as Database);
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email_verified_at', 'pending_email', 'released_email'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.id, row.email_verified_at])).toEqual([
      [registered?.id, null],
      [linkedLater?.id, '2026-11-05T08:00:00.000Z'],
      [madeByProvider?.id, null],
      [movedSince?.id, null],
    ]);
    expect(rows.every((row) => row.pending_email === null && row.released_email === null)).toBe(true);
  });
});
