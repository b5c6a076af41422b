import { RISING_STARS_MOVES, watchedAs } from '@rrc/contract';
import { composeMail } from '../../mail/compose.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { type eventJson, eventText, eventTitle, eventUrl, fictionPageUrl } from './event-text.ts';
import type { EventRow } from './notifications.rows.ts';
import { unsubscribeToken } from './signing.ts';

/** What the messages link to: the app's address, and the secret that signs unsubscribe links. */
export interface MessageLinks {
  publicUrl: string;
  secret: string;
}

/** The lines of a reader's digest, by section. */
export interface DigestLines {
  chapters: string[];
  moves: string[];
  milestones: string[];
}

export type WebhookBody = ReturnType<typeof eventJson>;

const unsubscribeQuery = (links: MessageLinks, userId: number) =>
  new URLSearchParams({ token: unsubscribeToken(links.secret, userId) });

const unsubscribePage = (links: MessageLinks, userId: number) =>
  `${links.publicUrl}/unsubscribe?${unsubscribeQuery(links, userId)}`;

/** A mail with the one-click unsubscribe headers of its reader. */
function withUnsubscribe(links: MessageLinks, message: MailMessage, userId: number): MailMessage {
  return {
    ...message,
    headers: {
      'List-Unsubscribe': `<${links.publicUrl}/api/unsubscribe?${unsubscribeQuery(links, userId)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The email of one alert. */
export function alertMail(
  links: MessageLinks,
  to: { email: string; name: string | null; userId: number },
  event: EventRow,
): MailMessage {
  const { publicUrl } = links;
  return withUnsubscribe(
    links,
    composeMail({
      to: to.email,
      subject: eventTitle(event),
      greeting: to.name ? `Hi ${to.name},` : 'Hi,',
      intro: [`${eventText(event)}.`],
      action: {
        label: event.kind === 'chapter_released' ? 'Read the chapter' : 'See the fiction',
        url: eventUrl(publicUrl, event),
      },
      outro: [
        `You get this email because you watch ${event.title} on RR Companion with email alerts on. Choose your alerts at ${publicUrl}/notifications/settings.`,
        `Stop alert emails: ${unsubscribePage(links, to.userId)}`,
      ],
    }),
    to.userId,
  );
}

/** The digest email, from the payload queued with it (its subject and lines). */
export function digestMail(
  links: MessageLinks,
  to: { email: string; name: string | null; userId: number },
  payload: Record<string, unknown>,
): MailMessage {
  const lines = (payload.lines ?? {}) as Partial<DigestLines>;
  const section = (heading: string, items: string[] | undefined) =>
    items && items.length > 0 ? [heading, ...items.map((item) => `• ${item}`)].join('\n') : null;
  const intro = [
    section('New chapters:', lines.chapters),
    section('Rising Stars:', lines.moves),
    section('Milestones:', lines.milestones),
  ].filter((part): part is string => part !== null);
  const message = composeMail({
    to: to.email,
    subject: String(payload.subject ?? 'Your RR Companion digest'),
    greeting: to.name ? `Hi ${to.name},` : 'Hi,',
    intro: ['Here is what happened since your last digest.', ...intro],
    action: { label: 'See your notifications', url: `${links.publicUrl}/notifications` },
    outro: [`Stop alert emails: ${unsubscribePage(links, to.userId)}`],
  });
  return withUnsubscribe(links, message, to.userId);
}

/**
 * What a digest says of some events: every new chapter and milestone, the Rising Stars moves of the reader's
 * favorites, and whatever else a fiction's watch asks for (a long wait, a change of its page).
 */
export function digestLines(
  publicUrl: string,
  events: EventRow[],
  list: { fictionId: number; favorite: boolean }[],
  watched: { fictionId: number; events: string[] }[],
): DigestLines {
  const favorites = new Set(list.filter((entry) => entry.favorite).map((entry) => entry.fictionId));
  const watching = new Map(watched.map((entry) => [entry.fictionId, new Set(entry.events)]));
  const lines: DigestLines = { chapters: [], moves: [], milestones: [] };
  for (const event of events) {
    if (event.kind === 'chapter_released')
      lines.chapters.push(
        `${event.title} — ${String(event.data.chapter_title)}: ${eventUrl(publicUrl, event)}`,
      );
    else if (event.kind === 'followers_milestone') lines.milestones.push(`${eventText(event)}.`);
    else if (
      (favorites.has(event.fiction_id) && RISING_STARS_MOVES.has(event.kind)) ||
      watching.get(event.fiction_id)?.has(watchedAs(event.kind))
    )
      lines.moves.push(`${eventText(event)}: ${fictionPageUrl(publicUrl, event.royalroad_id)}`);
  }
  return lines;
}

/** The body of a webhook's test call. */
export function testWebhookBody(publicUrl: string, deliveryId: number, at: Date): WebhookBody {
  return {
    id: `test_${deliveryId}`,
    type: 'test' as never,
    occurred_at: at.toISOString(),
    text: 'This is a test alert from RR Companion: your webhook works.',
    url: `${publicUrl}/notifications/settings`,
    fiction: { royalroad_id: 0, title: 'RR Companion', url: publicUrl },
    data: {},
  };
}

/**
 * Text from Royal Road made inert in a Discord message: markdown shown as typed (a backslash before each
 * markdown character), and mentions (`@everyone`, `@here`, `<@id>`) broken by a zero-width space so they
 * neither ping nor render as mentions.
 */
export function discordText(text: string): string {
  return text.replace(/[\\*_~`|>#\-[\]()<]/g, '\\$&').replace(/@/g, '@\u200b');
}

/** The text a webhook is sent: the event's JSON, or a Discord message with an embed that pings no one. */
export function webhookBody(kind: string, body: WebhookBody): string {
  if (kind !== 'discord') return JSON.stringify(body);
  const text = discordText(body.text);
  const title = discordText(body.fiction.title);
  return JSON.stringify({
    content: text,
    // Nobody is mentioned, whatever the text says.
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title,
        url: body.url,
        description: text,
        timestamp: body.occurred_at,
        fields: [
          { name: 'Event', value: body.type, inline: true },
          {
            name: 'Fiction',
            value: `[${title}](${body.fiction.url.replace(/[()\s]/g, encodeURIComponent)})`,
            inline: true,
          },
        ],
      },
    ],
  });
}
