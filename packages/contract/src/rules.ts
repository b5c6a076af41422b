// Pure product rules and texts with no dependencies, safe for the smallest web bundle.

export * from './account-email-rules.ts';
export * from './author-rules.ts';
export * from './compare-rules.ts';
export * from './description-html.ts';
export * from './discovery-rules.ts';
export * from './fiction-event-words.ts';
export * from './genres.ts';
export * from './messages.ts';
export * from './oauth-rules.ts';
export * from './password.ts';
export * from './reading-status.ts';
export * from './return-path.ts';
export type { Movement } from './rising-stars-pages.ts';
export * from './royalroad-url.ts';
export * from './slug.ts';
export * from './subscription-status.ts';
export * from './tiers.ts';
export * from './trend.ts';
export * from './watch-events.ts';
