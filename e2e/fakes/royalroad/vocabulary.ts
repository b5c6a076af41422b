// Word lists the generator draws plausible Royal Road titles, names, chapters and blurbs from: the first
// words of the demo data's lists (the fake site's fictions stay as they were), and its own.
import * as demo from '../../../apps/server/src/features/demo/vocabulary.ts';

export const CREATURES = demo.CREATURES.slice(0, 15);

export const ADJECTIVES = demo.ADJECTIVES.slice(0, 18);

export const NOUNS = demo.NOUNS.slice(0, 24);

export const PLACES = demo.PLACES.slice(0, 12);

export const ROLES = demo.ROLES.slice(0, 10);

export const BRACKETS = demo.BRACKETS.slice(0, 10);

export const NAME_PARTS = demo.NAME_PARTS.slice(0, 20);

export const NAME_SUFFIXES = demo.NAME_SUFFIXES.slice(0, 11);

export const PEN_NAMES = [
  'J. M. Clarke',
  'Elena Voss',
  'D. K. Mercer',
  'Zoë Hart',
  'Samuel Okafor',
  'R. T. Lindqvist',
  'Mira Castellanos',
  'Theo Abernathy',
];

export const CHAPTER_PHRASES = [
  'The Road North',
  'Blood and Iron',
  'A Bargain Struck',
  'System Update',
  'The First Floor',
  'Breakthrough',
  'An Unexpected Guest',
  'Ashes',
  'The Auction',
  'Tribulation',
  'Homecoming',
  'Old Debts',
  'The Tournament Begins',
  'Quiet Before the Storm',
  'Level Up',
  'The Trial of Thorns',
  'What the River Took',
  'Negotiations',
  'A Door in the Dark',
  'Core Formation',
  'The Hunt',
  'Fallout',
  'Lessons',
  'The Merchant’s Offer',
  'Into the Depths',
  'Evolution',
  'A Promise Kept',
  'Siege',
  'Aftermath',
  'Market Day',
];

export const HEROES = demo.HEROES.slice(0, 12);

export const POWERS = demo.POWERS.slice(0, 7);

export const GOALS = demo.GOALS.slice(0, 7);

export const WARNINGS = [
  'Profanity',
  'Sexual Content',
  'Graphic Violence',
  'Sensitive Content',
  'AI-Assisted Content',
];
