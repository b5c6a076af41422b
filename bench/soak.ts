// A soak: `connections` fresh readers at once for `seconds`, each looping over public reads (Rising Stars
// main, the landing lists, a fiction's page), reads of its own list and writes to it (adding fictions,
// recording progress, changing the reading status, toggling the favorite mark). It passes when no request
// failed (no 5xx, no network error, no refusal) and each reader's list ends as its acknowledged writes
// left it: every acknowledged add there with the last acknowledged progress, status and favorite mark,
// and nothing that was refused or never asked for.
import { type Fiction, READING_STATUSES, type ReadingStatus, type UserFiction } from '@rrc/contract';

export interface SoakResult {
  seconds: number;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers of 500 and above, and requests without an answer (network errors, timeouts). */
  serverErrors: number;
  /** 4xx answers: every request of the mix is valid, so none is expected. */
  refusals: number;
  /** The first failed requests, described. */
  failures: string[];
  writesAcknowledged: number;
  /** Acknowledged writes the final lists do not show. */
  writesLost: number;
  mismatches: string[];
  passed: boolean;
}

const PASSWORD = 'Soaking4ever';
/** Fictions the readers add from: more than any one reader adds in a soak. */
const WALK_LENGTH = 1_000;
/** Chapters a reader's recorded progress stays behind the fiction's last chapter. */
const CHAPTERS_AHEAD = 100;
const REQUEST_TIMEOUT_MS = 30_000;
/** Failed requests and mismatches shown. */
const SHOWN = 10;

interface Tally {
  latencies: number[];
  serverErrors: number;
  refusals: number;
  failures: string[];
}

/** What a write asked for, by the server's answer: done (2xx), refused (4xx) or unknown (no answer, 5xx). */
type Outcome = 'done' | 'refused' | 'unknown';
const outcomeOf = (status: number): Outcome =>
  status >= 200 && status < 300 ? 'done' : status >= 400 && status < 500 ? 'refused' : 'unknown';

/** A value of a list entry: the last acknowledged one, and those written after it with no answer. */
interface Expected<T> {
  value: T;
  unsure: T[];
}

function settle<T>(expected: Expected<T>, written: T, outcome: Outcome) {
  if (outcome === 'done') {
    expected.value = written;
    expected.unsure = [];
  }
  if (outcome === 'unknown') expected.unsure.push(written);
}

const holds = <T>(expected: Expected<T>, actual: T) =>
  actual === expected.value || expected.unsure.includes(actual);

/** An entry a reader added (acknowledged), with what its writes should have left. */
interface Entry {
  id: number;
  fictionId: number;
  /** `current_chapter/total_chapters` */
  progress: Expected<string>;
  status: Expected<ReadingStatus>;
  favorite: Expected<boolean>;
  /** Writes to this entry so far: each progress write records the next chapter. */
  writes: number;
}

interface Reader {
  index: number;
  token: string;
  /** Acknowledged adds in order, written to round-robin. */
  entries: Entry[];
  refusedAdds: Set<number>;
  unsureAdds: Set<number>;
  /** Adds so far: the next fiction of this reader's walk. */
  adds: number;
  /** Writes to entries so far: which entry is written next. */
  writes: number;
}

/** One request, timed and counted; its envelope's data when it succeeded, and its status (0: no answer). */
async function call<T>(
  base: string,
  tally: Tally,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; data?: T }> {
  const started = performance.now();
  let status = 0;
  let text: string;
  try {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const { message, cause } = error as Error;
    text = cause instanceof Error ? `${message}: ${cause.message}` : message;
  }
  tally.latencies.push(performance.now() - started);
  if (status >= 200 && status < 300) return { status, data: (JSON.parse(text) as { data: T }).data };
  if (outcomeOf(status) === 'refused') tally.refusals++;
  else tally.serverErrors++;
  if (tally.failures.length < SHOWN)
    tally.failures.push(`${method} ${url}: ${status || 'no answer'} ${text.slice(0, 200)}`);
  return { status };
}

