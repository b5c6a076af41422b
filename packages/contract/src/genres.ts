/**
 * Every Rising Stars list Royal Road publishes: `main` (the overall list) first,
 * then the genre lists and the tag lists, alphabetically by label. `slug` is the
 * value of `?genre=` on /fictions/rising-stars. Unknown slugs met on pages are
 * kept as they are (see `genreLabel`).
 */
export interface Genre {
  slug: string;
  label: string;
  kind: 'main' | 'genre' | 'tag';
}

const GENRE_LISTS: Array<[string, string]> = [
  ['action', 'Action'],
  ['adventure', 'Adventure'],
  ['comedy', 'Comedy'],
  ['contemporary', 'Contemporary'],
  ['drama', 'Drama'],
  ['fantasy', 'Fantasy'],
  ['historical', 'Historical'],
  ['horror', 'Horror'],
  ['mystery', 'Mystery'],
  ['psychological', 'Psychological'],
  ['romance', 'Romance'],
  ['satire', 'Satire'],
  ['sci_fi', 'Sci-fi'],
  ['one_shot', 'Short Story'],
  ['thriller', 'Thriller'],
  ['tragedy', 'Tragedy'],
];

const TAG_LISTS: Array<[string, string]> = [
  ['anti-hero_lead', 'Anti-Hero Lead'],
  ['artificial_intelligence', 'Artificial Intelligence'],
  ['attractive_lead', 'Attractive Lead'],
  ['cultivation', 'Cultivation'],
  ['cyberpunk', 'Cyberpunk'],
  ['dungeon', 'Dungeon'],
  ['dystopia', 'Dystopia'],
  ['female_lead', 'Female Lead'],
  ['first_contact', 'First Contact'],
  ['gamelit', 'GameLit'],
  ['gender_bender', 'Gender Bender'],
  ['genetically_engineered', 'Genetically Engineered'],
  ['grimdark', 'Grimdark'],
  ['harem', 'Harem'],
  ['high_fantasy', 'High Fantasy'],
  ['kingdom_building', 'Kingdom Building'],
  ['litrpg', 'LitRPG'],
  ['loop', 'Time Loop'],
  ['low_fantasy', 'Low Fantasy'],
  ['magic', 'Magic'],
  ['male_lead', 'Male Lead'],
  ['martial_arts', 'Martial Arts'],
  ['monster_evolution', 'Monster Evolution'],
  ['multiple_lead', 'Multiple Lead Characters'],
  ['mythos', 'Mythos'],
  ['non-human_lead', 'Non-Human Lead'],
  ['post_apocalyptic', 'Post Apocalyptic'],
  ['progression', 'Progression'],
  ['reader_interactive', 'Reader Interactive'],
  ['reincarnation', 'Reincarnation'],
  ['ruling_class', 'Ruling Class'],
  ['school_life', 'School Life'],
  ['secret_identity', 'Secret Identity'],
  ['slice_of_life', 'Slice of Life'],
  ['soft_sci-fi', 'Soft Sci-fi'],
  ['space_opera', 'Space Opera'],
  ['sports', 'Sports'],
  ['steampunk', 'Steampunk'],
  ['strategy', 'Strategy'],
  ['strong_lead', 'Strong Lead'],
  ['summoned_hero', 'Portal Fantasy / Isekai'],
  ['super_heroes', 'Super Heroes'],
  ['supernatural', 'Supernatural'],
  ['survival', 'Survival'],
  ['technologically_engineered', 'Technologically Engineered'],
  ['time_travel', 'Time Travel'],
  ['tower', 'Tower'],
  ['urban_fantasy', 'Urban Fantasy'],
  ['villainous_lead', 'Villainous Lead'],
  ['virtual_reality', 'Virtual Reality'],
  ['war_and_military', 'War and Military'],
  ['wuxia', 'Wuxia'],
  ['xianxia', 'Xianxia'],
];

/**
 * Labels in alphabetical order, ignoring case. The labels are plain English words, so comparing them lowercased
 * orders them as an English collator does (a test holds it to that), without the collator: building one
 * loads the language's collation data, which a phone pays for on every page as this module loads.
 */
function byWords(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}
const byLabel = (a: Genre, b: Genre) => byWords(a.label, b.label);

/** Every list, `main` first, then alphabetically by label. */
export const GENRES: readonly Genre[] = [
  { slug: 'main', label: 'Main', kind: 'main' },
  ...[
    ...GENRE_LISTS.map(([slug, label]) => ({ slug, label, kind: 'genre' as const })),
    ...TAG_LISTS.map(([slug, label]) => ({ slug, label, kind: 'tag' as const })),
  ].sort(byLabel),
];

export const GENRE_SLUGS: readonly string[] = GENRES.map((genre) => genre.slug);

const LABELS = new Map(GENRES.map((genre) => [genre.slug, genre.label]));

/** A person's name for a list; an unknown slug is shown readably rather than dropped. */
export function genreLabel(slug: string): string {
  return LABELS.get(slug) ?? slug.replace(/[_-]+/g, ' ').replace(/\b\p{Ll}/gu, (c) => c.toUpperCase());
}

/** Orders genre slugs the way every screen lists them: `main` first, then by label. */
export function compareGenres(a: string, b: string): number {
  if (a === b) return 0;
  if (a === 'main') return -1;
  if (b === 'main') return 1;
  return byWords(genreLabel(a), genreLabel(b));
}
