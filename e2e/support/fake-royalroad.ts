import type { APIRequestContext } from '@playwright/test';
import { FAKE_ROYALROAD_URL } from '../playwright.config.ts';

/** Adds generated fictions to the fake Royal Road and returns their ids (each test gets its own). */
export async function newFakeFictions(request: APIRequestContext, count: number): Promise<number[]> {
  const response = await request.post(`${FAKE_ROYALROAD_URL}/__fake/site/fictions`, { data: { count } });
  if (!response.ok()) throw new Error(`fake Royal Road refused: ${await response.text()}`);
  return ((await response.json()) as { ids: number[] }).ids;
}

export function fictionUrl(id: number): string {
  return `https://www.royalroad.com/fiction/${id}`;
}
