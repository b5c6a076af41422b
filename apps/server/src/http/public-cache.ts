import { createHash } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  onSendHookHandler,
} from 'fastify';
import { type ChangeBus, WRITE_ANSWERED_TOPIC } from '../db/change-bus.ts';
import { type EncodedAnswer, encodedBody, sendEncoded } from './encoded-answer.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Seconds a public answer may be cached by browsers and proxies; adds an ETag and answers 304s. */
    publicCache?: number;
  }
}

/**
 * How long this process reuses a public answer as sent (body and ETag) before asking the route again. Routes
 * keep their data per Rising Stars capture already; this skips the query, the serialization and the hash for
 * the many identical requests of a busy minute. A change through any instance makes every instance forget
 * its answers before the change is answered (the change bus, topic `public`); the changes scrapes write
 * reach the routes through their own versions (a capture, a fiction's last change) within this time.
 */
export const PUBLIC_ANSWER_TTL_MS = 2_000;
const MAX_ANSWERS = 1_000;
/** Bytes of answers kept at most, whatever their number. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;
/** How long a request waits for another one producing the same answer before producing it itself. */
const WAIT_FOR_PRODUCER_MS = 5_000;

interface Answer extends EncodedAnswer {
  etag: string;
  contentType: string;
  /** The Last-Modified header the route sent with it (feeds do), if any. */
  lastModified?: string;
  storedAt: number;
}

/** The Cache-Control header of each max-age in use, made once. */
const cacheControls = new Map<number, string>();
function headers(reply: FastifyReply, etag: string, maxAge: number) {
  let cacheControl = cacheControls.get(maxAge);
  if (!cacheControl) {
    cacheControl = `public, max-age=${maxAge}, stale-while-revalidate=${maxAge * 5}`;
    cacheControls.set(maxAge, cacheControl);
  }
  reply.header('etag', etag);
  reply.header('cache-control', cacheControl);
}

/** Whether the request's If-None-Match names `etag`. */
export function matchesEtag(request: FastifyRequest, etag: string) {
  const match = request.headers['if-none-match'];
  return Boolean(match?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));
}

/**
 * Whether the browser's copy is still good: its If-None-Match names `etag`, or, when it sends none, its
 * If-Modified-Since is not before `lastModified` (RFC 9110, 13.1.3).
 */
function notModified(request: FastifyRequest, etag: string, lastModified?: string) {
  if (request.headers['if-none-match'] !== undefined) return matchesEtag(request, etag);
  const since = request.headers['if-modified-since'];
  return Boolean(since && lastModified && Date.parse(since) >= Date.parse(lastModified));
}

/** The topic of the change bus that makes every instance forget its public answers. */
export const PUBLIC_ANSWERS_TOPIC = 'public';

/**
 * Public read endpoints send Cache-Control and a strong ETag computed from the body; a request whose
 * If-None-Match matches gets 304 without the body. Answers are reused for PUBLIC_ANSWER_TTL_MS, and by no
 * instance once a change went through any (`changes`; without it, through this process), nor while the
 * change bus cannot hear the other instances.
 */
