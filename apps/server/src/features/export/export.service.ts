import { Readable } from 'node:stream';
import type { Fiction, User } from '@rrc/contract';
import { titleSlug } from '@rrc/contract';
import yazl from 'yazl';
import type { UserRecord } from '../../lib/account.ts';
import type { FictionsService } from '../fictions/fictions.service.ts';
import type { RisingStarsService } from '../rising-stars/rising-stars.service.ts';
import type { UserFictionsService } from '../user-fictions/user-fictions.service.ts';
import { csvLine } from './csv.ts';
import { growthRows, orderedList } from './export-rows.ts';
import { readme } from './readme.ts';

const BATCH = 1000;

type ListEntry = Awaited<ReturnType<UserFictionsService['entries']>>[number];

interface ArchiveDeps {
  fictions: Pick<FictionsService, 'snapshotBatch' | 'snapshotColumns'>;
  risingStars: Pick<RisingStarsService, 'recordBatch'>;
  now: () => Date;
}

/** Data downloads (SPEC §6): one fiction's, or a reader's whole list, as a ZIP streamed from the database. */
export function exportService(
  deps: ArchiveDeps & {
    fictions: Pick<FictionsService, 'get' | 'byIds'>;
    userFictions: Pick<UserFictionsService, 'entries'>;
  },
) {
  return {
    async fictionArchive(royalroadId: number) {
      const fiction = await deps.fictions.get(royalroadId);
      return {
        filename: exportFilename('fiction', deps.now(), fiction.title),
        stream: exportArchive(deps, { kind: 'fiction', user: null, fictions: [fiction], list: null }),
      };
    },

    async listArchive(user: Pick<UserRecord, 'id' | 'email' | 'name'>) {
      const list = orderedList(await deps.userFictions.entries(user.id));
      const fictions = await deps.fictions.byIds(list.map((entry) => entry.fiction_id));
      return {
        filename: exportFilename('list', deps.now()),
        stream: exportArchive(deps, {
          kind: 'list',
          user: { id: user.id, email: user.email, name: user.name },
          fictions,
          list,
        }),
      };
    },
  };
}

export type ExportService = ReturnType<typeof exportService>;

interface ExportContent {
  kind: 'fiction' | 'list';
  user: Pick<User, 'id' | 'email' | 'name'> | null;
  fictions: Fiction[];
  list: ListEntry[] | null;
}

/**
 * Builds a ZIP as a stream: every file is generated from the database in
 * batches while the archive is being sent, so memory stays flat however long
 * the history is.
 */
