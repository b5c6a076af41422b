// The demo's accounts (the administrator, the heavy reader, the readers) and their reading lists.
import {
  type DemoPlan,
  type DemoUser,
  demoUsers,
  HEAVY_EMAIL,
  heavyEntries,
  readerEntries,
  weightedTable,
} from '@rrc/demo-data';
import type { BulkLoad } from '../../db/bulk-load.ts';
import { iso, seconds } from './times.ts';
import type { FictionFacts } from './write-fictions.ts';

/** What the summary tells of the heavy reader. */
export interface HeavyReader {
  email: string;
  favorites: number;
  withRisingStars: number;
  onLatestCapture: number;
}

export async function writeUsers(
  load: BulkLoad,
  plan: DemoPlan,
  facts: FictionFacts,
  passwordHash: string,
  log: (line: string) => void,
): Promise<{ users: number; listEntries: number; heavy: HeavyReader }> {
  const started = performance.now();
  const { seed, end, scale } = plan;
  const users = demoUsers(seed, scale.readers, end);
  const inserter = load.inserter(
    'users',
    [
      ['email', 'text'],
      ['name', 'text'],
      ['password_hash', 'text'],
      ['admin', 'boolean'],
      ['created_at', 'timestamptz'],
      ['updated_at', 'timestamptz'],
      ['last_seen_at', 'timestamptz'],
    ],
    { returning: ['id', 'email'] },
  );
  const userIds = new Map<string, number>();
  for (const [k, user] of users.entries()) {
    const full = inserter.push([
      user.email,
      user.name,
      passwordHash,
      user.admin,
      iso(user.createdAt),
      iso(user.createdAt),
      user.lastSeenAt === null ? null : iso(user.lastSeenAt),
    ]);
    if (full || k === users.length - 1) {
      for (const row of await inserter.flush()) userIds.set(String(row.email), Number(row.id));
    }
  }

  const entries = load.inserter('user_fictions', [
    ['user_id', 'integer'],
    ['fiction_id', 'integer'],
    ['status', 'text'],
    ['is_favorite', 'boolean'],
    ['favorite_position', 'integer'],
    ['current_chapter', 'integer'],
    ['total_chapters', 'integer'],
    ['created_at', 'timestamptz'],
    ['updated_at', 'timestamptz'],
  ]);
  const write = async (user: DemoUser, list: ReturnType<typeof readerEntries>) => {
    const userId = userIds.get(user.email);
    if (userId === undefined) throw new Error(`user ${user.email} was not written`);
    for (const entry of list) {
      const full = entries.push([
        userId,
        facts.ids[entry.fiction],
        entry.status,
        entry.favorite,
        entry.favoritePosition,
        entry.currentChapter,
        entry.totalChapters,
        iso(entry.createdAt),
        iso(entry.updatedAt),
      ]);
      if (full) await entries.flush();
    }
  };

  // Readers pick popular fictions, new Rising Stars fictions a little more often.
  const weights = new Float64Array(scale.fictions);
  for (let i = 0; i < scale.fictions; i++) {
    weights[i] = ((facts.followers[i] as number) + 3) ** 0.85 * (plan.profiles[i]?.riser ? 1.5 : 1);
  }
  const popularity = weightedTable(weights);
  const [admin, heavy, ...readers] = users as [DemoUser, DemoUser, ...DemoUser[]];
  await write(
    admin,
    readerEntries({
      seed,
      n: 0,
      user: admin,
      end,
      popularity,
      chapters: facts.chapters,
      maxEntries: 12,
      count: 12,
    }),
  );

  const latest = plan.captures.at(-1) ?? new Int32Array();
  const latestCapture = [...new Set(latest)];
  const seenOrder: number[] = [];
  const seen = new Set<number>();
  for (let c = plan.captures.length - 1; c >= 0; c--) {
    for (const fiction of plan.captures[c] as Int32Array) {
      if (!seen.has(fiction)) {
        seen.add(fiction);
        seenOrder.push(fiction);
      }
    }
  }
  const byFollowers = Array.from({ length: scale.fictions }, (_, i) => i).sort(
    (a, b) => (facts.followers[b] as number) - (facts.followers[a] as number) || a - b,
  );
  const heavyList = heavyEntries({
    seed,
    user: heavy,
    end,
    count: scale.heavyEntries,
    latestCapture,
    risingStars: seenOrder,
    byFollowers,
    chapters: facts.chapters,
  });
  await write(heavy, heavyList);
  const onLatest = new Set(latestCapture);

  let reported = 0;
  for (const [k, reader] of readers.entries()) {
    await write(
      reader,
      readerEntries({
        seed,
        n: k + 1,
        user: reader,
        end,
        popularity,
        chapters: facts.chapters,
        maxEntries: scale.maxEntries,
      }),
    );
    if (k + 1 === readers.length || k + 1 - reported >= readers.length / 5) {
      reported = k + 1;
      await entries.flush();
      log(
        `  readers ${(k + 1).toLocaleString('en')}/${readers.length.toLocaleString('en')}, list entries ${entries.written.toLocaleString('en')} (${seconds(started)} s)`,
      );
    }
  }
  await entries.flush();
  return {
    users: inserter.written,
    listEntries: entries.written,
    heavy: {
      email: HEAVY_EMAIL,
      favorites: heavyList.length,
      withRisingStars: heavyList.filter((entry) => seen.has(entry.fiction)).length,
      onLatestCapture: heavyList.filter((entry) => onLatest.has(entry.fiction)).length,
    },
  };
}
