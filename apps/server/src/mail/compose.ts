import { withoutControlCharacters } from '@rrc/contract';
import type { MailMessage } from './mailer.ts';

/**
 * A part of a message's body: a paragraph, a title (of a fiction a report speaks of), or a heading with its
 * list of lines.
 */
export type MailBlock = string | { title: string } | { heading: string; items: string[] };

/** What a message says, once: the plain-text and HTML parts are both made from it. */
export interface MailContent {
  to: string;
  subject: string;
  greeting: string;
  /** What comes before the button: paragraphs, or titles and headed lists. */
  intro: MailBlock[];
  action: { label: string; url: string };
  /** Paragraphs after the button. */
  outro: string[];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const SIGNATURE = '— RR Companion';

/** Blocks as plain text: a title underlined, a heading with a colon and its lines as dashes. */
export function blocksText(blocks: readonly MailBlock[]): string[] {
  return blocks.flatMap((block) =>
    typeof block === 'string'
      ? [block, '']
      : 'title' in block
        ? [block.title, '='.repeat(Math.min(block.title.length, 60)), '']
        : [`${block.heading}:`, ...block.items.map((item) => `- ${item}`), ''],
  );
}

function text(content: MailContent): string {
  return [
    content.greeting,
    '',
    ...blocksText(content.intro),
    `${content.action.label}:`,
    content.action.url,
    '',
    ...content.outro.flatMap((paragraph) => [paragraph, '']),
    SIGNATURE,
    '',
  ].join('\n');
}

function html(content: MailContent): string {
  const paragraph = (line: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.55;color:#1e293b">${escapeHtml(line)}</p>`;
  const block = (part: MailBlock) =>
    typeof part === 'string'
      ? paragraph(part)
      : 'title' in part
        ? `<h2 style="margin:24px 0 12px;font-size:17px;line-height:1.35;color:#0f172a">${escapeHtml(part.title)}</h2>`
        : `<p style="margin:0 0 4px;font-size:13px;font-weight:700;color:#475569">${escapeHtml(part.heading)}</p>` +
          `<ul style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:1.55;color:#1e293b">${part.items
            .map((item) => `<li style="margin:0 0 4px">${escapeHtml(item)}</li>`)
            .join('')}</ul>`;
  const url = escapeHtml(content.action.url);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f1f5f9;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:16px;padding:28px 24px;border:1px solid #e2e8f0">
<p style="margin:0 0 20px;font-size:18px;font-weight:700;color:#0f172a">RR Companion</p>
${paragraph(content.greeting)}
${content.intro.map(block).join('\n')}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;font-size:15px;padding:12px 20px;border-radius:10px">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#475569">If the button does not work, copy this address into your browser:<br><a href="${url}" style="color:#4338ca;word-break:break-all">${url}</a></p>
${content.outro.map(paragraph).join('\n')}
<p style="margin:24px 0 0;font-size:14px;color:#475569">${escapeHtml(SIGNATURE)}</p>
</div></body></html>`;
}

/**
 * A message with its plain-text and HTML parts. The one-line parts (address, subject, greeting) never carry a
 * control character or line break: a name stored before names were checked cannot add lines or headers.
 */
export function composeMail(content: MailContent): MailMessage {
  const clean: MailContent = {
    ...content,
    to: withoutControlCharacters(content.to),
    subject: withoutControlCharacters(content.subject),
    greeting: withoutControlCharacters(content.greeting),
  };
  return { to: clean.to, subject: clean.subject, text: text(clean), html: html(clean) };
}
