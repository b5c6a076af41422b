import { errorEnvelope } from '@rrc/contract';
import type { z } from 'zod';

/** Response schemas of a route: its success shapes plus the error envelope for every failure status. */
export function responses<T extends Record<number, z.ZodType>>(success: T) {
  return {
    ...success,
    400: errorEnvelope,
    401: errorEnvelope,
    403: errorEnvelope,
    404: errorEnvelope,
    409: errorEnvelope,
    429: errorEnvelope,
    503: errorEnvelope,
  };
}
