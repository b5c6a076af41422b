// Makes up one plausible fiction: title, blurb, status, chapter dates and statistics that agree with each other
// (average views = total views / chapters, ratings a small share of followers, and so on).

import type { Random } from '@rrc/demo-data/random';
import type { FakeFiction, FakeScores, FakeStats, FictionStatus, FictionType } from './model.ts';
import { FAKE_NOW } from './model.ts';
import * as words from './vocabulary.ts';

export const DAY = 86_400_000;
const HOUR = 3_600_000;
export const NOW = Date.parse(FAKE_NOW);

/**
 * New enough to be on Rising Stars; an older one that fills genre and popular lists; or a finished short story
 * (one to three chapters), which the Short Story list needs 50 of.
 */
export type Cohort = 'rising' | 'established' | 'short';

/** A fiction while the site is being generated, with what decides its place in the lists. */
export interface Draft {
  fiction: FakeFiction;
  cohort: Cohort;
  /** How fast it is rising now: orders every Rising Stars list. */
  momentum: number;
  startedAt: number;
  releases: number[];
}

function weighted<T>(random: Random, choices: ReadonlyArray<readonly [T, number]>): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.uniform(0, total);
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = choices.at(-1);
  if (!last) throw new Error('weighted pick from no choices');
  return last[0];
}

export function makeTitle(random: Random): string {
  const w = words;
  const base = weighted<() => string>(random, [
    [() => `Reborn as a ${random.pick(w.CREATURES)}`, 3],
    [() => `The ${random.pick(w.ADJECTIVES)} ${random.pick(w.NOUNS)}`, 4],
    [() => `${random.pick(w.NOUNS)} of ${random.pick(w.PLACES)}`, 3],
    [() => `I Became the ${random.pick(w.ROLES)} of ${random.pick(w.PLACES)}`, 2],
    [() => `My ${random.pick(w.ROLES)} Is a ${random.pick(w.CREATURES)}`, 1],
    [() => `${random.pick(w.ADJECTIVES)} ${random.pick(w.NOUNS)}: ${random.pick(w.CHAPTER_PHRASES)}`, 2],
  ])();
  return random.chance(0.35) ? `${base} ${random.pick(w.BRACKETS)}` : base;
}

export function makeAuthorName(random: Random): string {
  if (random.chance(0.15)) return random.pick(words.PEN_NAMES);
  return `${random.pick(words.NAME_PARTS)}${random.pick(words.NAME_SUFFIXES)}`;
}

/** HTML blocks as an author's blurb has them: paragraphs, sometimes a rule and a "What to expect" list. */
export function makeDescription(random: Random): string[] {
  const hero = random.pick(words.HEROES);
  const blocks = [
    `<p>${hero} wakes up with ${random.pick(words.POWERS)}.</p>`,
    `<p>Now ${hero} has to ${random.pick(words.GOALS)}, and ${random.pick(words.GOALS)} if there's time left.</p>`,
  ];
  if (random.chance(0.5)) blocks.push(`<p>It won't be easy. It was never going to be easy.&nbsp;</p>`);
  if (random.chance(0.4)) {
    blocks.push('<hr>', '<p><strong>What to expect:</strong></p>');
    for (const line of random.sample(
      ['Slow burn', 'Weak to strong', 'Crafting', 'No harem', 'Found family'],
      3,
    )) {
      blocks.push(`<p>- ${line}</p>`);
    }
  }
  if (random.chance(0.5))
    blocks.push(`<p><strong>Release schedule:</strong> ${random.int(3, 7)} chapters a week</p>`);
  return blocks;
}

export function makeType(random: Random): FictionType {
  return random.chance(0.07) ? 'Fan Fiction' : 'Original';
}

export function makeStatus(random: Random, cohort: Cohort): FictionStatus {
  if (cohort === 'rising') return random.chance(0.94) ? 'ONGOING' : 'HIATUS';
  if (cohort === 'short') return 'COMPLETED';
  return weighted<FictionStatus>(random, [
    ['ONGOING', 50],
    ['COMPLETED', 25],
    ['HIATUS', 10],
    ['STUB', 5],
    ['DROPPED', 5],
    ['INACTIVE', 5],
  ]);
}

export function makeWarnings(random: Random): string[] {
  if (random.chance(0.55)) return [];
  return random.sample(words.WARNINGS, random.int(1, 3));
}

