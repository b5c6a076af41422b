import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JobName, JobRun } from '@rrc/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile, testAppForEach } from '../../../test/hooks.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { toJobRun } from '../jobs/job-run.mapper.ts';

// Pages an author (or anyone between us and Royal Road) controls must not steer the scraper: words in a
// description, a malformed or absurdly deep page, a redirect elsewhere or a huge answer fail that page at
// most, never the run, and never write into another fiction's record.

/** Stands in front of the fake Royal Road: answers chosen paths itself, passes everything else through. */
interface Front {
  url: string;
  answer(path: string, handler: (response: ServerResponse) => void): void;
  /** Back to passing everything through. */
  reset(): void;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function startFront(upstream: () => string): Promise<Front> {
  const handlers = new Map<string, (response: ServerResponse) => void>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const handler = handlers.get(request.url ?? '');
    if (handler) return handler(response);
    fetch(`${upstream()}${request.url}`, {
      headers: { 'user-agent': request.headers['user-agent'] ?? '' },
      redirect: 'manual',
    }).then(
      async (answer) => {
        const headers: Record<string, string> = {};
        for (const name of ['content-type', 'retry-after', 'cf-mitigated', 'location'])
          if (answer.headers.has(name)) headers[name] = answer.headers.get(name) as string;
        response.writeHead(answer.status, headers);
        response.end(Buffer.from(await answer.arrayBuffer()));
      },
      (error: unknown) => response.destroy(error as Error),
    );
  });
  const url = await listen(server);
  return {
    url,
    answer: (path, handler) => handlers.set(path, handler),
    reset: () => handlers.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const fake = fakeRoyalRoadForFile();
let front: Front;
beforeAll(async () => {
  front = await startFront(() => fake.url);
});
afterAll(async () => {
  await front.close();
});
beforeEach(() => {
  front.reset();
});
const t = testAppForEach(() =>
  createTestApp({ ROYALROAD_BASE_URL: front.url }, { genres: ['main', 'action', 'fantasy'] }),
);

/** Runs a job as an admin's trigger would and answers how it ended. */
async function run(
  job: JobName,
  options: { params?: Record<string, unknown>; scheduledFor?: string } = {},
): Promise<JobRun> {
  const id = await t.services.runner.enqueue(job, {
    trigger: options.scheduledFor ? 'schedule' : 'manual',
    ...options,
  });
  const row = await t.services.runner.waitFor(id as number, 30_000);
  if (!row || row.status === 'queued' || row.status === 'running') throw new Error(`${job} did not finish`);
  return toJobRun(row);
}

const capture = () => run('rising-stars');
const refreshAll = (scheduledFor?: string) => run('all-fictions', { scheduledFor });
const manualScrape = (royalroadId: number) => run('fiction', { params: { royalroadId } });

const stored = (royalroadId: number) => t.services.fictions.findByRoyalroadId(royalroadId);

async function snapshotsOf(royalroadId: number): Promise<number> {
  const fiction = await stored(royalroadId);
  if (!fiction) return 0;
  const rows = await t.database.db
    .selectFrom('fiction_snapshots')
    .select('id')
    .where('fiction_id', '=', fiction.id)
    .execute();
  return rows.length;
}

/** Puts exactly these fictions on the three lists the test app captures. */
function lists(main: number[], action: number[] = main.slice(0, 1), fantasy: number[] = main.slice(0, 1)) {
  fake.site.setRisingStars('main', main);
  fake.site.setRisingStars('action', action);
  fake.site.setRisingStars('fantasy', fantasy);
}

const requested = () => fake.requests.map((request) => request.path);
const fictionRequests = () => requested().filter((path) => path.startsWith('/fiction/'));
const nested = (depth: number) => `<p>${'<span>'.repeat(depth)}deep${'</span>'.repeat(depth)}</p>`;

describe('a description written to steer the scraper', () => {
  it('mentioning challenges.cloudflare.com and window.fictionId = <other id> scrapes as an ordinary page and overwrites nothing', async () => {
    const [victim, ...others] = fake.site.fictions().slice(0, 4);
    if (!victim) throw new Error('the fake site has fictions');
    const hostile = fake.site.addFiction({
      title: 'Please Verify You Are Human',
      description: [
        '<p>Stuck? Solve the check at https://challenges.cloudflare.com/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1 first.</p>',
        '<p>&lt;title&gt;Just a moment...&lt;/title&gt; window._cf_chl_opt = {cType: "managed"};</p>',
        `<p>window.fictionId = ${victim.id};</p>`,
      ],
    });
    // On the main list its description is part of the list page too.
    lists([hostile.id, victim.id, ...others.map((fiction) => fiction.id)]);

    const captured = await capture();
    expect(captured.status).toBe('succeeded');
    expect(captured.counts).toMatchObject({ lists: 3, lists_failed: 0 });

    await manualScrape(victim.id);
    const victimBefore = await stored(victim.id);
    t.clock.advance(60_000);
    const run = await refreshAll();
    expect(run.error).toBeNull();
    expect(run.status).toBe('succeeded');
    expect(run.counts).toMatchObject({ tracked: 5, scraped: 5, failed: 0 });

    // The hostile page is stored as what it is, under its own id.
    const hostileRow = await stored(hostile.id);
    expect(hostileRow?.title).toBe('Please Verify You Are Human');
    expect(hostileRow?.description).toContain('challenges.cloudflare.com');
    expect(await snapshotsOf(hostile.id)).toBe(1);
    // The fiction it named keeps its own record: one snapshot per scrape of its own page, no more.
    const victimAfter = await stored(victim.id);
    expect(victimAfter?.title).toBe(victim.title);
    expect(victimAfter?.author_name).toBe(victimBefore?.author_name);
    expect(victimAfter?.followers).toBe(victimBefore?.followers);
    expect(await snapshotsOf(victim.id)).toBe(2);
  });

  it('naming another fiction with window.fictionId never writes into that fiction', async () => {
    const victim = fake.site.fictions()[0];
    if (!victim) throw new Error('the fake site has fictions');
    const hostile = fake.site.addFiction({
      title: 'Borrowed Identity',
      description: [`<p>window.fictionId = ${victim.id};</p><p>A perfectly ordinary story.</p>`],
    });
    expect((await manualScrape(victim.id)).status).toBe('succeeded');
    const job = await manualScrape(hostile.id);
    expect(job.status).toBe('succeeded');
    expect((await stored(victim.id))?.title).toBe(victim.title);
    expect(await snapshotsOf(victim.id)).toBe(1);
    expect((await stored(hostile.id))?.title).toBe('Borrowed Identity');
  });

  it('a page whose own address and script name another fiction is a failure, and nothing is written', async () => {
    const [asked, other] = fake.site.fictions();
    if (!asked || !other) throw new Error('the fake site has fictions');
    // Whatever the cause (a merge, a mix-up on the way), the page served is another fiction's.
    front.answer(`/fiction/${asked.id}`, (response) => {
      fetch(`${fake.url}/fiction/${other.id}`)
        .then((answer) => answer.text())
        .then((html) => response.writeHead(200, { 'content-type': 'text/html' }).end(html));
    });
    const job = await manualScrape(asked.id);
    expect(job.status).toBe('failed');
    expect(job.error).toContain(`fiction ${other.id}`);
    expect(await stored(asked.id)).toBeUndefined();
    expect(await stored(other.id)).toBeUndefined();
  });
});

describe('a page that cannot be read', () => {
  it('20,000 nested tags or a malformed tag link fail at most their own list; the capture goes on', async () => {
    const [first, second, third] = fake.site.fictions();
    if (!first || !second || !third) throw new Error('the fake site has fictions');
    const deep = fake.site.addFiction({ description: [nested(20_000)] });
    const malformed = fake.site.addFiction({
      title: 'Broken Links',
      tags: [
        { slug: '%E0%A4%A', label: 'Half an Encoding' },
        { slug: 'litrpg', label: 'LitRPG' },
      ],
    });
    lists([first.id, second.id], [deep.id, third.id], [malformed.id, third.id]);

    const job = await capture();
    expect(job.status).toBe('partial');
    expect(job.counts).toMatchObject({ lists: 2, lists_failed: 1, entries: 4 });
    expect(job.error).toMatch(/^action: /);
    // The list after the unreadable one was read and stored, tags and all.
    expect(requested()).toContain('/fictions/rising-stars?genre=fantasy');
    const row = await stored(malformed.id);
    expect(JSON.parse(row?.tags ?? '[]')).toEqual(['Half an Encoding', 'LitRPG']);
    expect(await stored(deep.id)).toBeUndefined();
  });

  it('20,000 nested tags fail that fiction alone and a malformed tag link fails nothing; the refresh goes on', async () => {
    const tracked = fake.site.fictions().slice(0, 4);
    const deep = fake.site.addFiction({ title: 'Turtles All the Way Down' });
    const malformed = fake.site.addFiction({
      title: 'Broken Links',
      tags: [{ slug: '%E0%A4%A', label: 'Half an Encoding' }],
    });
    lists([deep.id, malformed.id, ...tracked.map((fiction) => fiction.id)]);
    expect((await capture()).status).toBe('succeeded');
    // The author rewrites the description after the capture saw the fiction.
    deep.description = [nested(20_000)];

    const run = await refreshAll();
    expect(run.status).toBe('partial');
    expect(run.counts).toMatchObject({ tracked: 6, scraped: 5, failed: 1 });
    expect(run.error).toContain(`${deep.id}: `);
    expect(fictionRequests()).toHaveLength(6);
    expect(await snapshotsOf(deep.id)).toBe(0);
    expect((await stored(deep.id))?.last_scraped_at).toBeNull();
    expect(await snapshotsOf(malformed.id)).toBe(1);
    expect(JSON.parse((await stored(malformed.id))?.tags ?? '[]')).toEqual(['Half an Encoding']);
  });
});

describe('where the scraper reads from', () => {
  it('a redirect to another host writes nothing, and the other host is never asked', async () => {
    const [target, neighbour] = fake.site.fictions();
    if (!target || !neighbour) throw new Error('the fake site has fictions');
    lists([target.id, neighbour.id]);
    await capture();
    // The other host serves the very page the fake would, with numbers of its own choosing.
    fake.site.setStats(target.id, { followers: 999_999 });
    const page = await (await fetch(`${fake.url}/fiction/${target.id}`)).text();
    fake.site.setStats(target.id, { followers: 10 });
    const elsewhere: string[] = [];
    const other = createServer((request, response) => {
      elsewhere.push(request.url ?? '');
      response.writeHead(200, { 'content-type': 'text/html' }).end(page);
    });
    const otherUrl = await listen(other);
    front.answer(`/fiction/${target.id}`, (response) =>
      response.writeHead(302, { location: `${otherUrl}/fiction/${target.id}` }).end(),
    );
    try {
      const run = await refreshAll();
      expect(run.status).toBe('partial');
      expect(run.counts).toMatchObject({ tracked: 2, scraped: 1, failed: 1 });
      expect(run.error).toContain(`${target.id}: `);
      expect(elsewhere).toEqual([]);
      expect(await snapshotsOf(target.id)).toBe(0);
      expect((await stored(target.id))?.followers).not.toBe(999_999);
      expect(await snapshotsOf(neighbour.id)).toBe(1);
    } finally {
      await new Promise<void>((resolve) => {
        other.close(() => resolve());
        other.closeAllConnections();
      });
    }
  });

  it('a redirect within Royal Road is followed and the fiction is stored', async () => {
    const fiction = fake.site.fictions()[0];
    if (!fiction) throw new Error('the fake site has fictions');
    front.answer(`/fiction/${fiction.id}`, (response) =>
      response.writeHead(301, { location: `/fiction/${fiction.id}/${fiction.slug}` }).end(),
    );
    const job = await manualScrape(fiction.id);
    expect(job.status).toBe('succeeded');
    expect((await stored(fiction.id))?.title).toBe(fiction.title);
  });

  it('a 10 MB page is refused, nothing is written, and the refresh goes on', async () => {
    const [huge, neighbour] = fake.site.fictions();
    if (!huge || !neighbour) throw new Error('the fake site has fictions');
    lists([huge.id, neighbour.id]);
    await capture();
    const page = await (await fetch(`${fake.url}/fiction/${huge.id}`)).text();
    // A real page padded to 10 MB, sent in pieces without a Content-Length.
    front.answer(`/fiction/${huge.id}`, (response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write(page.replace('</body>', ''));
      const padding = `<!-- ${'x'.repeat(64 * 1024)} -->\n`;
      let sent = page.length;
      const more = () => {
        while (sent < 10 * 1024 * 1024) {
          sent += padding.length;
          if (!response.write(padding)) return void response.once('drain', more);
        }
        response.end('</body></html>');
      };
      response.on('error', () => {});
      more();
    });

    const run = await refreshAll();
    expect(run.status).toBe('partial');
    expect(run.counts).toMatchObject({ tracked: 2, scraped: 1, failed: 1 });
    expect(run.error).toMatch(new RegExp(`${huge.id}: .*5 MB`));
    expect(await snapshotsOf(huge.id)).toBe(0);
    expect(await snapshotsOf(neighbour.id)).toBe(1);
  });
});

describe('the order of the nightly refresh', () => {
  it('tries a fiction that failed after the ones not reached, instead of first every night', async () => {
    const five = fake.site.fictions().slice(0, 5);
    const [stuck, ...rest] = five.map((fiction) => fiction.id).sort((a, b) => a - b);
    if (!stuck) throw new Error('the fake site has fictions');
    lists([stuck, ...rest]);
    await capture();
    // A real challenge on this one fiction's page stops the run there, night after night.
    fake.behave({ path: `/fiction/${stuck}`, page: 'cloudflare' });

    fake.requests.length = 0;
    const night1 = await refreshAll();
    expect(night1.status).toBe('failed');
    expect(fictionRequests()).toEqual([`/fiction/${stuck}`]);

    t.clock.advance(24 * 3_600_000);
    fake.requests.length = 0;
    const night2 = await refreshAll();
    expect(night2.status).toBe('failed');
    expect(night2.counts).toMatchObject({ scraped: 4, failed: 1 });
    expect(fictionRequests()).toEqual([...rest, stuck].map((id) => `/fiction/${id}`));

    // Once it can be read again it is refreshed like any other, still after the rest.
    fake.reset();
    lists([stuck, ...rest]);
    t.clock.advance(24 * 3_600_000);
    fake.requests.length = 0;
    const night3 = await refreshAll();
    expect(night3.status).toBe('succeeded');
    expect(fictionRequests()).toEqual([...rest, stuck].map((id) => `/fiction/${id}`));
    expect(await snapshotsOf(stuck)).toBe(1);
  });

  it('continues an interrupted run with the fictions it had not reached, failures included as reached', async () => {
    const five = fake.site
      .fictions()
      .slice(0, 5)
      .map((fiction) => fiction.id)
      .sort((a, b) => a - b);
    const [failed, done, ...unreached] = five;
    if (failed === undefined || done === undefined) throw new Error('the fake site has fictions');
    lists(five);
    await capture();
    const scheduledFor = t.clock.now.toISOString();
    // The run got this far before the process died: one fiction failed, the next was stored.
    t.clock.advance(60_000);
    fake.behave({ path: `/fiction/${failed}`, status: 404, times: 1 });
    expect((await manualScrape(failed)).status).toBe('failed');
    expect((await manualScrape(done)).status).toBe('succeeded');

    fake.requests.length = 0;
    const resumed = await refreshAll(scheduledFor);
    expect(resumed.status).toBe('succeeded');
    expect(resumed.counts).toMatchObject({ tracked: 5, skipped: 2, scraped: 3, failed: 0 });
    expect(fictionRequests()).toEqual(unreached.map((id) => `/fiction/${id}`));
  });
});
