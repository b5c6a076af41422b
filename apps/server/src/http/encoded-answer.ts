import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An answer kept in memory as sent, with its compressed forms made the first time a browser asks for one:
 * a kept answer is compressed once, however often it is sent.
 */
export interface EncodedAnswer {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Below this, compressing saves less than it costs. */
const MIN_BYTES = 1024;

function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 6 });
}

/** The encoding to send, from the request's Accept-Encoding: Brotli, else gzip, else none. */
export function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
    .map((part) => part.split(';')[0]);
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/**
 * The bytes of a kept answer in the encoding the browser accepts (compressed the first time it is asked for),
 * with the headers that say so set on `reply`.
 */
export function encodedBody(request: FastifyRequest, reply: FastifyReply, answer: EncodedAnswer): Buffer {
  reply.header('vary', 'accept-encoding');
  const encoding = answer.body.length >= MIN_BYTES ? acceptedEncoding(request) : null;
  if (!encoding) return answer.body;
  answer[encoding] ??= compress(answer.body, encoding);
  // The same content in other bytes: its validator becomes weak (it still answers If-None-Match).
  const etag = reply.getHeader('etag');
  if (typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`);
  reply.header('content-encoding', encoding);
  return answer[encoding];
}

/** Sends a kept answer in the encoding the browser accepts. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, answer: EncodedAnswer) {
  return reply.send(encodedBody(request, reply, answer));
}
