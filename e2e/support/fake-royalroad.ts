import type { APIRequestContext } from '@playwright/test';
import { FAKE_ROYALROAD_URL } from '../playwright.config.ts';
import { createAccount } from './accounts.ts';

/** Adds generated fictions to the fake Royal Road and returns their ids (each test gets its own). */
export async function newFakeFictions(request: APIRequestContext, count: number): Promise<number[]> {
  const response = await request.post(`${FAKE_ROYALROAD_URL}/__fake/site/fictions`, { data: { count } });
  if (!response.ok()) throw new Error(`fake Royal Road refused: ${await response.text()}`);
  return ((await response.json()) as { ids: number[] }).ids;
}

export function fictionUrl(id: number): string {
  return `https://www.royalroad.com/fiction/${id}`;
}

/**
 * A new fiction of the fake Royal Road that the app already knows: another reader added it (so it was
 * scraped), with `stats` (such as `{ followers: 1000 }`) on its page first when given. Returns its Royal Road id.
 */
export async function knownFakeFiction(
  request: APIRequestContext,
  stats: Record<string, number> = {},
): Promise<number> {
  const [royalroadId] = await newFakeFictions(request, 1);
  if (Object.keys(stats).length > 0) {
    const set = await request.post(`${FAKE_ROYALROAD_URL}/__fake/site/stats`, {
      data: { id: royalroadId, ...stats },
    });
    if (!set.ok()) throw new Error(`fake Royal Road refused the stats: ${await set.text()}`);
  }
  const other = await createAccount(request);
  const added = await request.post('/api/royalroad/add-fiction', {
    headers: { authorization: `Bearer ${other.token}` },
    data: { url: fictionUrl(royalroadId as number) },
  });
  if (added.status() !== 201)
    throw new Error(`adding the fiction failed: ${added.status()} ${await added.text()}`);
  return royalroadId as number;
}
