import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value as Record<string, unknown>).some(
    ([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1),
  );
}

/** PostgreSQL cannot store the NUL character in text: refuse it in every request, on both databases. */
export function rejectNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.query) || hasNul(request.params) || hasNul(request.body)) {
      throw badRequest('Text may not contain the NUL character.');
    }
  });
}
