/** The query parameter of the sign-in pages (and of the OAuth initiation) naming where to go afterwards. */
export const RETURN_TO_PARAM = 'return_to';

/** Longer return paths are ignored: no page of the app needs more, and the OAuth state cookie must stay small. */
export const RETURN_PATH_MAX_LENGTH = 1024;

/** Where a reader lands after signing in when there is no (acceptable) return path. */
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/**
 * Pages a reader is never sent back to after signing in: each would only ask to sign in again (or, for the
 * OAuth pages, replay a finished sign-in).
 */
const SIGN_IN_PAGES = new Set(['/login', '/register', '/oauth/callback', '/oauth/error']);

/** C0 controls, DEL and the backslash: browsers drop tabs and newlines from addresses and read `\` as `/`. */
function hasUnsafeCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/** A made-up origin to resolve against: a value that leaves it was never a path on this site. */
const ORIGIN = 'https://return-path.invalid';

/**
 * A return path after sign-in, or null when the value is not one: only a path on this site (`/…`) is
 * accepted, given back normalized (`/sponsor/123`, `/rising-stars-position?q=x#result`). Refused: anything
 * absolute or protocol-relative (`https://…`, `//…`, `javascript:…`), a backslash, a control character, a
 * value that only becomes protocol-relative once decoded (`/%2F%2F…`), a longer value than
 * RETURN_PATH_MAX_LENGTH, and the sign-in pages themselves. Server and browser both use it, so a value the
 * browser would refuse never survives a round trip through an OAuth provider either.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > RETURN_PATH_MAX_LENGTH) return null;
  if (!value.startsWith('/') || value.startsWith('//') || hasUnsafeCharacter(value)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  if (decoded.startsWith('//') || hasUnsafeCharacter(decoded)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.length > RETURN_PATH_MAX_LENGTH || path.startsWith('//')) return null;
  // The router matches decoded paths without regard to case or a trailing slash: so must this check.
  let page: string;
  try {
    page = decodeURIComponent(url.pathname).toLowerCase().replace(/\/+$/, '');
  } catch {
    return null;
  }
  return SIGN_IN_PAGES.has(page) ? null : path;
}
