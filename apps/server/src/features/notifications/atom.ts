import { eventText, eventTitle, eventUrl } from './event-text.ts';
import type { EventRow } from './notifications.rows.ts';

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** An Atom 1.0 document (RFC 4287) of events, newest first. */
export function atomFeed(input: {
  id: string;
  title: string;
  selfUrl: string;
  pageUrl: string;
  publicUrl: string;
  events: EventRow[];
  /** When nothing happened yet: the feed's updated time. */
  fallbackUpdated: string;
}): { xml: string; updated: string } {
  const updated = input.events[0]?.occurred_at ?? input.fallbackUpdated;
  const host = new URL(input.publicUrl).hostname;
  const entries = input.events.map((event) =>
    [
      '  <entry>',
      `    <id>tag:${escapeXml(host)},2026:event-${event.id}</id>`,
      `    <title>${escapeXml(eventTitle(event))}</title>`,
      `    <updated>${new Date(event.occurred_at).toISOString()}</updated>`,
      `    <link rel="alternate" href="${escapeXml(eventUrl(input.publicUrl, event))}"/>`,
      `    <category term="${escapeXml(event.kind)}"/>`,
      `    <summary type="text">${escapeXml(eventText(event))}</summary>`,
      '  </entry>',
    ].join('\n'),
  );
  const xml = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(input.id)}</id>`,
    `  <title>${escapeXml(input.title)}</title>`,
    `  <updated>${new Date(updated).toISOString()}</updated>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(input.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(input.pageUrl)}"/>`,
    '  <author><name>RR Companion</name></author>',
    '  <generator>RR Companion</generator>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
  return { xml, updated };
}
