import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** What a client reads when its request could not even be read: too slow, too large, or not HTTP. */
const ANSWERS: Record<string, [status: number, message: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive. Please try again.'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
};
const MALFORMED: [number, string] = [400, 'The request is malformed.'];

/**
 * Fastify's clientErrorHandler: the answer to a request the server gave up reading (a body sent too slowly,
 * oversized headers, bytes that are not HTTP), in the usual envelope and with the API's security headers,
 * written straight to the socket, which is then closed.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: Error & { code?: string }, socket: Socket) => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, message] = (error.code && ANSWERS[error.code]) || MALFORMED;
    if (socket.writable) {
      const body = JSON.stringify({ success: false, error: message });
      const head = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