/** When the latest chapter came out, by status: ongoing fictions update often, dropped ones long ago. */
function lastUpdateFor(random: Random, status: FictionStatus, cohort: Cohort): number {
  const daysAgo: Record<FictionStatus, [number, number]> = {
    ONGOING: cohort === 'rising' ? [0.05, 3] : [0.2, 10],
    COMPLETED: [30, 900],
    HIATUS: cohort === 'rising' ? [8, 20] : [60, 200],
    STUB: [100, 800],
    DROPPED: [200, 1500],
    INACTIVE: [200, 1500],
  };
  const [min, max] = daysAgo[status];
  return Math.round((NOW - random.uniform(min, max) * DAY) / 1000) * 1000;
}

export interface Timeline {
  startedAt: number;
  /** Release instants in ms, oldest first, whole seconds. */
  releases: number[];
}

/** Release dates: a launch burst of a few chapters within hours, then a steady pace up to the last update. */
export function makeTimeline(random: Random, status: FictionStatus, cohort: Cohort): Timeline {
  const lastUpdate = lastUpdateFor(random, status, cohort);
  let count: number;
  let startedAt: number;
  if (cohort === 'rising') {
    const days = random.uniform(12, 95);
    startedAt = lastUpdate - days * DAY;
    count = random.int(3, 10) + Math.round(days * random.uniform(0.35, 1.1));
  } else if (cohort === 'short') {
    count = random.int(1, 3);
    startedAt = lastUpdate - random.uniform(0, 2) * DAY;
  } else {
    count = status === 'STUB' ? random.int(2, 8) : 40 + Math.floor(410 * random.next() ** 2);
    startedAt = Math.max(
      Date.parse('2015-03-01T00:00:00Z'),
      lastUpdate - count * random.uniform(1.2, 4) * DAY,
    );
  }
  const burst = Math.min(count, random.int(1, 8));
  const releases: number[] = [];
  for (let i = 0; i < burst; i++) releases.push(startedAt + i * random.int(5, 40) * 60_000);
  const burstEnd = releases.at(-1) ?? startedAt;
  const rest = count - burst;
  const step = (lastUpdate - burstEnd) / Math.max(rest, 1);
  for (let i = 1; i <= rest; i++) {
    const jitter = i === rest ? 0 : random.uniform(-1, 1) * Math.min(3 * HOUR, step / 3);
    releases.push(burstEnd + step * i + jitter);
  }
  const seconds = releases.map((at) => Math.round(at / 1000) * 1000).sort((a, b) => a - b);
  return { startedAt: seconds[0] ?? startedAt, releases: seconds };
}

const CHAPTER_STYLES = [
  (n: number, phrase: string) => `Chapter ${n}: ${phrase}`,
  (n: number, phrase: string) => `Chapter ${String(n).padStart(2, '0')} - ${phrase}`,
  (n: number, phrase: string) => `${n}. ${phrase}`,
  (n: number) => `Chapter ${n}`,
];

/** Chapter titles in one style per fiction, with the odd unnumbered interlude. */
export function makeChapterTitles(random: Random, count: number): string[] {
  const style = random.pick(CHAPTER_STYLES);
  const titles: string[] = [];
  let number = 1;
  for (let i = 0; i < count; i++) {
    if (i > 3 && random.chance(0.04)) {
      titles.push(`Interlude: ${random.pick(words.CHAPTER_PHRASES)}`);
    } else {
      titles.push(style(number, random.pick(words.CHAPTER_PHRASES)));
      number++;
    }
  }
  return titles;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

export function makeScores(random: Random, cohort: Cohort): FakeScores {
  const overall = round(random.uniform(cohort === 'rising' ? 4.2 : 3.7, 4.9), 4);
  const near = () => Math.min(5, Math.max(0.5, round(overall + random.uniform(-0.3, 0.35), 1)));
  return { overall, style: near(), story: near(), grammar: near(), character: near() };
}

/** Counters that hang together; `momentum` (0…1) drives how many followers a rising fiction has gathered. */
export function makeStats(random: Random, cohort: Cohort, momentum: number, chapters: number): FakeStats {
  const followers =
    cohort === 'rising'
      ? Math.round(120 + 3200 * ((momentum - 0.3) / 0.7) ** 3 * random.uniform(0.8, 1.2))
      : cohort === 'short'
        ? random.int(15, 900)
        : Math.round(Math.exp(random.uniform(Math.log(300), Math.log(60_000))));
  const totalViews = Math.round(
    followers * (cohort === 'rising' ? random.uniform(35, 90) : random.uniform(60, 220)),
  );
  return {
    followers,
    favorites: Math.round(followers * random.uniform(0.1, 0.22)),
    ratings: Math.max(1, Math.round(followers * random.uniform(0.04, 0.11))),
    pages: Math.max(1, Math.round(chapters * random.uniform(4, 12))),
    totalViews,
    averageViews: Math.round(totalViews / Math.max(chapters, 1)),
  };
}
