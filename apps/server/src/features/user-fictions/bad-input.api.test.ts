import { MESSAGES, ROYALROAD_URL_HELP } from '@rrc/contract';
import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile, testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp, registerUser } from '../../../test/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Entry = { fictionId: number; entryId: number };

const STATUS_HELP = 'status must be one of: reading, completed, on_hold, dropped, plan_to_read.';

const fake = fakeRoyalRoadForFile();
const t = testAppForEach(() => createTestApp({ ROYALROAD_BASE_URL: fake.url }));
let reader: { token: string };
/** The reader's list: two favorites, and a non-favorite with progress. */
let first: Entry;
let second: Entry;
let reading: Entry;

beforeEach(async () => {
  reader = await registerUser(t.app);
  const [a, b, c] = fake.site.fictions();
  first = await add(a?.id as number);
  second = await add(b?.id as number);
  reading = await add(c?.id as number);
  await send('POST', `/api/userFictions/${reading.fictionId}/favorite`);
  await send('PUT', `/api/userFictions/${reading.entryId}/progress`, { currentChapter: 2, totalChapters: 5 });
  fake.requests.length = 0;
});

function send(method: Method, url: string, payload?: unknown, extra: Partial<InjectOptions> = {}) {
  return call(t.app, {
    method,
    url,
    token: reader.token,
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...extra,
  });
}

/** A body sent as it is, e.g. broken JSON. */
const raw = (method: Method, url: string, body: string, contentType = 'application/json') =>
  send(method, url, body, { headers: { 'content-type': contentType } });

async function add(royalroadId: number): Promise<Entry> {
  const response = await send('POST', '/api/royalroad/add-fiction', { url: String(royalroadId) });
  expect(response.status).toBe(201);
  const data = response.body.data as { fiction: { id: number }; userFictionId: number };
  return { fictionId: data.fiction.id, entryId: data.userFictionId };
}

const countRows = async (table: 'fictions' | 'user_fictions') =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Everything a bad request must leave alone. */
async function state() {
  const list = await send('GET', '/api/userFictions/all');
  return {
    fictions: await countRows('fictions'),
    entries: await countRows('user_fictions'),
    list: list.body,
  };
}

/** Sends the request, expects 400 with a message, and checks that nothing changed and Royal Road was not asked. */
async function expectRefused(request: () => Promise<{ status: number; body: unknown }>, error?: string) {
  const before = await state();
  const response = await request();
  expect(response.status).toBe(400);
  expect(response.body).toEqual({ success: false, error: error ?? expect.stringMatching(/\w.*\.$/) });
  expect(await state()).toEqual(before);
  expect(fake.requests).toEqual([]);
}

