import { describe, expect, it } from 'vitest';
import { digestLines, discordText, type WebhookBody, webhookBody } from './delivery-messages.ts';
import type { EventRow } from './notifications.rows.ts';

const body = (title: string, text: string): WebhookBody => ({
  id: 'ntf_1',
  type: 'rs_entered' as never,
  occurred_at: '2026-11-21T12:00:00.000Z',
  text,
  url: 'https://rrc.example/fiction/1',
  fiction: { royalroad_id: 1, title, url: 'https://rrc.example/fiction/1' },
  data: {},
});

describe('the Discord message', () => {
  const title = '@everyone **Free** [gold](https://evil.example) <@123> `x` ||spoiler||';
  const sent = JSON.parse(webhookBody('discord', body(title, `${title} entered Rising Stars at #4`)));

  it('mentions nobody, whatever the title says', () => {
    expect(sent.allowed_mentions).toEqual({ parse: [] });
    const everything = JSON.stringify(sent);
    expect(everything).not.toContain('@everyone');
    expect(everything).not.toContain('<@123>');
  });

  it('shows the markdown of a title as typed, in the content, the embed and its link', () => {
    for (const text of [sent.content, sent.embeds[0].title, sent.embeds[0].description]) {
      expect(text).toContain('\\*\\*Free\\*\\*');
      expect(text).toContain('\\[gold\\]\\(https://evil.example\\)');
      expect(text).toContain('\\`x\\`');
      expect(text).toContain('\\|\\|spoiler\\|\\|');
      expect(text).toContain('\\<@\u200b123\\>');
    }
    expect(sent.embeds[0].fields[1].value).toBe(`[${discordText(title)}](https://rrc.example/fiction/1)`);
    expect(sent.content).toContain('\\#4');
  });

  it('leaves the JSON webhook as the event itself', () => {
    const json = JSON.parse(webhookBody('json', body(title, 'text')));
    expect(json.fiction.title).toBe(title);
    expect(json.allowed_mentions).toBeUndefined();
  });
});

describe('the digest', () => {
  const event = (id: number, fictionId: number, kind: string, data: Record<string, unknown>): EventRow => ({
    id,
    fiction_id: fictionId,
    royalroad_id: 1000 + fictionId,
    title: `Fiction ${fictionId}`,
    kind,
    data,
    occurred_at: '2026-11-21T12:00:00.000Z',
  });
  const events = [
    event(1, 1, 'rs_entered', { genre: 'main', position: 40 }),
    event(2, 1, 'title_changed', { from: 'Old', to: 'Fiction 1' }),
    event(3, 2, 'status_changed', { from: 'ONGOING', to: 'HIATUS' }),
    event(4, 2, 'release_gap', { days: 9.5, usual_days: 2 }),
  ];

  it("tells a favorite's moves, and a page's changes only to a watch that asks for them, in words", () => {
    const lines = digestLines(
      'https://rrc.example',
      events,
      [{ fictionId: 1, favorite: true }],
      [{ fictionId: 2, events: ['page_changed'] }],
    );
    expect(lines.moves).toEqual([
      'Fiction 1 entered the main Rising Stars list at #40: https://rrc.example/fiction/1001',
      'Fiction 2: Now on hiatus (was ongoing): https://rrc.example/fiction/1002',
    ]);
  });
});
