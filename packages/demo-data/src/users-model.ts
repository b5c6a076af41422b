/**
 * Demo readers and their lists. List sizes are skewed like real reading lists: a few percent never add
 * anything, most keep a handful (median 8), some keep hundreds. Readers pick fictions in proportion to
 * followers^0.85 (popular fictions are in many lists), new Rising Stars fictions a little more often.
 * Adding a fiction makes it a favorite, last in the order (as the app does); about one entry in four
 * was unfavorited since, and some readers reordered their favorites.
 */
import { READING_STATUSES } from '@rrc/contract';
import { DAY_MS } from './fictions-model.ts';
import { clamp, createRandom, type Random, seedOf, type WeightedTable, weightedSample } from './random.ts';
import { FIRST_NAMES, LAST_NAMES, NAME_PARTS, NAME_SUFFIXES } from './vocabulary.ts';

export const DEMO_EMAIL_DOMAIN = 'demo.rrcompanion.test';
export const ADMIN_EMAIL = `admin@${DEMO_EMAIL_DOMAIN}`;
export const HEAVY_EMAIL = `heavy@${DEMO_EMAIL_DOMAIN}`;
export const DEMO_PASSWORD = 'Readers4ever';

export const readerEmail = (n: number) => `reader${String(n).padStart(5, '0')}@${DEMO_EMAIL_DOMAIN}`;

export interface DemoUser {
  email: string;
  name: string;
  admin: boolean;
  createdAt: number;
  lastSeenAt: number | null;
}

export interface DemoEntry {
  fiction: number;
  status: string;
  favorite: boolean;
  favoritePosition: number | null;
  currentChapter: number;
  totalChapters: number;
  createdAt: number;
  updatedAt: number;
}

const STATUS_SHARES: Record<(typeof READING_STATUSES)[number], number> = {
  reading: 0.38,
  plan_to_read: 0.27,
  completed: 0.12,
  on_hold: 0.1,
  dropped: 0.13,
};

function drawStatus(random: Random): string {
  let u = random.next();
  for (const status of READING_STATUSES) {
    u -= STATUS_SHARES[status];
    if (u < 0) return status;
  }
  return 'reading';
}

function readerName(random: Random): string {
  if (random.chance(0.45)) return `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES).slice(0, 1)}.`;
  return `${random.pick(NAME_PARTS)}${random.pick(NAME_SUFFIXES)}${random.chance(0.5) ? random.int(1, 99) : ''}`;
}

/** The accounts: the admin, the heavy reader, then `readers` ordinary readers. */
export function demoUsers(seed: number, readers: number, end: number): DemoUser[] {
  const users: DemoUser[] = [
    {
      email: ADMIN_EMAIL,
      name: 'Demo Admin',
      admin: true,
      createdAt: end - 400 * DAY_MS,
      lastSeenAt: end - 3_600_000,
    },
    {
      email: HEAVY_EMAIL,
      name: 'Heavy Reader',
      admin: false,
      createdAt: end - 380 * DAY_MS,
      lastSeenAt: end - 2 * 3_600_000,
    },
  ];
  for (let n = 1; n <= readers; n++) {
    const random = createRandom(seedOf(seed, 'reader', n));
    const createdAt = end - random.uniform(1, 400) * DAY_MS;
    const lastSeenAt = random.chance(0.1)
      ? null
      : Math.min(end - 60_000, Math.max(createdAt, end - random.gamma(0.7) * 20 * DAY_MS));
    users.push({ email: readerEmail(n), name: readerName(random), admin: false, createdAt, lastSeenAt });
  }
  return users;
}

/** How many fictions an ordinary reader keeps. */
export function entryCount(random: Random, max: number): number {
  if (random.chance(0.06)) return 0;
  return clamp(Math.round(random.logNormal(Math.log(8), 1.35)), 1, max);
}

function entriesFor(
  fictions: readonly number[],
  random: Random,
  user: DemoUser,
  end: number,
  chapters: ArrayLike<number>,
  options: { allFavorites: boolean },
): DemoEntry[] {
  const start = user.createdAt;
  const times = fictions.map(() => start + random.next() * (end - 3_600_000 - start)).sort((a, b) => a - b);
  const entries = fictions.map((fiction, k): DemoEntry => {
    const status = drawStatus(random);
    const total = Math.max(1, chapters[fiction] ?? 1);
    const currentChapter =
      status === 'completed'
        ? total
        : status === 'plan_to_read'
          ? 0
          : status === 'reading'
            ? random.int(1, total)
            : random.int(1, Math.max(1, Math.floor(total / 2)));
    const createdAt = times[k] as number;
    const updatedAt = Math.min(end - 60_000, createdAt + random.gamma(0.5) * 30 * DAY_MS);
    return {
      fiction,
      status,
      favorite: options.allFavorites || random.chance(0.75),
      favoritePosition: null,
      currentChapter,
      totalChapters: total,
      createdAt,
      updatedAt,
    };
  });
  const favorites = entries.filter((entry) => entry.favorite);
  if (!options.allFavorites && random.chance(0.3)) random.shuffle(favorites);
  favorites.forEach((entry, k) => {
    entry.favoritePosition = k + 1;
  });
  return entries;
}

/** An ordinary reader's list. */
export function readerEntries(input: {
  seed: number;
  n: number;
  user: DemoUser;
  end: number;
  popularity: WeightedTable;
  chapters: ArrayLike<number>;
  maxEntries: number;
  /** A fixed list size instead of a drawn one. */
  count?: number;
}): DemoEntry[] {
  const random = createRandom(seedOf(input.seed, 'entries', input.n));
  const count = input.count ?? entryCount(random, input.maxEntries);
  const fictions = weightedSample(input.popularity, count, random);
  return entriesFor(fictions, random, input.user, input.end, input.chapters, { allFavorites: false });
}

/**
 * The heavy reader: `count` favorites, most of them fictions with Rising Stars records: first the
 * fictions of the latest capture (six in ten), then others seen on Rising Stars (two in ten), then the
 * most followed fictions, shuffled into a reader's own order.
 */
export function heavyEntries(input: {
  seed: number;
  user: DemoUser;
  end: number;
  count: number;
  latestCapture: readonly number[];
  risingStars: readonly number[];
  byFollowers: readonly number[];
  chapters: ArrayLike<number>;
}): DemoEntry[] {
  const random = createRandom(seedOf(input.seed, 'heavy'));
  const chosen = new Set<number>();
  const take = (source: readonly number[], wanted: number) => {
    for (const fiction of source) {
      if (chosen.size >= wanted) return;
      chosen.add(fiction);
    }
  };
  take(input.latestCapture, Math.round(input.count * 0.6));
  take(input.risingStars, Math.round(input.count * 0.8));
  take(input.byFollowers, input.count);
  take(input.latestCapture, input.count);
  take(input.risingStars, input.count);
  const fictions = random.shuffle([...chosen]);
  return entriesFor(fictions, random, input.user, input.end, input.chapters, { allFavorites: true });
}