export function registerPublicCaching(
  app: FastifyInstance,
  options: { now?: () => number; changes?: ChangeBus } = {},
) {
  const now = options.now ?? Date.now;
  const { changes } = options;
  const answers = new Map<string, Answer>();
  let heldBytes = 0;
  // Raised whenever the answers are forgotten: an answer the route made from what it read before is not kept.
  let generation = 0;
  const startedIn = new WeakMap<FastifyRequest, number>();
  const forgetAll = () => {
    generation += 1;
    answers.clear();
    heldBytes = 0;
  };
  changes?.subscribe(PUBLIC_ANSWERS_TOPIC, forgetAll);
  const trusted = () => changes?.coherent ?? true;
  const forget = (url: string) => {
    const answer = answers.get(url);
    if (!answer) return;
    answers.delete(url);
    heldBytes -= answer.body.length;
  };
  // An answer past its time stays until the route has answered again: when the new answer is the same
  // (its ETag), its compressed forms are kept rather than made again, which for a large answer costs more
  // than making the answer itself.
  const fresh = (url: string) => {
    if (!trusted()) return undefined;
    const answer = answers.get(url);
    return answer && now() - answer.storedAt <= PUBLIC_ANSWER_TTL_MS ? answer : undefined;
  };
  const served = new WeakSet<FastifyRequest>();
  // The request producing an answer, by address: requests for the same address meanwhile wait for it
  // rather than all running the route at once when an answer expires under load.
  const producing = new Map<string, { request: FastifyRequest; made: Promise<void>; finish: () => void }>();
  const produce = (request: FastifyRequest) => {
    if (producing.has(request.url)) return;
    let finish = () => {};
    const made = new Promise<void>((resolve) => {
      finish = resolve;
    });
    producing.set(request.url, { request, made, finish });
  };
  const produced = (request: FastifyRequest) => {
    const producer = producing.get(request.url);
    if (producer?.request !== request) return;
    producing.delete(request.url);
    producer.finish();
  };
  const sendKept = (request: FastifyRequest, reply: FastifyReply, answer: Answer, maxAge: number) => {
    served.add(request);
    headers(reply, answer.etag, maxAge);
    if (answer.lastModified) reply.header('last-modified', answer.lastModified);
    if (notModified(request, answer.etag, answer.lastModified)) return reply.code(304).send();
    return sendEncoded(request, reply.type(answer.contentType), answer);
  };

  // A kept answer is sent from here, before anything else runs for the request (once every change committed
  // before the request has been heard, when other instances make changes too).
  const onRequest: onRequestHookHandler = (request, reply, done) => {
    const maxAge = request.routeOptions.config?.publicCache;
    if (maxAge === undefined || request.method !== 'GET') return done();
    if (changes?.shared) void changes.caughtUp().then(() => answerKept(request, reply, done, maxAge));
    else answerKept(request, reply, done, maxAge);
  };
  const answerKept = (
    request: FastifyRequest,
    reply: FastifyReply,
    done: Parameters<onRequestHookHandler>[2],
    maxAge: number,
  ) => {
    startedIn.set(request, generation);
    const answer = fresh(request.url);
    if (answer) return void sendKept(request, reply, answer, maxAge);
    const producer = producing.get(request.url);
    if (!producer) {
      produce(request);
      return done();
    }
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, WAIT_FOR_PRODUCER_MS);
    });
    void Promise.race([producer.made, waited]).then(() => {
      clearTimeout(timer);
      const made = fresh(request.url);
      if (made) return void sendKept(request, reply, made, maxAge);
      startedIn.set(request, generation);
      produce(request);
      done();
    });
  };

  const onSend: onSendHookHandler = (request, reply, payload, done) => {
    const maxAge = request.routeOptions.config?.publicCache;
    if (
      served.has(request) ||
      maxAge === undefined ||
      request.method !== 'GET' ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string'
    ) {
      return done(null, payload);
    }
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    headers(reply, etag, maxAge);
    const lastModified = reply.getHeader('last-modified');
    const previous = answers.get(request.url);
    forget(request.url);
    const body = Buffer.from(payload);
    const answer: Answer = {
      body,
      etag,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      ...(typeof lastModified === 'string' ? { lastModified } : {}),
      storedAt: now(),
      ...(previous?.etag === etag ? { br: previous.br, gzip: previous.gzip } : {}),
    };
    if (body.length <= MAX_ANSWER_BYTES && trusted() && startedIn.get(request) === generation) {
      while (answers.size >= MAX_ANSWERS || heldBytes + body.length > MAX_ANSWER_BYTES) {
        const oldest = answers.keys().next().value;
        if (oldest === undefined) break;
        forget(oldest);
      }
      answers.set(request.url, answer);
      heldBytes += body.length;
    }
    if (notModified(request, etag, answer.lastModified)) {
      reply.code(304);
      reply.removeHeader('content-length');
      return done(null, '');
    }
    // Compressed as every later copy is: most visitors are the first to ask for an answer in its time.
    done(null, encodedBody(request, reply, answer));
  };

  // Only the routes with a public cache run these hooks.
  app.addHook('onRoute', (route) => {
    if (route.config?.publicCache === undefined) return;
    const list = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : ([hooks].flat() as T[]));
    route.onRequest = [...list(route.onRequest), onRequest];
    route.onSend = [...list(route.onSend), onSend];
    route.onResponse = [
      ...list(route.onResponse),
      (request, _reply, done) => {
        produced(request);
        done();
      },
    ];
    route.onRequestAbort = [
      ...list(route.onRequestAbort),
      (request, done) => {
        produced(request);
        done();
      },
    ];
  });

  // A change made through any instance (a refresh, a payment, a list change) is visible on every instance's
  // next request: the notice is committed before the change is answered, and each instance hears every notice
  // committed before a request before it answers from memory (`caughtUp`).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      if (changes) {
        // The accounts this process keeps are forgotten here and now as well: the database's notice of an
        // account this request changed (a verified address, a new password) may come a moment after the
        // answer, and the reader's next request must not meet the account as it was.
        changes.tellHere(WRITE_ANSWERED_TOPIC);
        await changes.publish(PUBLIC_ANSWERS_TOPIC);
      } else forgetAll();
    }
    return payload;
  });
}
