import type { FastifyRequest } from 'fastify';
import type { Requester } from '../royalroad/request-queues.ts';

/** Who is asking, for the limits of Royal Road's interactive queue: the signed-in reader, if any, and the address. */
export function requesterOf(request: FastifyRequest): Requester {
  return { userId: request.user?.id ?? null, address: request.ip };
}
