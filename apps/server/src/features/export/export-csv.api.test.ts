import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { testAppForEach } from '../../../test/hooks.ts';
import { createTestApp, registerUser } from '../../../test/test-app.ts';

// The reader's data download as a spreadsheet opens it: list.csv in the list's own order with favorites
// numbered 1..n, and growth.csv in whole counts.

const t = testAppForEach(() => createTestApp());

function unzip(buffer: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files: Record<string, string> = {};
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

type Snapshot = {
  captured_at: string;
  followers?: number;
  favorites?: number;
  ratings?: number;
  total_views?: number;
};

async function listed(
  userId: number,
  entry: {
    royalroadId: number;
    title: string;
    status: string;
    favoritePosition?: number;
    addedAt: string;
    snapshots?: Snapshot[];
  },
) {
  const id = await t.services.fictions.importFiction({
    fiction: { royalroad_id: entry.royalroadId, title: entry.title, tags: '["Fantasy"]', warnings: '[]' },
    snapshots: entry.snapshots ?? [{ captured_at: '2026-11-20T10:00:00.000Z', followers: 50 }],
    createdAt: '2026-11-01T00:00:00.000Z',
  });
  await t.database.db
    .insertInto('user_fictions')
    .values({
      user_id: userId,
      fiction_id: id as number,
      status: entry.status,
      is_favorite: entry.favoritePosition !== undefined,
      favorite_position: entry.favoritePosition ?? null,
      created_at: entry.addedAt,
      updated_at: entry.addedAt,
    })
    .execute();
}

async function download(token: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/userFictions/export',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return unzip(response.rawPayload);
}

const rows = (csv: string | undefined) =>
  (csv ?? '')
    .split('\r\n')
    .slice(1, -1)
    .map((line) => line.split(','));

describe('the data download of a reader', () => {
  it('lists favorites first by their position, numbered 1..n, then the rest by reading status', async () => {
    const reader = await registerUser(t.app);
    const add = (
      royalroadId: number,
      title: string,
      status: string,
      day: number,
      favoritePosition?: number,
    ) =>
      listed(reader.user.id, {
        royalroadId,
        title,
        status,
        favoritePosition,
        addedAt: `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`,
      });
    // Added in an order that is none of the expected ones; favorite positions with gaps (others removed).
    await add(1, 'Plan Old', 'plan_to_read', 2);
    await add(2, 'Fav Seven', 'completed', 3, 7);
    await add(3, 'Dropped', 'dropped', 4);
    await add(4, 'Reading', 'reading', 5);
    await add(5, 'Fav Three', 'plan_to_read', 6, 3);
    await add(6, 'Plan New', 'plan_to_read', 7);
    await add(7, 'Fav Four', 'reading', 8, 4);
    await add(8, 'On Hold', 'on_hold', 9);

    const files = await download(reader.token);
    const list = rows(files['list.csv']);
    expect(list.map((row) => [row[1], row[2], row[3], row[4]])).toEqual([
      ['Fav Three', 'plan_to_read', 'true', '1'],
      ['Fav Four', 'reading', 'true', '2'],
      ['Fav Seven', 'completed', 'true', '3'],
      ['Reading', 'reading', 'false', ''],
      ['On Hold', 'on_hold', 'false', ''],
      ['Dropped', 'dropped', 'false', ''],
      ['Plan New', 'plan_to_read', 'false', ''],
      ['Plan Old', 'plan_to_read', 'false', ''],
    ]);
    const json = JSON.parse(files['data.json'] ?? '{}') as {
      list: Array<{ royalroad_id: number; favorite_position: number | null }>;
    };
    expect(json.list.map((entry) => [entry.royalroad_id, entry.favorite_position])).toEqual([
      [5, 1],
      [7, 2],
      [2, 3],
      [4, null],
      [8, null],
      [3, null],
      [6, null],
      [1, null],
    ]);
    expect(files['README.txt']).toContain('favorite_position  your order of favorites, 1 to n');
  });

  it('counts growth.csv in whole numbers gained since the row before, never scaled to 24 hours', async () => {
    const reader = await registerUser(t.app);
    await listed(reader.user.id, {
      royalroadId: 4242,
      title: 'Growing',
      status: 'reading',
      addedAt: '2026-11-01T00:00:00.000Z',
      snapshots: [
        {
          captured_at: '2026-11-14T08:00:00.000Z',
          followers: 100,
          favorites: 10,
          ratings: 5,
          total_views: 1000,
        },
        // Two readings on one day: the last one counts.
        {
          captured_at: '2026-11-15T09:00:00.000Z',
          followers: 101,
          favorites: 12,
          ratings: 5,
          total_views: 1100,
        },
        // 30 hours after the day before's last reading: scaled to 24 hours these would be fractions.
        {
          captured_at: '2026-11-15T14:00:00.000Z',
          followers: 103,
          favorites: 17,
          ratings: 6,
          total_views: 1234,
        },
        // The 16th was missed: the 17th counts from the 15th.
        {
          captured_at: '2026-11-17T20:00:00.000Z',
          followers: 110,
          favorites: 23,
          ratings: 9,
          total_views: 1500,
        },
        // Five days without a reading: a gap, left empty.
        {
          captured_at: '2026-11-22T20:00:00.000Z',
          followers: 130,
          favorites: 30,
          ratings: 10,
          total_views: 2000,
        },
      ],
    });
    const files = await download(reader.token);
    const growth = rows(files['growth.csv']);
    expect(growth.map((row) => row.slice(2))).toEqual([
      ['2026-11-14', '100', '', '', '', '', '10', '0.1'],
      ['2026-11-15', '103', '3', '234', '7', '1', '11.98', '0.17'],
      ['2026-11-17', '110', '7', '266', '6', '3', '13.64', '0.21'],
      ['2026-11-22', '130', '', '', '', '', '15.38', '0.23'],
    ]);
    expect(files['README.txt']).toContain('whole counts gained since the row');
  });
});
