import { type Kysely, sql } from 'kysely';
import { isPostgres, timestampType } from './helpers.ts';

// Discovery: a full-text index of every fiction (title, author, tags, then description, accents and case
// ignored) and the follower gains over 1, 7 and 30 days measured from snapshots.
//
// SQLite: an FTS5 table over `fictions` (external content), kept in step by triggers.
// PostgreSQL: a tsvector per fiction in `fiction_search` with a GIN index, kept in step by a trigger;
// rrc_fold() takes accents off (no extension needed) the way FTS5's remove_diacritics does.
//
// `fiction_gains` holds each fiction's gains as of the latest snapshot (`fiction_gains_state`); the
// discovery service rebuilds it when a newer snapshot arrives.

const ACCENTED = 'àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżžß';
const PLAIN = 'aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzzs';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create function rrc_fold(value text) returns text language sql immutable strict parallel safe
      as $$ select translate(lower(value), ${sql.lit(ACCENTED)}, ${sql.lit(PLAIN)}) $$`.execute(db);
    await sql`create function fiction_search_document(title text, author text, tags text, description text)
      returns tsvector language sql immutable parallel safe as $$
        select setweight(to_tsvector('simple', rrc_fold(coalesce(title, ''))), 'A')
          || setweight(to_tsvector('simple', rrc_fold(coalesce(author, ''))), 'B')
          || setweight(to_tsvector('simple', rrc_fold(coalesce(tags, ''))), 'C')
          || setweight(to_tsvector('simple', rrc_fold(coalesce(description, ''))), 'D') $$`.execute(db);
    await sql`create table fiction_search (
      fiction_id integer primary key references fictions(id) on delete cascade,
      document tsvector not null)`.execute(db);
    await sql`create index fiction_search_document_index on fiction_search using gin (document)`.execute(db);
    await sql`create function fiction_search_refresh() returns trigger language plpgsql as $$
      begin
        insert into fiction_search (fiction_id, document)
          values (new.id, fiction_search_document(new.title, new.author_name, new.tags, new.description))
          on conflict (fiction_id) do update set document = excluded.document;
        return new;
      end $$`.execute(db);
    await sql`create trigger fiction_search_refresh after insert or update of title, author_name, tags, description
      on fictions for each row execute function fiction_search_refresh()`.execute(db);
    await sql`insert into fiction_search (fiction_id, document)
      select id, fiction_search_document(title, author_name, tags, description) from fictions`.execute(db);
  } else {
    await sql`create virtual table fictions_fts using fts5(title, author_name, tags, description,
      content='fictions', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`.execute(db);
    await sql`create trigger fictions_fts_insert after insert on fictions begin
      insert into fictions_fts (rowid, title, author_name, tags, description)
        values (new.id, new.title, new.author_name, new.tags, new.description);
      end`.execute(db);
    await sql`create trigger fictions_fts_delete after delete on fictions begin
      insert into fictions_fts (fictions_fts, rowid, title, author_name, tags, description)
        values ('delete', old.id, old.title, old.author_name, old.tags, old.description);
      end`.execute(db);
    await sql`create trigger fictions_fts_update after update of title, author_name, tags, description
      on fictions begin
      insert into fictions_fts (fictions_fts, rowid, title, author_name, tags, description)
        values ('delete', old.id, old.title, old.author_name, old.tags, old.description);
      insert into fictions_fts (rowid, title, author_name, tags, description)
        values (new.id, new.title, new.author_name, new.tags, new.description);
      end`.execute(db);
    await sql`insert into fictions_fts (fictions_fts) values ('rebuild')`.execute(db);
  }

  // The latest snapshot the site holds ends every window.
  await db.schema
    .createIndex('fiction_snapshots_captured_index')
    .on('fiction_snapshots')
    .column('captured_at')
    .execute();

  const time = timestampType(db);
  let gains = db.schema
    .createTable('fiction_gains')
    .addColumn('fiction_id', 'integer', (col) =>
      col.primaryKey().references('fictions.id').onDelete('cascade'),
    )
    .addColumn('to_at', time, (col) => col.notNull())
    .addColumn('to_followers', 'integer', (col) => col.notNull());
  for (const days of [1, 7, 30]) {
    gains = gains
      .addColumn(`from${days}_at`, time)
      .addColumn(`from${days}_followers`, 'integer')
      .addColumn(`gain${days}`, 'integer');
  }
  await gains.execute();
  for (const days of [1, 7, 30]) {
    await db.schema
      .createIndex(`fiction_gains_gain${days}_index`)
      .on('fiction_gains')
      .column(`gain${days}`)
      .execute();
  }
  await db.schema
    .createTable('fiction_gains_state')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('window_end', time, (col) => col.notNull())
    .addColumn('built_at', time, (col) => col.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against Kysely<any>
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('fiction_gains_state').execute();
  await db.schema.dropTable('fiction_gains').execute();
  await db.schema.dropIndex('fiction_snapshots_captured_index').execute();
  if (isPostgres(db)) {
    await sql`drop trigger fiction_search_refresh on fictions`.execute(db);
    await sql`drop function fiction_search_refresh()`.execute(db);
    await sql`drop table fiction_search`.execute(db);
    await sql`drop function fiction_search_document(text, text, text, text)`.execute(db);
    await sql`drop function rrc_fold(text)`.execute(db);
  } else {
    await sql`drop trigger fictions_fts_update`.execute(db);
    await sql`drop trigger fictions_fts_delete`.execute(db);
    await sql`drop trigger fictions_fts_insert`.execute(db);
    await sql`drop table fictions_fts`.execute(db);
  }
}
