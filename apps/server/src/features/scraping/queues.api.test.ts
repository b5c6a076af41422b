import { describe, expect, it } from 'vitest';
import { fakeRoyalRoadForFile, testAppForEach } from '../../../test/hooks.ts';
import { call, createTestApp, registerUser, testClient } from '../../../test/test-app.ts';

// Readers' adds wait in the interactive queue while a Rising Stars capture runs in the scheduled one: the
// capture is delayed by the one add that was under way when it started, no more, and every request to Royal
// Road keeps SCRAPE_INTERVAL_MS from the one before, whichever queue it came from.

const INTERVAL_MS = 60;
const READERS = 50;
const ADDS = 100;
const SLOW_MS = 1_000;

const fake = fakeRoyalRoadForFile();
let genres: string[];
const t = testAppForEach(() => {
  genres = fake.site.genres().slice(0, 5);
  return createTestApp(
    {
      ROYALROAD_BASE_URL: fake.url,
      ADMIN_EMAILS: 'boss@example.com',
      SCRAPE_INTERVAL_MS: String(INTERVAL_MS),
      AUTH_RATE_LIMIT: '1000',
    },
    {
      genres,
      // Room for all hundred adds in the interactive queue (20 by default).
      client: testClient(fake.url, { intervalMs: INTERVAL_MS, limits: { interactiveWaiting: ADDS } }),
    },
  );
});

const isList = (path: string) => path.startsWith('/fictions/rising-stars');

describe('the interactive and scheduled queues', () => {
  it(`keep a capture from being delayed by more than the one request under way, with ${ADDS} adds queued by readers`, async () => {
    expect(t.config.royalroad.intervalMs).toBe(INTERVAL_MS);
    const admin = await registerUser(t.app, { email: 'boss@example.com' });
    const readers = await Promise.all(Array.from({ length: READERS }, () => registerUser(t.app)));
    const fictions = Array.from({ length: ADDS }, () => fake.site.addFiction().id);
    const add = (index: number) =>
      call(t.app, {
        method: 'POST',
        url: '/api/royalroad/add-fiction',
        token: readers[index % READERS]?.token,
        // Each reader from their own address, two adds each: within every per-reader and per-address limit.
        remoteAddress: `10.0.${Math.floor(index / 2) % READERS}.1`,
        payload: { url: `https://www.royalroad.com/fiction/${fictions[index]}` },
      });

    // The first add is slow on Royal Road's side: it is under way when the capture starts.
    const slow = `/fiction/${fictions[0]}`;
    fake.behave({ path: slow, delayMs: SLOW_MS, times: 1 });
    let firstDone = false;
    const first = add(0).then((answer) => {
      firstDone = true;
      return answer;
    });
    while (!fake.requests.some((request) => request.path === slow))
      await new Promise((r) => setTimeout(r, 5));
    const rest = Array.from({ length: ADDS - 1 }, (_, index) => add(index + 1));
    while (t.services.client.queues.sizes.interactive < ADDS - 1) await new Promise((r) => setTimeout(r, 5));

    const trigger = await call<{ data: { jobId: number } }>(t.app, {
      method: 'POST',
      url: '/api/admin/trigger/rising-stars-scrape',
      token: admin.token,
    });
    expect(trigger.status).toBe(202);
    const jobId = trigger.body.data.jobId;
    while ((await t.services.runs.get(jobId))?.status === 'queued')
      await new Promise((r) => setTimeout(r, 5));
    // The capture started while the slow add was still under way and 99 more were waiting.
    expect(firstDone).toBe(false);
    expect(t.services.client.queues.sizes.interactive).toBe(ADDS - 1);

    const answers = await Promise.all([first, ...rest]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(ADDS).fill(201));
    expect((await t.services.runner.waitFor(jobId, 30_000))?.status).toBe('succeeded');

    const requests = fake.requests;
    expect(requests).toHaveLength(ADDS + genres.length);
    // Royal Road saw: the slow add, then the whole capture, then the 99 adds that waited. So the capture waited
    // for the one add under way when it started (and the gap after it), and no add came between its lists.
    const kinds = requests.map((request) => (isList(request.path) ? 'list' : 'fiction'));
    expect(kinds).toEqual(['fiction', ...genres.map(() => 'list'), ...Array(ADDS - 1).fill('fiction')]);
    expect(requests[0]?.path).toBe(slow);
    // In time: the capture's first list went out one interval after the slow add's answer (2 s after it was
    // asked), with room for a busy machine; not after a second add.
    const waited = (requests[1]?.at ?? 0) - (requests[0]?.at ?? 0);
    expect(waited).toBeGreaterThanOrEqual(SLOW_MS + INTERVAL_MS);
    expect(waited).toBeLessThan(SLOW_MS + INTERVAL_MS + 1_000);
    // Every two requests to Royal Road, across both queues, at least SCRAPE_INTERVAL_MS apart.
    for (let i = 1; i < requests.length; i++) {
      expect((requests[i]?.at ?? 0) - (requests[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(INTERVAL_MS);
    }
  }, 60_000);
});
