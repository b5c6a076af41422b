import { createHash } from 'node:crypto';

/**
 * SHA-256 of a random secret, hex: what the database keeps and looks up in its place. Enough for values with
 * 128 bits or more of randomness (codes, client secrets), which no one can guess from their hash.
 */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
