// Pure product rules and texts with no dependencies, safe for the smallest web bundle.

export * from './genres.ts';
export * from './messages.ts';
export * from './password.ts';
