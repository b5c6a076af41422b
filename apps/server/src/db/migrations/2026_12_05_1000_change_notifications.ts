import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers.ts';

// On PostgreSQL, the database itself tells every instance when an account changes or a session ends, whichever
// statement did it: each instance keeps the account behind a session in memory and forgets it on the
// notification (channel `rrc_changes`, payload `|account:<id>` or `|session:<id>`, sent when the change
// commits). Only the columns an account carries on a request count. Likewise a reader's list version
// (`|favorites:<id>`) and any change to the fictions (`|fictions`, once a statement), which the favorites'
// versions are kept by. SQLite runs one process, which reads these with every request: nothing to do there.
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function rrc_account_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('rrc_changes', '|account:' || old.id);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger users_account_changed
    after update of email, name, password_hash, admin, token_version, email_verified_at, pending_email,
      last_seen_at or delete on users
    for each row execute function rrc_account_changed()`.execute(db);
  await sql`
    create function rrc_list_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('rrc_changes', '|favorites:' || new.id);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger users_list_changed after update of list_version on users
    for each row execute function rrc_list_changed()`.execute(db);
  await sql`
    create function rrc_fictions_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('rrc_changes', '|fictions');
      return null;
    end $$`.execute(db);
  await sql`
    create trigger fictions_changed after insert or update or delete on fictions
    for each statement execute function rrc_fictions_changed()`.execute(db);
  await sql`
    create function rrc_session_ended() returns trigger language plpgsql as $$
    begin
      perform pg_notify('rrc_changes', '|session:' || old.id);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger sessions_ended after delete on sessions
    for each row execute function rrc_session_ended()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger if exists fictions_changed on fictions`.execute(db);
  await sql`drop function if exists rrc_fictions_changed()`.execute(db);
  await sql`drop trigger if exists users_list_changed on users`.execute(db);
  await sql`drop function if exists rrc_list_changed()`.execute(db);
  await sql`drop trigger if exists sessions_ended on sessions`.execute(db);
  await sql`drop function if exists rrc_session_ended()`.execute(db);
  await sql`drop trigger if exists users_account_changed on users`.execute(db);
  await sql`drop function if exists rrc_account_changed()`.execute(db);
}
