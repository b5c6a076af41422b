// A stand-in for www.royalroad.com on localhost (node:http only): serves the fake site's pages, records every
// request, and misbehaves on demand through rules. Point ROYALROAD_BASE_URL at `url` to scrape it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { CONTROL_PREFIX, handleControl } from './control.ts';
import { type FakeResponse, routeSite, ruleResponse } from './routes.ts';
import { type FakeRule, RuleBook } from './rules.ts';
import { FakeSite } from './site.ts';

export { ALERT_PAGE, CLOUDFLARE_PAGE, NOT_FOUND_PAGE } from './render.ts';
export type { FakeRule } from './rules.ts';
export { FakeSite } from './site.ts';

export interface RecordedRequest {
  method: string;
  /** pathname + search, as requested. */
  path: string;
  /** `Date.now()` when the request arrived. */
  at: number;
  userAgent: string | undefined;
}

export interface FakeRoyalRoad {
  /** `http://127.0.0.1:{port}`, without a trailing slash. */
  url: string;
  site: FakeSite;
  /** Every site request in arrival order (control requests excluded). Emptied in place by `reset()`. */
  requests: RecordedRequest[];
  behave(rule: FakeRule): void;
  /** Forgets rules and recorded requests, and puts the site back to its generated content. */
  reset(): void;
  close(): Promise<void>;
}

export interface FakeRoyalRoadOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  site?: FakeSite;
}

function send(response: ServerResponse, method: string, answer: FakeResponse): void {
  const body = typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : answer.body;
  response.writeHead(answer.status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': String(body.length),
    ...answer.headers,
  });
  response.end(method === 'HEAD' ? undefined : body);
}

export async function startFakeRoyalRoad(options: FakeRoyalRoadOptions = {}): Promise<FakeRoyalRoad> {
  const site = options.site ?? new FakeSite();
  const rules = new RuleBook();
  const requests: RecordedRequest[] = [];
  // Aborted on close, so delayed answers do not keep the process (or a test run) alive.
  const closing = new AbortController();

  const serve = async (request: IncomingMessage): Promise<FakeResponse> => {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    const target = url.pathname + url.search;
    if (url.pathname.startsWith(CONTROL_PREFIX)) return handleControl(fake, method, url.pathname, request);
    requests.push({ method, path: target, at: Date.now(), userAgent: request.headers['user-agent'] });
    const rule = rules.take(target);
    if (rule?.delayMs) await sleep(rule.delayMs, undefined, { signal: closing.signal });
    const forced = rule && ruleResponse(rule);
    if (forced) return forced;
    if (method !== 'GET' && method !== 'HEAD')
      return { status: 405, body: '', headers: { allow: 'GET, HEAD' } };
    return routeSite(site, url);
  };

  const fake: FakeRoyalRoad = {
    url: '', // known once listening
    site,
    requests,
    behave: (rule) => rules.add(rule),
    reset: () => {
      rules.clear();
      requests.length = 0;
      site.reset();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };

  const server = createServer((request, response) => {
    serve(request).then(
      (answer) => send(response, request.method ?? 'GET', answer),
      (error: unknown) => {
        if (closing.signal.aborted) return void response.destroy();
        send(response, 'GET', { status: 500, body: `fake Royal Road failed: ${String(error)}` });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
