// The author's desk: its limits and words, with no dependencies (safe for the web bundle).

/** How long a claim code stays good: place it, then ask for a check within this many days. */
export const CLAIM_CODE_DAYS = 7;
/** Claims waiting for their check that one account may hold at once. */
export const OPEN_CLAIMS_PER_ACCOUNT = 3;
/** Checks of one claim in an hour. */
export const CLAIM_CHECKS_PER_HOUR = 5;
/** Days after an event over which its followers are counted, and days before it the trend is fitted on. */
export const EFFECT_DAYS_AFTER = 7;
export const EFFECT_DAYS_BEFORE = 14;

/** What an author marks on their fiction's timeline. */
export const AUTHOR_EVENT_KINDS = ['shoutout', 'ad', 'post', 'release', 'other'] as const;
export type AuthorEventKind = (typeof AUTHOR_EVENT_KINDS)[number];

export const AUTHOR_EVENT_LABELS: Record<AuthorEventKind, string> = {
  shoutout: 'Shoutout',
  ad: 'Ad',
  post: 'Post',
  release: 'Release',
  other: 'Other',
};

/** A claim code as the site makes them: `rrc-` and two groups of four letters and digits. */
export const CLAIM_CODE_PATTERN = /\brrc-[0-9A-Z]{4}-[0-9A-Z]{4}\b/i;