function exportArchive(deps: ArchiveDeps, content: ExportContent): NodeJS.ReadableStream {
  const SNAPSHOT_COLUMNS = deps.fictions.snapshotColumns;
  const ids = content.fictions.map((fiction) => fiction.id);
  const byId = new Map(content.fictions.map((fiction) => [fiction.id, fiction]));

  async function* snapshots() {
    let after = 0;
    for (;;) {
      const rows = ids.length ? await deps.fictions.snapshotBatch(ids, after, BATCH) : [];
      if (rows.length === 0) return;
      yield rows;
      after = rows.at(-1)?.id ?? after;
    }
  }

  async function* records() {
    let after = 0;
    for (;;) {
      const rows = ids.length ? await deps.risingStars.recordBatch(ids, after, BATCH) : [];
      if (rows.length === 0) return;
      yield rows;
      after = rows.at(-1)?.id ?? after;
    }
  }

  async function* snapshotsCsv() {
    yield csvLine(['royalroad_id', 'title', 'captured_at', ...SNAPSHOT_COLUMNS]);
    for await (const rows of snapshots()) {
      yield rows
        .map((row) => {
          const fiction = byId.get(row.fiction_id);
          return csvLine([
            fiction?.royalroad_id,
            fiction?.title,
            row.captured_at,
            ...SNAPSHOT_COLUMNS.map((column) => row[column]),
          ]);
        })
        .join('');
    }
  }

  async function* risingStarsCsv() {
    yield csvLine(['royalroad_id', 'title', 'captured_at', 'genre', 'position']);
    for await (const rows of records()) {
      yield rows
        .map((row) => {
          const fiction = byId.get(row.fiction_id);
          return csvLine([fiction?.royalroad_id, fiction?.title, row.captured_at, row.genre, row.position]);
        })
        .join('');
    }
  }

  function* fictionsCsv() {
    yield csvLine([
      'royalroad_id',
      'title',
      'author_name',
      'status',
      'type',
      'tags',
      'warnings',
      ...SNAPSHOT_COLUMNS.filter((column) => column !== 'chapter_count'),
      'chapter_count',
      'last_scraped_at',
      'url',
    ]);
    for (const fiction of content.fictions) {
      yield csvLine([
        fiction.royalroad_id,
        fiction.title,
        fiction.author_name,
        fiction.status,
        fiction.type,
        fiction.tags.join('; '),
        fiction.warnings.join('; '),
        ...SNAPSHOT_COLUMNS.filter((column) => column !== 'chapter_count').map((column) => fiction[column]),
        fiction.chapter_count,
        fiction.last_scraped_at,
        `https://www.royalroad.com/fiction/${fiction.royalroad_id}`,
      ]);
    }
  }

  /** Every snapshot of one fiction (a fiction's history fits in memory, as the fiction page holds it). */
  async function historyOf(fictionId: number) {
    const all: Awaited<ReturnType<ArchiveDeps['fictions']['snapshotBatch']>> = [];
    let after = 0;
    for (;;) {
      const rows = await deps.fictions.snapshotBatch([fictionId], after, BATCH);
      if (rows.length === 0) return all;
      all.push(...rows);
      after = rows.at(-1)?.id ?? after;
    }
  }

  /** Growth per day of every fiction in whole counts, one fiction after the other. */
  async function* growthCsv() {
    yield csvLine([
      'royalroad_id',
      'title',
      'date',
      'followers',
      'followers_gained',
      'views_gained',
      'favorites_gained',
      'ratings_gained',
      'views_per_follower',
      'favorites_per_follower',
    ]);
    for (const fiction of content.fictions) {
      const days = growthRows(await historyOf(fiction.id));
      yield days
        .map((day) =>
          csvLine([
            fiction.royalroad_id,
            fiction.title,
            day.date,
            day.followers,
            day.followers_gained,
            day.views_gained,
            day.favorites_gained,
            day.ratings_gained,
            day.views_per_follower,
            day.favorites_per_follower,
          ]),
        )
        .join('');
    }
  }

  function* listCsv() {
    yield csvLine([
      'royalroad_id',
      'title',
      'reading_status',
      'favorite',
      'favorite_position',
      'current_chapter',
      'total_chapters',
      'added_at',
      'updated_at',
    ]);
    for (const entry of content.list ?? []) {
      const fiction = byId.get(entry.fiction_id);
      yield csvLine([
        fiction?.royalroad_id,
        fiction?.title,
        entry.status,
        Boolean(entry.is_favorite),
        entry.favorite_position,
        entry.current_chapter,
        entry.total_chapters,
        entry.created_at,
        entry.updated_at,
      ]);
    }
  }

  async function* json() {
    yield `{"exported_at":${JSON.stringify(deps.now().toISOString())},"kind":${JSON.stringify(content.kind)},"user":${JSON.stringify(content.user)},\n"fictions":${JSON.stringify(content.fictions)},\n`;
    if (content.list) {
      const list = content.list.map((entry) => ({
        royalroad_id: byId.get(entry.fiction_id)?.royalroad_id,
        fiction_id: entry.fiction_id,
        status: entry.status,
        is_favorite: Boolean(entry.is_favorite),
        favorite_position: entry.favorite_position,
        current_chapter: entry.current_chapter,
        total_chapters: entry.total_chapters,
        created_at: entry.created_at,
        updated_at: entry.updated_at,
      }));
      yield `"list":${JSON.stringify(list)},\n`;
    }
    yield '"snapshots":[';
    let first = true;
    for await (const rows of snapshots()) {
      const items = rows.map((row) => {
        const { id: _id, fiction_id, ...values } = row;
        return JSON.stringify({ royalroad_id: byId.get(fiction_id)?.royalroad_id, ...values });
      });
      yield (first ? '\n' : ',\n') + items.join(',\n');
      first = false;
    }
    yield '],\n"rising_stars":[';
    first = true;
    for await (const rows of records()) {
      const items = rows.map((row) =>
        JSON.stringify({
          royalroad_id: byId.get(row.fiction_id)?.royalroad_id,
          captured_at: row.captured_at,
          genre: row.genre,
          position: row.position,
        }),
      );
      yield (first ? '\n' : ',\n') + items.join(',\n');
      first = false;
    }
    yield ']}\n';
  }

  const zip = new yazl.ZipFile();
  const options = { mtime: deps.now(), compress: true };
  zip.addBuffer(Buffer.from(readme(content.kind, deps.now())), 'README.txt', options);
  zip.addReadStreamLazy(content.kind === 'list' ? 'list.csv' : 'fiction.csv', options, (callback) =>
    callback(null, Readable.from(content.kind === 'list' ? listCsv() : fictionsCsv())),
  );
  if (content.kind === 'list') {
    zip.addReadStreamLazy('fictions.csv', options, (callback) =>
      callback(null, Readable.from(fictionsCsv())),
    );
  }
  zip.addReadStreamLazy('snapshots.csv', options, (callback) =>
    callback(null, Readable.from(snapshotsCsv())),
  );
  zip.addReadStreamLazy('growth.csv', options, (callback) => callback(null, Readable.from(growthCsv())));
  zip.addReadStreamLazy('rising-stars.csv', options, (callback) =>
    callback(null, Readable.from(risingStarsCsv())),
  );
  zip.addReadStreamLazy('data.json', options, (callback) => callback(null, Readable.from(json())));
  zip.end();
  return zip.outputStream;
}

/** `reborn_as_a_demonic_rock-2026-11-21.zip`, `my-fictions-2026-11-21.zip`. */
export function exportFilename(kind: 'fiction' | 'list', now: Date, title?: string): string {
  const date = now.toISOString().slice(0, 10);
  const base = kind === 'list' ? 'my-fictions' : titleSlug(title ?? '') || 'fiction';
  return `${base.slice(0, 80)}-${date}.zip`;
}
