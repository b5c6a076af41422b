// Which tags fictions get, and how often: the Rising Stars genres and tags plus a few real tags that have no
// Rising Stars list (pages show them; parsers must not choke on slugs they do not know).
import { GENRES } from '@rrc/contract';
import type { FakeTag } from './model.ts';

/** Tags that exist on Royal Road but have no Rising Stars list. */
export const EXTRA_TAGS: readonly FakeTag[] = [
  { slug: 'nonhumanoid_lead', label: 'Non-Humanoid Lead' },
  { slug: 'hard_sci-fi', label: 'Hard Sci-fi' },
];

/** Every tag a generated fiction can carry (Rising Stars slugs except `main`, then the extras). */
export const ALL_TAGS: readonly FakeTag[] = [
  ...GENRES.filter((genre) => genre.kind !== 'main').map(({ slug, label }) => ({ slug, label })),
  ...EXTRA_TAGS,
];

const GENRE_SLUG_SET = new Set(GENRES.filter((genre) => genre.kind === 'genre').map((genre) => genre.slug));

export function isGenre(slug: string): boolean {
  return GENRE_SLUG_SET.has(slug);
}

/** How likely a fiction is to carry a tag before lists are topped up; anything unlisted is rare. */
const POPULARITY: Record<string, number> = {
  fantasy: 0.6,
  action: 0.5,
  adventure: 0.45,
  progression: 0.4,
  magic: 0.4,
  male_lead: 0.4,
  litrpg: 0.35,
  high_fantasy: 0.3,
  strong_lead: 0.3,
  female_lead: 0.3,
  comedy: 0.25,
  drama: 0.25,
  reincarnation: 0.25,
  summoned_hero: 0.2,
  slice_of_life: 0.2,
  romance: 0.2,
  psychological: 0.2,
  cultivation: 0.15,
  dungeon: 0.15,
  gamelit: 0.15,
  sci_fi: 0.15,
  xianxia: 0.1,
  sports: 0.03,
};

export function tagPopularity(slug: string): number {
  return POPULARITY[slug] ?? 0.06;
}
