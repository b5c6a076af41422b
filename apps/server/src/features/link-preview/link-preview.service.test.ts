import { MESSAGES } from '@rrc/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import type { CardContent } from './card.ts';
import { CARD_DRAWING, CARD_RETRY_SECONDS, linkPreviewService } from './link-preview.service.ts';

const KNOWN = 100;
const VERSION = '2026-11-20T00:00:00.000Z';

function preview(royalroadId: number) {
  return {
    royalroad_id: royalroadId,
    title: `Fiction ${royalroadId}`,
    author_name: 'Quill',
    followers: 10,
    overall_score: 4.5,
    pages: 100,
    best_position: null,
    sparkline: [1, 2, 3],
    version: VERSION,
  };
}

/** The service with KNOWN fictions (ids 1 to KNOWN) and a renderer that draws only when told to. */
function setup() {
  const drawn: string[] = [];
  const pending: Array<() => void> = [];
  const previews: number[] = [];
  const service = linkPreviewService({
    analytics: {
      version: async (royalroadId) => (royalroadId >= 1 && royalroadId <= KNOWN ? VERSION : null),
      preview: async (royalroadId) => {
        previews.push(royalroadId);
        return royalroadId >= 1 && royalroadId <= KNOWN ? preview(royalroadId) : null;
      },
    },
    publicUrl: 'https://rrcompanion.example',
    render: (content: CardContent) =>
      new Promise<Buffer>((resolve) => {
        drawn.push(content.title);
        pending.push(() => resolve(Buffer.from(content.title)));
      }),
  });
  const card = (royalroadId: number) => service.card(royalroadId, () => false);
  /** Lets every drawing started so far finish, and the ones they make room for start. */
  const finishAll = async () => {
    for (await turn(); pending.length; await turn()) for (const finish of pending.splice(0)) finish();
  };
  return { card, drawn, previews, finishAll };
}

/** A few turns of the event loop: each drawing starts on a turn of its own. */
const turn = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('link preview cards under load', () => {
  it('draws two cards at once, lets eight wait, and refuses the rest with 503 and Retry-After', async () => {
    expect(CARD_DRAWING).toEqual({ concurrency: 2, maxWaiting: 8 });
    const { card, drawn, finishAll } = setup();
    const answers = Array.from({ length: 15 }, (_, index) =>
      card(index + 1).then(
        (value) => ({ ok: true as const, png: value.png?.toString() }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
    );
    await turn();
    expect(drawn).toEqual(['Fiction 1', 'Fiction 2']);

    await finishAll();
    const settled = await Promise.all(answers);
    expect(drawn).toHaveLength(10);
    expect(settled.slice(0, 10)).toEqual(
      Array.from({ length: 10 }, (_, index) => ({ ok: true, png: `Fiction ${index + 1}` })),
    );
    for (const refused of settled.slice(10)) {
      expect(refused.ok).toBe(false);
      const error = (refused as { error: AppError }).error;
      expect(error).toBeInstanceOf(AppError);
      expect(error.statusCode).toBe(503);
      expect(error.message).toBe(MESSAGES.cardsBusy);
      expect(error.retryAfterSeconds).toBe(CARD_RETRY_SECONDS);
    }

    // A card refused is drawn when asked again, and one drawn is kept.
    const again = card(11);
    await finishAll();
    expect((await again).png?.toString()).toBe('Fiction 11');
    expect((await card(1)).png?.toString()).toBe('Fiction 1');
    expect(drawn).toHaveLength(11);
  });

  it('draws a card asked for by many at once one time, taking one place in the queue', async () => {
    const { card, drawn, finishAll } = setup();
    const same = Array.from({ length: 30 }, () => card(7));
    // The queue still has room for other cards.
    const others = Array.from({ length: 9 }, (_, index) => card(index + 20));
    await finishAll();
    const answers = await Promise.all([...same, ...others]);
    expect(answers.every((answer) => answer.png)).toBe(true);
    expect(drawn.filter((title) => title === 'Fiction 7')).toHaveLength(1);
    expect(drawn).toHaveLength(10);
  });

  it('refuses an unknown fiction with 404 without reading or drawing it, even while the queue is full', async () => {
    const { card, drawn, previews, finishAll } = setup();
    const filling = Array.from({ length: 10 }, (_, index) => card(index + 1));
    await turn();
    await expect(card(KNOWN + 1)).rejects.toMatchObject({ statusCode: 404, message: 'Fiction not found' });
    expect(previews).not.toContain(KNOWN + 1);
    await finishAll();
    await Promise.all(filling);
    expect(drawn).not.toContain(`Fiction ${KNOWN + 1}`);
  });
});
