/**
 * The slug of a fiction title in page addresses: lowercase; Unicode letters,
 * digits, spaces and hyphens kept; every run of spaces and hyphens becomes one
 * underscore; underscores trimmed at the ends.
 */
export function titleSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/[\s-]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** `/fiction/{royalroadId}/{slug}`, or without the slug when the title gives none. */
export function fictionPath(royalroadId: number, title?: string | null): string {
  const slug = title ? titleSlug(title) : '';
  return slug ? `/fiction/${royalroadId}/${encodeURIComponent(slug)}` : `/fiction/${royalroadId}`;
}
