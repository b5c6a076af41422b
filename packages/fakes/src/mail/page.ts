// The catcher's page: every message kept, newest first, with its links ready to click.
import type { CaughtMessage } from './server.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function messageSection(message: CaughtMessage): string {
  const links = message.links
    .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
    .join('');
  return `<article>
<h2>${escapeHtml(message.subject || '(no subject)')}</h2>
<p class="meta">From ${escapeHtml(message.from)} to ${escapeHtml(message.to.join(', '))}, received ${escapeHtml(message.receivedAt)}${
    message.html ? ` · <a href="/messages/${escapeHtml(message.id)}/html">HTML version</a>` : ''
  }</p>
${links ? `<ul class="links">${links}</ul>` : ''}
<pre>${escapeHtml(message.text)}</pre>
</article>`;
}

export function messagesPage(newestFirst: CaughtMessage[]): string {
  const body = newestFirst.length
    ? newestFirst.map(messageSection).join('\n')
    : '<p>No messages yet. Anything sent to this catcher shows up here.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail catcher (${newestFirst.length})</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1e293b}
article{border:1px solid #cbd5e1;border-radius:.75rem;padding:1rem;margin:1rem 0}h2{margin:0 0 .25rem;font-size:1.1rem}
.meta{color:#475569;font-size:.85rem;margin:0 0 .5rem}pre{white-space:pre-wrap;word-break:break-word;background:#f8fafc;padding:.75rem;border-radius:.5rem}
.links a{word-break:break-all}</style></head>
<body><h1>Mail catcher</h1><p>${newestFirst.length} message(s), newest first. <a href="/">Reload</a> · JSON at <a href="/messages">/messages</a></p>
${body}</body></html>`;
}
