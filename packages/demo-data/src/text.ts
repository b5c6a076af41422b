import type { Random } from './random.ts';
import {
  ADJECTIVES,
  BRACKETS,
  CREATURES,
  FANDOMS,
  FIRST_NAMES,
  GOALS,
  HEROES,
  HOOKS,
  LAST_NAMES,
  NAME_PARTS,
  NAME_SUFFIXES,
  NOUNS,
  PLACES,
  POWERS,
  ROLES,
} from './vocabulary.ts';

const SUBTITLES = [
  'A LitRPG Adventure',
  'A Progression Fantasy',
  'A Cultivation Story',
  'A Slice of Life Isekai',
  'A Dungeon Core Tale',
  'A Kingdom Building Saga',
  'Rise of the Fallen',
  'The First Floor',
  'Ashes and Oaths',
  'Second Chances',
  'Into the Deep',
  'The Long Road',
];

const DEEDS = [
  'Refused to Die',
  'Broke the System',
  'Wanted a Quiet Life',
  'Read the Ending',
  'Stole a Dungeon',
  'Outlived the Gods',
  'Counted Every Coin',
];

/** A Royal Road-like title: mostly short, sometimes with a bracketed pitch, fan fiction naming its fandom. */
export function demoTitle(random: Random, fanFiction: boolean): string {
  const adjective = random.pick(ADJECTIVES);
  const noun = random.pick(NOUNS);
  const place = random.pick(PLACES);
  let title: string;
  if (fanFiction) {
    const fandom = random.pick(FANDOMS);
    const forms = [
      `${fandom}: The ${adjective} ${noun}`,
      `${noun} of ${place} (${fandom} SI)`,
      `A ${fandom} Story: ${adjective} ${noun}`,
      `The ${random.pick(ROLES)} of ${fandom}`,
    ];
    title = random.pick(forms);
  } else {
    switch (random.int(0, 9)) {
      case 0:
      case 1:
        title = `The ${adjective} ${noun}`;
        break;
      case 2:
        title = `${noun} of ${place}`;
        break;
      case 3:
        title = `${adjective} ${noun} of ${place}`;
        break;
      case 4:
        title = random.chance(0.5)
          ? `Reborn as a ${random.pick(CREATURES)}`
          : `I Became a ${random.pick(CREATURES)} in ${place}`;
        break;
      case 5:
        title = `The ${random.pick(ROLES)} Who ${random.pick(DEEDS)}`;
        break;
      case 6:
        title = `${adjective} ${noun}: Book ${random.int(1, 5)}`;
        break;
      case 7:
        title = `${random.pick(HEROES)} and the ${adjective} ${noun}`;
        break;
      case 8:
        title = `The ${random.pick(ROLES)} of ${place}`;
        break;
      default:
        title = `${noun} of the ${adjective} ${random.pick(NOUNS)}`;
    }
  }
  const extra = random.next();
  if (extra < 0.14) title += ` ${random.pick(BRACKETS)}`;
  else if (extra < 0.22) title += `: Book ${random.int(1, 6)}`;
  else if (extra < 0.34) title += `: ${random.pick(SUBTITLES)}`;
  else if (extra < 0.4) title += ` (${random.pick(HEROES)}’s Story)`;
  return title;
}

/** A display name: mostly usernames (EmberScribe, wren_77), some pen names (Elena Voss). */
export function demoAuthorName(random: Random): string {
  if (random.chance(0.3)) {
    const initial = random.chance(0.4) ? `${String.fromCharCode(65 + random.int(0, 25))}. ` : '';
    return `${random.pick(FIRST_NAMES)} ${initial}${random.pick(LAST_NAMES)}`;
  }
  let name = random.pick(NAME_PARTS);
  if (random.chance(0.4)) name += random.pick(NAME_PARTS).toLowerCase();
  const suffix = random.pick(NAME_SUFFIXES);
  name += suffix;
  if (!/\d$/.test(suffix) && random.chance(0.35)) name += String(random.int(1, 999));
  return random.chance(0.15) ? name.toLowerCase() : name;
}

/** A short blurb as sanitized HTML paragraphs, like a scraped description. */
export function demoDescription(random: Random, title: string): string {
  const hero = random.pick(HEROES);
  const paragraphs = [
    `${hero} had ${random.pick(POWERS)}. Now they must ${random.pick(GOALS)}.`,
    `${random.chance(0.5) ? 'Nobody expected much from' : 'Everyone underestimated'} the ${random
      .pick(ROLES)
      .toLowerCase()} of ${random.pick(PLACES)}. ${title.replace(/\s*[[(].*$/, '')} is the story of how that changed.`,
  ];
  if (random.chance(0.6)) paragraphs.push(random.pick(HOOKS));
  return paragraphs.map((text) => `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`).join('\n');
}
