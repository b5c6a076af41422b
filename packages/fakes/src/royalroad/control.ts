// The `/__fake/…` endpoints, so browser tests running the app in another process can steer the fake.
// They are not Royal Road pages: they are never recorded and rules never apply to them.
import type { IncomingMessage } from 'node:http';
import type { FictionStatus } from './model.ts';
import type { FakeResponse } from './routes.ts';
import { RuleError, ruleFromJson } from './rules.ts';
import type { FakeRoyalRoad } from './server.ts';
import { FICTION_STATUSES, isStatKey } from './site.ts';

export const CONTROL_PREFIX = '/__fake/';
const MAX_BODY = 1_000_000;

class ControlError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

function json(status: number, value: unknown): FakeResponse {
  return {
    status,
    body: JSON.stringify(value),
    headers: { 'content-type': 'application/json; charset=utf-8' },
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new ControlError(413, 'body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return JSON.parse(text || 'null');
  } catch {
    throw new ControlError(400, 'body is not JSON');
  }
}

function asObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ControlError(400, 'body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

function setStats(fake: FakeRoyalRoad, body: Record<string, unknown>): FakeResponse {
  const { id, ...stats } = body;
  if (typeof id !== 'number') throw new ControlError(400, 'id must be a number');
  if (!fake.site.fiction(id)) throw new ControlError(404, `no fiction ${id}`);
  for (const key of Object.keys(stats))
    if (!isStatKey(key)) throw new ControlError(400, `unknown statistic "${key}"`);
  return json(200, fake.site.setStats(id, stats).stats);
}

function setRisingStars(fake: FakeRoyalRoad, body: Record<string, unknown>): FakeResponse {
  const { genre, ids } = body;
  if (typeof genre !== 'string' || genre === '') throw new ControlError(400, 'genre must be a slug');
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'number')) {
    throw new ControlError(400, 'ids must be an array of fiction ids');
  }
  fake.site.setRisingStars(genre, ids);
  return json(200, { genre, ids });
}

const optionalString = (value: unknown, name: string) => {
  if (value !== undefined && typeof value !== 'string') throw new ControlError(400, `${name} must be text`);
  return value;
};
const optionalStrings = (value: unknown, name: string) => {
  if (value !== undefined && !(Array.isArray(value) && value.every((item) => typeof item === 'string')))
    throw new ControlError(400, `${name} must be an array of texts`);
  return value as string[] | undefined;
};

/** Changes what a fiction's page says: `{ id, title?, description?, tags?, status?, coverUrl? }`. */
function setPage(fake: FakeRoyalRoad, body: Record<string, unknown>): FakeResponse {
  const { id, title, description, tags, status, coverUrl } = body;
  if (typeof id !== 'number') throw new ControlError(400, 'id must be a number');
  if (!fake.site.fiction(id)) throw new ControlError(404, `no fiction ${id}`);
  if (status !== undefined && !FICTION_STATUSES.includes(status as FictionStatus))
    throw new ControlError(400, `status must be one of ${FICTION_STATUSES.join(', ')}`);
  if (coverUrl !== undefined && coverUrl !== null && typeof coverUrl !== 'string')
    throw new ControlError(400, 'coverUrl must be an address or null');
  const fiction = fake.site.setPage(id, {
    title: optionalString(title, 'title'),
    description: optionalStrings(description, 'description'),
    tags: optionalStrings(tags, 'tags'),
    status: status as FictionStatus | undefined,
    coverUrl: coverUrl as string | null | undefined,
  });
  return json(200, {
    id,
    title: fiction.title,
    status: fiction.status,
    tags: fiction.tags,
    coverUrl: fiction.coverUrl,
  });
}

/** Changes an author's profile bio, as the author would: `{ id, bio }` (the author's profile id). */
function setBio(fake: FakeRoyalRoad, body: Record<string, unknown>): FakeResponse {
  const { id, bio } = body;
  if (typeof id !== 'number') throw new ControlError(400, 'id must be a number');
  if (!fake.site.author(id)) throw new ControlError(404, `no author ${id}`);
  if (typeof bio !== 'string') throw new ControlError(400, 'bio must be text');
  const author = fake.site.setBio(id, bio);
  return json(200, { id, bio: author.bio });
}

/** Releases a chapter: `{ id, title, publishedAt? }`. */
function addChapter(fake: FakeRoyalRoad, body: Record<string, unknown>): FakeResponse {
  const { id, title, publishedAt } = body;
  if (typeof id !== 'number') throw new ControlError(400, 'id must be a number');
  if (!fake.site.fiction(id)) throw new ControlError(404, `no fiction ${id}`);
  if (typeof title !== 'string' || !title.trim()) throw new ControlError(400, 'title must be text');
  if (publishedAt !== undefined && (typeof publishedAt !== 'string' || Number.isNaN(Date.parse(publishedAt))))
    throw new ControlError(400, 'publishedAt must be a time');
  return json(201, fake.site.addChapter(id, title, publishedAt as string | undefined));
}

/** Adds `count` generated fictions (for tests that need long lists) and answers their ids. */
function addFictions(fake: FakeRoyalRoad, body: Record<string, unknown>): FakeResponse {
  const { count } = body;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 5000) {
    throw new ControlError(400, 'count must be a whole number from 1 to 5000');
  }
  const ids = Array.from({ length: count }, () => fake.site.addFiction().id);
  return json(201, { ids });
}

async function dispatch(fake: FakeRoyalRoad, method: string, path: string, request: IncomingMessage) {
  const route = `${method} ${path}`;
  if (route === 'GET /__fake/requests') return json(200, fake.requests);
  if (route === 'POST /__fake/reset') {
    fake.reset();
    return json(200, { ok: true });
  }
  if (route === 'POST /__fake/rules') {
    fake.behave(ruleFromJson(await readJson(request)));
    return json(201, { ok: true });
  }
  if (route === 'POST /__fake/site/fictions') return addFictions(fake, asObject(await readJson(request)));
  if (route === 'POST /__fake/site/stats') return setStats(fake, asObject(await readJson(request)));
  if (route === 'POST /__fake/site/page') return setPage(fake, asObject(await readJson(request)));
  if (route === 'POST /__fake/site/profile') return setBio(fake, asObject(await readJson(request)));
  if (route === 'POST /__fake/site/chapters') return addChapter(fake, asObject(await readJson(request)));
  if (route === 'POST /__fake/site/rising-stars')
    return setRisingStars(fake, asObject(await readJson(request)));
  throw new ControlError(404, `no control endpoint ${route}`);
}

export async function handleControl(
  fake: FakeRoyalRoad,
  method: string,
  path: string,
  request: IncomingMessage,
): Promise<FakeResponse> {
  try {
    return await dispatch(fake, method, path, request);
  } catch (error) {
    if (error instanceof ControlError) return json(error.status, { error: error.message });
    // Site methods throw plain Errors for bad input (unknown id, duplicate ids): the caller's mistake.
    if (error instanceof RuleError || error instanceof Error) return json(400, { error: error.message });
    throw error;
  }
}
