export const iso = (ms: number) => new Date(ms).toISOString();

/** Seconds since `since` (a performance.now() reading), for progress lines. */
export const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
