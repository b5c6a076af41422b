import { describe, expect, it } from 'vitest';
import { discordText, type WebhookBody, webhookBody } from './delivery-messages.ts';

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
