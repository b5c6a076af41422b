// A local SMTP catcher (smtp-server + mailparser): accepts every message sent to it over plain SMTP (any
// user name and password are accepted), keeps the latest ones in memory, and shows them on a small web page
// (`/`) and as JSON (`/messages`), with the links each message holds. Point SMTP_URL at `smtpUrl`.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { messagesPage } from './page.ts';

export interface CaughtMessage {
  id: string;
  /** When the catcher received it, ISO 8601. */
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** Every http(s) address in the plain-text part, in order. */
  links: string[];
  /** The user name the sender signed in with, if it did. */
  authenticatedAs: string | null;
  /** Every header, names in lower case, values as sent (List-Unsubscribe…). */
  headers: Record<string, string>;
}

export interface FakeMail {
  /** `smtp://127.0.0.1:{port}`: what SMTP_URL should say. */
  smtpUrl: string;
  /** `http://127.0.0.1:{port}` of the page and the JSON endpoint. */
  url: string;
  /** Every message kept, oldest first. */
  messages(): CaughtMessage[];
  /** The first message (oldest first) matching `match`, waiting for it up to `timeoutMs`. */
  waitForMessage(match: (message: CaughtMessage) => boolean, timeoutMs?: number): Promise<CaughtMessage>;
  /** While on, every message is refused with a temporary SMTP failure (451), as a mail server in trouble does. */
  refuse(on: boolean): void;
  /** Waits this long before accepting each message, as a slow mail server does (0: at once). */
  slowDown(ms: number): void;
  clear(): void;
  close(): Promise<void>;
}

export interface FakeMailOptions {
  /** 0 (the default) picks a free port. */
  smtpPort?: number;
  httpPort?: number;
  /** How many messages are kept (the oldest go first). */
  keep?: number;
}

const LINK = /https?:\/\/[^\s<>"')\]]+/g;

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((entry) => entry.value.map((one) => one.address ?? '')).filter(Boolean);
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

export async function startFakeMail(options: FakeMailOptions = {}): Promise<FakeMail> {
  const keep = options.keep ?? 500;
  const caught: CaughtMessage[] = [];
  const waiters = new Set<() => void>();
  let refusing = false;
  let delayMs = 0;

  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    // Plain-text sign-in over loopback: this is a development catcher, any credentials do.
    allowInsecureAuth: true,
    banner: 'RR Companion mail catcher',
    size: 5 * 1024 * 1024,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (delayMs > 0) await sleep(delayMs);
          if (refusing) {
            const error = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
            callback(error);
            return;
          }
          const text = parsed.text ?? '';
          caught.push({
            id: randomUUID(),
            receivedAt: new Date().toISOString(),
            from: addresses(parsed.from)[0] ?? session.envelope.mailFrom?.toString() ?? '',
            to: addresses(parsed.to),
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : null,
            links: [...text.matchAll(LINK)].map((match) => match[0]),
            authenticatedAs: typeof session.user === 'string' ? session.user : null,
            headers: Object.fromEntries(
              parsed.headerLines.map((line) => [
                line.key,
                line.line.slice(line.line.indexOf(':') + 1).trim(),
              ]),
            ),
          });
          while (caught.length > keep) caught.shift();
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });

  const serve = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake.invalid');
    const method = request.method ?? 'GET';
    if (url.pathname === '/' && method === 'GET') {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'",
      });
      response.end(messagesPage([...caught].reverse()));
      return;
    }
    if (url.pathname === '/messages' && method === 'GET') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const list = to ? caught.filter((message) => message.to.includes(to)) : caught;
      sendJson(response, 200, { messages: list });
      return;
    }
    if (url.pathname === '/messages' && method === 'DELETE') {
      caught.length = 0;
      sendJson(response, 200, { messages: [] });
      return;
    }
    const html = /^\/messages\/([\w-]+)\/html$/.exec(url.pathname);
    if (html && method === 'GET') {
      const message = caught.find((each) => each.id === html[1]);
      if (!message?.html) {
        sendJson(response, 404, { error: 'No such message, or it has no HTML part.' });
        return;
      }
      // The message's own HTML, shown in a frame of the page: no scripts, nothing fetched.
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      });
      response.end(message.html);
      return;
    }
    sendJson(response, 404, { error: 'Not found. Try / or /messages.' });
  };
  const http = createServer(serve);

  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort ?? 0, '127.0.0.1', () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.httpPort ?? 0, '127.0.0.1', () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    url: `http://127.0.0.1:${httpPort}`,
    messages: () => [...caught],
    async waitForMessage(match, timeoutMs = 5_000) {
      const found = caught.find(match);
      if (found) return found;
      return new Promise<CaughtMessage>((resolve, reject) => {
        const check = () => {
          const message = caught.find(match);
          if (!message) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(message);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such message within ${timeoutMs} ms (${caught.length} caught)`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    refuse(on) {
      refusing = on;
    },
    slowDown(ms) {
      delayMs = ms;
    },
    clear() {
      caught.length = 0;
    },
    async close() {
      http.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => http.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
