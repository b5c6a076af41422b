// Synthetic Royal Road data, without a database: the plan of the demo data set (plan.ts) built from the
// models of fictions, Rising Stars and readers, the texts they are given, and the seeded random generator
// and vocabulary they are drawn from. Writing it somewhere is the caller's business (the server's
// seed-demo); the fake Royal Road draws its site from the same generator and words.
export * from './fiction-history.ts';
export * from './fictions-model.ts';
export * from './frequencies.ts';
export * from './plan.ts';
export * from './random.ts';
export * from './rising-stars-model.ts';
export * from './text.ts';
export * from './users-model.ts';
export * from './vocabulary.ts';
