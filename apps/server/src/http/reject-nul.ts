import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value as Record<string, unknown>).some(
    ([key, item]) => key.includes('\u0000') || hasNul(item, depth + 1),
  );
}

/**
 * PostgreSQL cannot store the NUL character in text: refuse it in every request, on both databases. In the
 * address it can only come percent-encoded, so the query and parameters are looked at only when it does.
 */
export function rejectNulCharacters(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const inAddress = request.url.includes('%00') && (hasNul(request.query) || hasNul(request.params));
    done(
      inAddress || hasNul(request.body) ? badRequest('Text may not contain the NUL character.') : undefined,
    );
  });
}
