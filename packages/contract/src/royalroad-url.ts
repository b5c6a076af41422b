import { isId } from './ids.ts';

/** What a reader may paste to add a fiction. */
export const ROYALROAD_URL_HELP =
  'Enter a Royal Road fiction link, like https://www.royalroad.com/fiction/12345/title, or its number.';

const HOSTS = new Set(['royalroad.com', 'www.royalroad.com']);

/**
 * The Royal Road fiction id in a pasted link: http(s), royalroad.com with or
 * without www, `/fiction/<digits>` with an optional slug, query or fragment; or a
 * bare id. Anything else is null, so nothing but Royal Road is ever fetched.
 */
export function royalroadFictionId(input: string): number | null {
  const text = input.trim();
  if (/^\d{1,10}$/.test(text)) return validId(Number(text));
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!HOSTS.has(url.hostname.toLowerCase()) || url.port !== '' || url.username || url.password) return null;
  const match = /^\/fiction\/(\d{1,10})(?:\/[^/]*)?(?:\/chapter\/\d+(?:\/[^/]*)?)?\/?$/.exec(url.pathname);
  return match?.[1] ? validId(Number(match[1])) : null;
}

function validId(id: number): number | null {
  return isId(id) ? id : null;
}
