import type { FictionEvent } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/test-app.ts';
import { alertsTestbed, withAt, without } from '../notifications/alerts.test-helpers.ts';

// What changed on a fiction, detected by comparing each capture and page read with the one before; the
// author's side is played through the fake Royal Road's control endpoints.

const bed = alertsTestbed();
const { fake, t, state, capture, scrape } = bed;

const control = async (path: string, body: unknown) => {
  const response = await fetch(`${fake.url}/__fake/site/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response.json();
};

/** A fiction's events; the fake's chapters are dated by its own clock, so a long wait may be told as well. */
const events = async (royalroadId: number, options: { gaps?: boolean } = {}) => {
  const response = await call<{ data: { events: FictionEvent[] } }>(t.app, {
    method: 'GET',
    url: `/api/fictions/${royalroadId}/events`,
  });
  expect(response.status).toBe(200);
  return response.body.data.events.filter((event) => options.gaps || event.kind !== 'release_gap');
};

describe('GET /api/fictions/:royalroadId/events', () => {
  it('tells a new title, tags, status and chapter after the page that shows them, once each', async () => {
    const id = state.watched;
    await scrape(id);
    await scrape(id);
    expect(await events(id)).toEqual([]);

    const page = fake.site.fiction(id);
    const before = { title: page?.title, tags: (page?.tags ?? []).map((tag) => tag.label) };
    await control('page', {
      id,
      title: 'A Title Given Since',
      tags: ['Fantasy', 'LitRPG'],
      status: 'HIATUS',
      description: ['A new blurb, written for the relaunch.'],
      coverUrl: 'https://www.royalroadcdn.com/public/covers-large/new-cover.jpg?time=1790000000',
    });
    await control('chapters', {
      id,
      title: 'Chapter 99: The Return',
      publishedAt: new Date(t.clock.now.getTime() + 30 * 60_000).toISOString(),
    });
    await scrape(id);
    const seen = await events(id);
    const byKind = new Map(seen.map((event) => [event.kind, event]));
    expect([...byKind.keys()].sort()).toEqual([
      'chapter_released',
      'cover_changed',
      'description_changed',
      'status_changed',
      'tags_changed',
      'title_changed',
    ]);
    expect(byKind.get('title_changed')?.details).toEqual({ from: before.title, to: 'A Title Given Since' });
    expect(byKind.get('status_changed')?.details).toEqual({ from: 'ONGOING', to: 'HIATUS' });
    const oldTags = before.tags;
    expect(byKind.get('tags_changed')?.details).toEqual({
      added: ['Fantasy', 'LitRPG'].filter((tag) => !oldTags.includes(tag)),
      removed: oldTags.filter((tag) => !['Fantasy', 'LitRPG'].includes(tag)),
    });
    expect(byKind.get('chapter_released')?.details).toMatchObject({
      chapter_title: 'Chapter 99: The Return',
    });
    for (const event of seen) {
      expect(event.source).toBe('detected');
      // Its effect on the followers, or why it cannot be told (here: no week of snapshots around it).
      expect(event.effect).toEqual({ reason: expect.any(String) });
      expect(event.at).toBe(t.clock.now.toISOString());
    }

    // Read again with nothing changed: nothing new.
    const all = await events(id, { gaps: true });
    await scrape(id);
    expect(await events(id, { gaps: true })).toHaveLength(all.length);
  });

  it('tells entries, the top 10 and exits of Rising Stars lists with their place, oldest first', async () => {
    const id = state.watched;
    await capture(without(state.main, id));
    await capture(withAt(state.main, id, 5));
    await capture(without(state.main, id));
    const seen = await events(id);
    expect(seen.map((event) => [event.kind, event.details])).toEqual([
      ['rs_entered', { genre: 'main', position: 5 }],
      ['main_top10', { genre: 'main', position: 5 }],
      ['rs_left', { genre: 'main', last_position: 5 }],
    ]);
    expect(Date.parse(seen[1]?.at ?? '')).toBeLessThan(Date.parse(seen[2]?.at ?? ''));
  });

  it('answers 404 for a fiction not tracked here', async () => {
    const response = await call(t.app, { method: 'GET', url: '/api/fictions/99999999/events' });
    expect(response.status).toBe(404);
  });
});