describe('adding a fiction by a link that is not a Royal Road fiction', () => {
  it.each([
    ['another site', 'https://evil.example/fiction/1'],
    ['a look-alike host', 'https://royalroad.com.evil.example/fiction/1'],
    ['a host ending like Royal Road', 'https://notroyalroad.com/fiction/1'],
    ['a local address', 'http://127.0.0.1/fiction/1'],
    ['localhost', 'http://localhost/fiction/1'],
    ['a script', 'javascript:alert(1)'],
    ['a file', 'file:///etc/passwd'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['FTP', 'ftp://www.royalroad.com/fiction/1'],
    ['another port', 'https://www.royalroad.com:8443/fiction/1'],
    ['credentials in the link', 'https://user:pass@www.royalroad.com/fiction/1'],
    ['a profile page', 'https://www.royalroad.com/profile/1073541'],
    ['a fiction link without a number', 'https://www.royalroad.com/fiction/reborn'],
    ['the home page', 'https://www.royalroad.com/'],
    ['a zero id', '0'],
    ['a negative id', '-5'],
    ['an id beyond the range', '99999999999'],
    ['an id beyond the range in a link', 'https://www.royalroad.com/fiction/99999999999'],
    ['plain words', 'reborn as a demonic rock'],
  ])('refuses %s (%s) without any request to Royal Road', async (_case, url) => {
    await expectRefused(() => send('POST', '/api/royalroad/add-fiction', { url }), ROYALROAD_URL_HELP);
    await expectRefused(() => send('POST', '/api/fictions', { url }), ROYALROAD_URL_HELP);
  });

  it.each([
    ['an empty link', { url: '' }, 'Enter a Royal Road fiction URL.'],
    ['a blank link', { url: '   ' }, 'Enter a Royal Road fiction URL.'],
    ['no url field', {}, 'Enter a Royal Road fiction URL.'],
    ['a number instead of text', { url: 192682 }, ROYALROAD_URL_HELP],
    ['null', { url: null }, ROYALROAD_URL_HELP],
    ['a list', { url: ['https://www.royalroad.com/fiction/192682'] }, ROYALROAD_URL_HELP],
    [
      'a very long link',
      { url: `https://www.royalroad.com/fiction/1/${'a'.repeat(3000)}` },
      ROYALROAD_URL_HELP,
    ],
  ])('refuses %s', async (_case, payload, error) => {
    await expectRefused(() => send('POST', '/api/royalroad/add-fiction', payload), error);
  });

  it.each([
    ['no body', () => send('POST', '/api/royalroad/add-fiction')],
    ['broken JSON', () => raw('POST', '/api/royalroad/add-fiction', '{"url": "192682"')],
    ['JSON null', () => raw('POST', '/api/royalroad/add-fiction', 'null')],
    ['a JSON list', () => raw('POST', '/api/royalroad/add-fiction', '["192682"]')],
    ['plain text', () => raw('POST', '/api/royalroad/add-fiction', 'url=192682', 'text/plain')],
  ])('refuses %s', async (_case, request) => {
    await expectRefused(request);
  });

  it('names broken JSON as such', async () => {
    const response = await raw('POST', '/api/royalroad/add-fiction', '{"url":');
    expect(response.body).toEqual({ success: false, error: MESSAGES.invalidJson });
  });
});

describe('page and limit', () => {
  it.each([
    '/api/fictions',
    '/api/fictions/search?q=rock',
    '/api/fictions/top',
    '/api/fictions/popular',
    '/api/fictions/popular-by-users',
    '/api/userFictions',
    '/api/userFictions/status/reading',
  ])('%s refuses a huge limit', async (url) => {
    const join = url.includes('?') ? '&' : '?';
    await expectRefused(() => send('GET', `${url}${join}limit=100000`), 'limit must be at most 100.');
    await expectRefused(() => send('GET', `${url}${join}limit=0`), 'limit must be at least 1.');
  });

  it('the favorites refuse more than 1000', async () => {
    await expectRefused(
      () => send('GET', '/api/userFictions/favorites?limit=100000'),
      'limit must be at most 1000.',
    );
  });

  it.each([
    ['0', 'page must be at least 1.'],
    ['-1', 'page must be at least 1.'],
    ['abc', 'page must be a number.'],
    ['1.5', 'page must be a whole number.'],
    ['99999999999', 'page must be at most 1000000.'],
  ])('page=%s is refused everywhere', async (page, error) => {
    for (const url of [
      '/api/fictions',
      '/api/fictions/search?q=rock',
      '/api/userFictions',
      '/api/userFictions/favorites',
      '/api/userFictions/status/reading',
    ]) {
      const join = url.includes('?') ? '&' : '?';
      const response = await send('GET', `${url}${join}page=${page}`);
      expect(response.status, url).toBe(400);
      expect(response.body, url).toEqual({ success: false, error });
    }
  });
});

describe('reading status', () => {
  it('refuses an unknown status in the address', async () => {
    await expectRefused(() => send('GET', '/api/userFictions/status/finished'), STATUS_HELP);
    await expectRefused(() => send('GET', '/api/userFictions/status/READING'), STATUS_HELP);
  });

  it.each([
    ['an unknown status', { status: 'finished' }, STATUS_HELP],
    ['no status', {}, STATUS_HELP],
    ['a number', { status: 1 }, STATUS_HELP],
    ['an unknown field', { status: 'reading', is_favorite: false }, 'Unknown field: is_favorite.'],
    ['an attempt to move the entry', { status: 'reading', user_id: 1 }, 'Unknown field: user_id.'],
    ['a chapter change', { status: 'reading', current_chapter: 4 }, 'Unknown field: current_chapter.'],
  ])('PUT /api/userFictions/:id refuses %s', async (_case, payload, error) => {
    await expectRefused(() => send('PUT', `/api/userFictions/${first.entryId}`, payload), error);
  });

  it('POST /api/userFictions refuses an unknown status', async () => {
    await expectRefused(
      () => send('POST', '/api/userFictions', { fiction_id: first.fictionId, status: 'done' }),
      STATUS_HELP,
    );
  });
});

describe('reordering favorites', () => {
  it.each([
    ['text', { fictionIds: 'abc' }, 'fictionIds must be a list of fiction ids.'],
    ['an object', { fictionIds: { 0: 1 } }, 'fictionIds must be a list of fiction ids.'],
    ['nothing', {}, 'fictionIds must be a list of fiction ids.'],
    ['ids as strings', { fictionIds: ['1', '2'] }, 'fictionIds must hold fiction ids.'],
    ['fractions', { fictionIds: [1.5, 2] }, 'fictionIds must hold fiction ids.'],
    ['negative ids', { fictionIds: [-1, -2] }, 'fictionIds must hold fiction ids.'],
    [
      'more than 1000 ids',
      { fictionIds: Array.from({ length: 1001 }, (_, i) => i + 1) },
      'fictionIds may hold at most 1000 ids.',
    ],
  ])('refuses %s', async (_case, payload, error) => {
    await expectRefused(() => send('POST', '/api/userFictions/favorites/reorder', payload), error);
  });

  it('refuses the right ids in strings', async () => {
    const payload = { fictionIds: [String(second.fictionId), String(first.fictionId)] };
    await expectRefused(() => send('POST', '/api/userFictions/favorites/reorder', payload));
  });
});

describe('reading progress', () => {
  it.each([
    ['past the last chapter', { currentChapter: 6, totalChapters: 5 }],
    ['negative', { currentChapter: -1, totalChapters: 5 }],
    ['fractions', { currentChapter: 1.5, totalChapters: 5 }],
    ['text', { currentChapter: 'three', totalChapters: 5 }],
    ['huge numbers', { currentChapter: 1e300, totalChapters: 1e300 }],
    ['nothing', {}],
  ])('refuses %s', async (_case, payload) => {
    await expectRefused(() => send('PUT', `/api/userFictions/${reading.entryId}/progress`, payload));
  });
});

describe('broken JSON bodies', () => {
  it.each([
    ['POST', '/api/fictions'],
    ['POST', '/api/userFictions'],
    ['POST', '/api/userFictions/favorites/reorder'],
    ['PUT', '/api/userFictions/1'],
    ['PUT', '/api/userFictions/1/progress'],
  ] as const)('%s %s answers 400 naming the JSON', async (method, url) => {
    await expectRefused(() => raw(method, url, '{"status": "reading",'), MESSAGES.invalidJson);
  });
});

describe('ids in the address', () => {
  it.each([
    ['abc', 'must be a number.'],
    ['0', 'must be positive.'],
    ['-3', 'must be positive.'],
    ['1.5', 'must be a whole number.'],
    ['99999999999', 'is too large.'],
  ])('refuses %s everywhere', async (id, error) => {
    await expectRefused(() => send('PUT', `/api/userFictions/${id}`, { status: 'reading' }), `id ${error}`);
    await expectRefused(
      () => send('PUT', `/api/userFictions/${id}/progress`, { currentChapter: 1, totalChapters: 2 }),
      `id ${error}`,
    );
    await expectRefused(() => send('DELETE', `/api/userFictions/${id}`), `fictionId ${error}`);
    await expectRefused(() => send('POST', `/api/userFictions/${id}/favorite`), `fictionId ${error}`);
  });

  it('answers 404 for a well-formed id that is not the reader’s', async () => {
    const before = await state();
    for (const [method, url, payload] of [
      ['PUT', '/api/userFictions/999999', { status: 'reading' }],
      ['PUT', '/api/userFictions/999999/progress', { currentChapter: 1, totalChapters: 2 }],
      ['DELETE', '/api/userFictions/999999', undefined],
      ['POST', '/api/userFictions/999999/favorite', undefined],
      ['POST', '/api/userFictions', { fiction_id: 999999 }],
    ] as const) {
      const response = await send(method, url, payload);
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.body, `${method} ${url}`).toEqual({ success: false, error: expect.any(String) });
    }
    expect(await state()).toEqual(before);
  });

  it('POST /api/userFictions refuses a fiction_id beyond the id range with 400', async () => {
    await expectRefused(() => send('POST', '/api/userFictions', { fiction_id: 99_999_999_999 }));
  });

  it('answers a broken percent-encoding in the address in the usual error shape', async () => {
    const response = await send('GET', '/api/fictions/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: expect.any(String) });
  });
});
