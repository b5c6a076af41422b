/** At most this many fictions side by side on /compare. */
export const MAX_COMPARE = 6;

/** Days after the first chapter at which /compare lists the figures of each fiction. */
export const COMPARE_MILESTONES = [7, 14, 30, 60, 90] as const;

/** Peers need at least this many fictions before a percentile is given. */
export const MIN_PEERS = 20;
