// The events a watched fiction can raise and their names: no dependencies, safe for the smallest web bundle.

/** What can happen to a watched fiction. */
export const WATCH_EVENTS = [
  'chapter_released',
  'rs_entered',
  'rs_left',
  'rs_best',
  'main_top10',
  'followers_milestone',
] as const;
export type WatchEvent = (typeof WATCH_EVENTS)[number];

/** How each event is named in the app. */
export const WATCH_EVENT_LABELS: Record<WatchEvent, string> = {
  chapter_released: 'New chapter',
  rs_entered: 'Entered a Rising Stars list',
  rs_left: 'Left a Rising Stars list',
  rs_best: 'New best position on a list',
  main_top10: 'Entered the top 10 of the main list',
  followers_milestone: 'Follower milestone',
};