/** The data of a request before or after the load, which must succeed. */
async function required<T>(answer: Promise<{ status: number; data?: T }>, what: string): Promise<T> {
  const { status, data } = await answer;
  if (data === undefined) throw new Error(`the soak could not ${what} (${status || 'no answer'})`);
  return data;
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

export async function runSoak(options: {
  base: string;
  seconds?: number;
  connections?: number;
}): Promise<SoakResult> {
  const seconds = options.seconds ?? 60;
  const connections = options.connections ?? 100;
  const { base } = options;
  // Requests before and after the load are not measured.
  const unmeasured: Tally = { latencies: [], serverErrors: 0, refusals: 0, failures: [] };

  // Fictions to add (the most followed first) and to read.
  const fictions: Fiction[] = [];
  for (let page = 1; fictions.length < WALK_LENGTH; page++) {
    const data = await required(
      call<{ fictions: Fiction[]; pagination: { totalPages: number } }>(
        base,
        unmeasured,
        'GET',
        `/api/fictions?page=${page}&limit=100`,
      ),
      'list the fictions',
    );
    fictions.push(...data.fictions);
    if (page >= data.pagination.totalPages) break;
  }
  if (fictions.length === 0) throw new Error('the soak found no fictions: run seed-demo first');

  const readers: Reader[] = await Promise.all(
    Array.from({ length: connections }, async (_, index) => {
      const session = await required(
        call<{ token: string }>(base, unmeasured, 'POST', '/api/auth/register', {
          body: { email: `soak-${process.pid}-${index}@bench.rrcompanion.test`, password: PASSWORD },
        }),
        'register a reader',
      );
      return {
        index,
        token: session.token,
        entries: [],
        refusedAdds: new Set<number>(),
        unsureAdds: new Set<number>(),
        adds: 0,
        writes: 0,
      };
    }),
  );

  const tally: Tally = { latencies: [], serverErrors: 0, refusals: 0, failures: [] };
  let writesAcknowledged = 0;
  let writesLost = 0;
  const mismatches: string[] = [];
  const request = <T>(method: string, url: string, reader?: Reader, body?: unknown) =>
    call<T>(base, tally, method, url, { token: reader?.token, body });

  // Each reader walks all the fictions from its own starting point, so every add is new to its list;
  // a reader that added them all adds no more.
  const stride = Math.max(1, Math.floor(fictions.length / connections));
  async function add(reader: Reader) {
    if (reader.adds >= fictions.length) return;
    const fictionId = (fictions[(reader.index * stride + reader.adds++) % fictions.length] as Fiction).id;
    const { status, data } = await request<UserFiction>('POST', '/api/userFictions', reader, {
      fiction_id: fictionId,
    });
    const outcome = outcomeOf(status);
    if (outcome === 'refused') reader.refusedAdds.add(fictionId);
    if (outcome === 'unknown') reader.unsureAdds.add(fictionId);
    if (!data) return;
    writesAcknowledged++;
    const expect = <T>(value: T): Expected<T> => ({ value, unsure: [] });
    reader.entries.push({
      id: data.id,
      fictionId,
      progress: expect(`${data.current_chapter}/${data.total_chapters}`),
      status: expect(data.status),
      favorite: expect(data.is_favorite),
      writes: 0,
    });
  }

  /** A write to the reader's entries in turn, each entry's writes one after another. */
  async function write(reader: Reader, change: (entry: Entry) => Promise<Outcome>) {
    const entry = reader.entries[reader.writes++ % reader.entries.length];
    if (!entry) return;
    entry.writes++;
    if ((await change(entry)) === 'done') writesAcknowledged++;
  }

  const setProgress = (reader: Reader) =>
    write(reader, async (entry) => {
      const currentChapter = entry.writes;
      const totalChapters = currentChapter + CHAPTERS_AHEAD;
      const { status } = await request('PUT', `/api/userFictions/${entry.id}/progress`, reader, {
        currentChapter,
        totalChapters,
      });
      settle(entry.progress, `${currentChapter}/${totalChapters}`, outcomeOf(status));
      return outcomeOf(status);
    });

  const setStatus = (reader: Reader) =>
    write(reader, async (entry) => {
      const next = READING_STATUSES[entry.writes % READING_STATUSES.length] as ReadingStatus;
      const { status } = await request('PUT', `/api/userFictions/${entry.id}`, reader, { status: next });
      settle(entry.status, next, outcomeOf(status));
      return outcomeOf(status);
    });

  const toggleFavorite = (reader: Reader) =>
    write(reader, async (entry) => {
      const { status, data } = await request<UserFiction>(
        'POST',
        `/api/userFictions/${entry.fictionId}/favorite`,
        reader,
      );
      const { favorite } = entry;
      // With every earlier toggle answered, this one flips the last answered mark.
      if (data && favorite.unsure.length === 0 && data.is_favorite === favorite.value) {
        writesLost++;
        mismatches.push(
          `reader ${reader.index}, fiction ${entry.fictionId}: a toggle answered is_favorite ${data.is_favorite}, unchanged`,
        );
      }
      settle(favorite, data ? data.is_favorite : !favorite.value, outcomeOf(status));
      return outcomeOf(status);
    });

  const mix: Array<(reader: Reader, step: number) => Promise<unknown>> = [
    () => request('GET', '/api/rising-stars-main'),
    (reader) => add(reader),
    (_, step) =>
      request('GET', `/api/fictions/${(fictions[step % fictions.length] as Fiction).royalroad_id}`),
    (reader) => setProgress(reader),
    (reader) => request('GET', '/api/userFictions?limit=20', reader),
    () => request('GET', '/api/rising-stars/top?limit=5'),
    (reader) => setStatus(reader),
    () => request('GET', '/api/fictions/popular-by-users?limit=5'),
    (reader) => toggleFavorite(reader),
    (reader) => request('GET', '/api/userFictions/stats', reader),
  ];

  // Readers start at different places in the mix, so the endpoints are hit side by side.
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    readers.map(async (reader) => {
      for (let step = reader.index; performance.now() < deadline; step++)
        await (mix[step % mix.length] as (typeof mix)[number])(reader, step);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;

  for (const reader of readers) {
    const list = await required(
      call<UserFiction[]>(base, unmeasured, 'GET', '/api/userFictions/all', { token: reader.token }),
      "read a reader's list",
    );
    const byFiction = new Map(list.map((row) => [row.fiction_id, row]));
    const mismatch = (fictionId: number, what: string) =>
      mismatches.push(`reader ${reader.index}, fiction ${fictionId}: ${what}`);
    for (const entry of reader.entries) {
      const row = byFiction.get(entry.fictionId);
      if (!row) {
        writesLost++;
        mismatch(entry.fictionId, 'acknowledged add, not in the list');
        continue;
      }
      byFiction.delete(entry.fictionId);
      const checks: Array<[string, Expected<unknown>, unknown]> = [
        ['progress', entry.progress, `${row.current_chapter}/${row.total_chapters}`],
        ['status', entry.status, row.status],
        ['is_favorite', entry.favorite, row.is_favorite],
      ];
      for (const [field, expected, actual] of checks) {
        if (holds(expected, actual)) continue;
        writesLost++;
        mismatch(entry.fictionId, `${field} is ${actual}, last acknowledged ${expected.value}`);
      }
    }
    // What is left of the list was never acknowledged: only an add left without an answer may be there.
    for (const fictionId of byFiction.keys()) {
      if (reader.unsureAdds.has(fictionId)) continue;
      mismatch(
        fictionId,
        reader.refusedAdds.has(fictionId) ? 'refused add, in the list' : 'never added, in the list',
      );
    }
  }

  const sorted = tally.latencies.toSorted((a, b) => a - b);
  return {
    seconds,
    connections,
    requests: sorted.length,
    rps: sorted.length / elapsed,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    serverErrors: tally.serverErrors,
    refusals: tally.refusals,
    failures: tally.failures,
    writesAcknowledged,
    writesLost,
    mismatches,
    passed:
      tally.serverErrors === 0 &&
      tally.refusals === 0 &&
      writesAcknowledged > 0 &&
      writesLost === 0 &&
      mismatches.length === 0,
  };
}

export function printSoak(result: SoakResult, label: string) {
  console.log(
    `Soak on ${label}: ${result.seconds} s at ${result.connections} connections, mixed reads and writes — ` +
      `${result.requests} requests (${result.rps.toFixed(0)}/s), p50 ${result.p50.toFixed(1)} ms, ` +
      `p99 ${result.p99.toFixed(1)} ms; ${result.serverErrors} 5xx or unanswered, ${result.refusals} 4xx; ` +
      `${result.writesAcknowledged} writes acknowledged, ${result.writesLost} lost: ${result.passed ? 'PASS' : 'MISS'}`,
  );
  const failed = result.serverErrors + result.refusals;
  for (const failure of result.failures) console.log(`  failed: ${failure}`);
  if (failed > result.failures.length) console.log(`  … and ${failed - result.failures.length} more failed`);
  for (const mismatch of result.mismatches.slice(0, SHOWN)) console.log(`  mismatch: ${mismatch}`);
  if (result.mismatches.length > SHOWN)
    console.log(`  … and ${result.mismatches.length - SHOWN} more mismatches`);
}
