import { createHash, randomBytes } from 'node:crypto';

/**
 * A token for a mailed link: 256 random bits, so a hash without salt or stretching is enough to keep the
 * stored copy useless to whoever reads the database.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

/** SHA-256 of the token, hex: what the database keeps and looks up. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
