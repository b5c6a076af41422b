// The words the fake site's titles, names, chapters and blurbs are drawn from: the first words of each list
// of the demo data's vocabulary (so the fake site stays as it was generated before the lists grew).
import * as words from '@rrc/demo-data/vocabulary';

export const CREATURES = words.CREATURES.slice(0, 15);

export const ADJECTIVES = words.ADJECTIVES.slice(0, 18);

export const NOUNS = words.NOUNS.slice(0, 24);

export const PLACES = words.PLACES.slice(0, 12);

export const ROLES = words.ROLES.slice(0, 10);

export const BRACKETS = words.BRACKETS.slice(0, 10);

export const NAME_PARTS = words.NAME_PARTS.slice(0, 20);

export const NAME_SUFFIXES = words.NAME_SUFFIXES.slice(0, 11);

export const HEROES = words.HEROES.slice(0, 12);

export const POWERS = words.POWERS.slice(0, 7);

export const GOALS = words.GOALS.slice(0, 7);

export const { PEN_NAMES, CHAPTER_PHRASES, WARNING_LABELS: WARNINGS } = words;
