// The load generator of the HTTP table: `connections` keep-alive connections to one address, each sending its
// next request as soon as the previous answer has arrived whole, for `seconds`. Answers are framed (by their
// Content-Length or their chunks) and counted, never decoded: autocannon, used before, turned every answer's
// body into a string, and on these two shared cores it spent more time on a 30 KB Brotli answer than the
// server spent making it, so large answers measured the load generator.
import { connect, type Socket } from 'node:net';

export interface LoadResult {
  /** Answers a second over the whole run. */
  rps: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
  /** Answers with a status outside 2xx, broken connections and requests without an answer in time. */
  errors: number;
  requests: number;
}

const TIMEOUT_MS = 10_000;
const HEADER_END = Buffer.from('\r\n\r\n');

/** Reads one answer after another from a connection's bytes; `onAnswer` gets each answer's status. */
class AnswerReader {
  private head = Buffer.alloc(0);
  private status = 0;
  /** Body bytes still to come of a sized answer, or of the current chunk (with its CRLF). */
  private remaining = 0;
  private state: 'head' | 'sized' | 'chunk-size' | 'chunk-data' | 'trailer' = 'head';
  private line = '';

  private readonly onAnswer: (status: number) => void;

  constructor(onAnswer: (status: number) => void) {
    this.onAnswer = onAnswer;
  }

  read(data: Buffer) {
    let offset = 0;
    while (offset < data.length) {
      if (this.state === 'head') {
        const bytes = this.head.length
          ? Buffer.concat([this.head, data.subarray(offset)])
          : data.subarray(offset);
        const end = bytes.indexOf(HEADER_END);
        if (end < 0) {
          this.head = Buffer.from(bytes);
          return;
        }
        const consumed = end + 4 - this.head.length;
        this.head = Buffer.alloc(0);
        offset += consumed;
        this.startBody(bytes.toString('latin1', 0, end));
      } else if (this.state === 'sized' || this.state === 'chunk-data') {
        const take = Math.min(this.remaining, data.length - offset);
        this.remaining -= take;
        offset += take;
        if (this.remaining === 0) {
          if (this.state === 'sized') this.finish();
          else this.state = 'chunk-size';
        }
      } else {
        const newline = data.indexOf(10, offset);
        if (newline < 0) {
          this.line += data.toString('latin1', offset);
          return;
        }
        const line = (this.line + data.toString('latin1', offset, newline)).trim();
        this.line = '';
        offset = newline + 1;
        if (this.state === 'trailer') {
          if (line === '') this.finish();
        } else {
          const size = Number.parseInt(line, 16);
          if (size === 0) this.state = 'trailer';
          else {
            this.remaining = size + 2;
            this.state = 'chunk-data';
          }
        }
      }
    }
  }

  private startBody(head: string) {
    this.status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) this.state = 'chunk-size';
    else if (length && Number(length[1]) > 0 && this.status !== 204 && this.status !== 304) {
      this.remaining = Number(length[1]);
      this.state = 'sized';
    } else this.finish();
  }

  private finish() {
    this.state = 'head';
    this.onAnswer(this.status);
  }
}

/** Runs the load and measures it. */
export function load(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const address = new URL(url);
  const request = Buffer.from(
    [
      `GET ${address.pathname}${address.search} HTTP/1.1`,
      `host: ${address.host}`,
      ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
      'connection: keep-alive',
      '',
      '',
    ].join('\r\n'),
  );
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;

  const run = () =>
    new Promise<void>((resolve) => {
      let socket: Socket;
      let sentAt = 0;
      let timer: NodeJS.Timeout | undefined;
      const send = () => {
        if (performance.now() >= deadline) {
          socket.destroy();
          resolve();
          return;
        }
        sentAt = performance.now();
        clearTimeout(timer);
        // No answer in time: counted, and the connection made anew (by its close handler).
        timer = setTimeout(() => {
          errors += 1;
          socket.destroy();
        }, TIMEOUT_MS);
        socket.write(request);
      };
      const open = () => {
        if (performance.now() >= deadline) return resolve();
        const reader = new AnswerReader((status) => {
          latencies.push(performance.now() - sentAt);
          if (status < 200 || status >= 300) errors += 1;
          send();
        });
        socket = connect(Number(address.port), address.hostname, send);
        socket.setNoDelay(true);
        socket.on('data', (data: Buffer) => reader.read(data));
        socket.on('error', () => {
          errors += 1;
        });
        socket.on('close', () => {
          clearTimeout(timer);
          if (performance.now() < deadline) open();
          else resolve();
        });
      };
      open();
    });

  return Promise.all(Array.from({ length: options.connections }, run)).then(() => {
    const elapsed = (performance.now() - started) / 1000;
    const sorted = Float64Array.from(latencies).sort();
    const percentile = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
    return {
      rps: latencies.length / elapsed,
      p50: percentile(0.5),
      p99: percentile(0.99),
      errors,
      requests: latencies.length,
    };
  });
}
