// The events a watched fiction can raise and their names: no dependencies, safe for the smallest web bundle.

/** What can change on a fiction's own page; a watch asks for them together, as `page_changed`. */
export const PAGE_CHANGES = [
  'title_changed',
  'cover_changed',
  'description_changed',
  'tags_changed',
  'status_changed',
] as const;

/** What happens to a fiction that a watch asks for by its own kind. */
export const OWN_KIND_EVENTS = [
  'chapter_released',
  'rs_entered',
  'rs_left',
  'rs_best',
  'main_top10',
  'followers_milestone',
  'release_gap',
] as const;

/** What can happen to a watched fiction. */
export const WATCH_EVENTS = [...OWN_KIND_EVENTS, 'page_changed'] as const;
export type WatchEvent = (typeof WATCH_EVENTS)[number];

/** How each event is named in the app. */
export const WATCH_EVENT_LABELS: Record<WatchEvent, string> = {
  chapter_released: 'New chapter',
  rs_entered: 'Entered a Rising Stars list',
  rs_left: 'Left a Rising Stars list',
  rs_best: 'New best position on a list',
  main_top10: 'Entered the top 10 of the main list',
  followers_milestone: 'Follower milestone',
  release_gap: 'A long wait for the next chapter',
  page_changed: 'Its page changed (title, cover, description, tags or status)',
};

/** The watch that asks for an event of this kind: a page change is watched as `page_changed`. */
export function watchedAs(kind: string): string {
  return (PAGE_CHANGES as readonly string[]).includes(kind) ? 'page_changed' : kind;
}
