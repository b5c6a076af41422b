import { createHash } from 'node:crypto';
import {
  type AddFictionResult,
  type FavoriteEntry,
  type Fiction,
  READING_STATUSES,
  type UserFiction,
  type UserFictionStats,
} from '@rrc/contract';
import type { ChangeBus } from '../../db/change-bus.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import type { EncodedAnswer } from '../../http/encoded-answer.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { Requester } from '../../royalroad/request-queues.ts';
import type { FictionsService } from '../fictions/fictions.service.ts';
import type { ScrapingService } from '../scraping/scraping.service.ts';
import { favoriteFiction } from './favorite-card.ts';
import type { UserFictionRow, UserFictionsRepository } from './user-fictions.repository.ts';

export const CANNOT_REMOVE_FAVORITE = 'Cannot remove favorite fictions. Please remove from favorites first.';
const NOT_IN_LIST = 'That fiction is not in your list.';

/** Favorites answers kept as sent, by reader, page and version: at most this many bytes in all. */
const FAVORITE_ANSWER_BYTES = 16 * 1024 * 1024;
/** Bounds how long a fiction change the version cannot see (one in the same millisecond) can go unseen. */
const FAVORITE_ANSWER_TTL_MS = 30_000;

/** A favorites page as sent, with the ETag of its bytes. */
export type FavoritesAnswer = EncodedAnswer & { etag: string };

export function userFictionsService(deps: {
  userFictions: UserFictionsRepository;
  fictions: FictionsService;
  scraping: Pick<ScrapingService, 'findOrImport'>;
  now: () => Date;
  /** Where the database announces changed lists and fictions (PostgreSQL): the versions are kept until then. */
  changes?: ChangeBus;
}) {
  const { userFictions, fictions, changes } = deps;
  const now = () => deps.now().toISOString();
  // At most 1,000 answers and FAVORITE_ANSWER_BYTES in all.
  const favoriteAnswers = new TtlCache<FavoritesAnswer>({
    ttlMs: FAVORITE_ANSWER_TTL_MS,
    maxEntries: 1_000,
    maxWeight: FAVORITE_ANSWER_BYTES,
    weigh: (answer) => answer.body.length,
  });

  // When one of a reader's favorites last changed, by reader, list version and when any fiction last
  // changed: the join over their favorites runs again only after a fiction changed somewhere.
  const favoriteChanges = new TtlCache<string>({ ttlMs: FAVORITE_ANSWER_TTL_MS, maxEntries: 10_000 });

  // Each reader's list version and when any fiction last changed, kept by this instance while the database
  // tells every instance of each change (`favorites:<reader>` for a list, `fictions` for any fiction, and
  // any change made through the site); read with every request otherwise (SQLite, or not listening).
  const keptVersions =
    changes?.shared === true
      ? new TtlCache<{ listVersion: number; fictionsChangedAt: string }>({
          ttlMs: FAVORITE_ANSWER_TTL_MS,
          maxEntries: 10_000,
          usable: () => changes.coherent,
        })
      : null;
  if (changes && keptVersions) {
    changes.subscribe('favorites', (userId) =>
      userId === null ? keptVersions.clear() : keptVersions.delete(userId),
    );
    changes.subscribe('fictions', () => keptVersions.clear());
    changes.subscribe('public', () => keptVersions.clear());
  }
  const listVersionAndFictionsChanged = async (userId: number) => {
    if (!keptVersions || !changes) return userFictions.listVersionAndFictionsChanged(userId);
    await changes.caughtUp();
    return keptVersions.get(String(userId), () => userFictions.listVersionAndFictionsChanged(userId));
  };

  /**
   * Changes whenever the reader's favorites answer does: with their list's version (raised by every
   * change to it) and when one of its fictions last changed.
   */
  async function favoritesVersion(userId: number): Promise<string> {
    const { listVersion, fictionsChangedAt: anyChanged } = await listVersionAndFictionsChanged(userId);
    const mine = await favoriteChanges.get(`${userId}|${listVersion}|${anyChanged}`, () =>
      userFictions.favoritesChangedAt(userId),
    );
    return `${listVersion}|${mine}`;
  }

  async function favorites(userId: number, options: { page: number; limit: number }) {
    const { rows, total } = await userFictions.favorites(userId, {
      offset: (options.page - 1) * options.limit,
      limit: options.limit,
    });
    const entries: FavoriteEntry[] = (await withFictions(rows)).map(
      ({ created_at: _created, updated_at: _updated, fiction, ...entry }) => ({
        ...entry,
        fiction: favoriteFiction(fiction),
      }),
    );
    return { userFictions: entries, total };
  }

  /** Rows with their fictions, in the rows' order. */
  async function withFictions(rows: UserFictionRow[]): Promise<UserFiction[]> {
    const found = await fictions.byIds([...new Set(rows.map((row) => row.fiction_id))]);
    const byId = new Map<number, Fiction>(found.map((fiction) => [fiction.id, fiction]));
    return rows.flatMap((row) => {
      const fiction = byId.get(row.fiction_id);
      return fiction ? [toUserFiction(row, fiction)] : [];
    });
  }

  function toUserFiction(row: UserFictionRow, fiction: Fiction): UserFiction {
    return {
      id: row.id,
      fiction_id: row.fiction_id,
      status: (READING_STATUSES as readonly string[]).includes(row.status)
        ? (row.status as UserFiction['status'])
        : 'plan_to_read',
      is_favorite: Boolean(row.is_favorite),
      favorite_position: row.favorite_position,
      current_chapter: row.current_chapter,
      total_chapters: row.total_chapters,
      created_at: row.created_at,
      updated_at: row.updated_at,
      fiction,
    };
  }

  async function one(row: UserFictionRow): Promise<UserFiction> {
    const [result] = await withFictions([row]);
    if (!result) throw notFound(NOT_IN_LIST);
    return result;
  }

  return {
    withFictions,

    async page(userId: number, options: { page: number; limit: number; status?: string }) {
      const { rows, total } = await userFictions.page(userId, {
        offset: (options.page - 1) * options.limit,
        limit: options.limit,
        status: options.status,
      });
      return { userFictions: await withFictions(rows), total };
    },

    /**
     * A page of the reader's favorites as sent: `serialize` turns the page into the answer's text. The answer
     * is kept until the list or one of its fictions changes, which a cheap query tells.
     */
    async favoritesAnswer(
      userId: number,
      options: { page: number; limit: number },
      serialize: (found: { userFictions: FavoriteEntry[]; total: number }) => string,
    ): Promise<FavoritesAnswer> {
      const version = await favoritesVersion(userId);
      return favoriteAnswers.get(`${userId}|${options.page}|${options.limit}|${version}`, async () => {
        const body = Buffer.from(serialize(await favorites(userId, options)));
        return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
      });
    },

    async all(userId: number): Promise<UserFiction[]> {
      return withFictions(await userFictions.all(userId));
    },

    /** The reader's list as stored, favorites first (exports write it out whole). */
    entries(userId: number): Promise<UserFictionRow[]> {
      return userFictions.all(userId);
    },

    async stats(userId: number): Promise<UserFictionStats> {
      const { byStatus, favorites } = await userFictions.stats(userId);
      const stats: UserFictionStats = {
        total: 0,
        reading: 0,
        completed: 0,
        on_hold: 0,
        dropped: 0,
        plan_to_read: 0,
        favorites,
      };
      for (const { status, count } of byStatus) {
        stats.total += count;
        if ((READING_STATUSES as readonly string[]).includes(status))
          stats[status as keyof UserFictionStats] += count;
      }
      return stats;
    },

    // Writes that are not safe to repeat answer from what was read before them: once the write is done,
    // nothing else can fail and turn a saved change into an error the reader would retry.
    async add(userId: number, fictionId: number, status: string): Promise<UserFiction> {
      const fiction = await fictions.byId(fictionId);
      if (!fiction) throw notFound('No fiction has that id.');
      const row = await userFictions.add(userId, { fictionId, status, now: now() });
      if (!row) throw conflict('This fiction is already in your list.');
      return toUserFiction(row, fiction);
    },

    /**
     * Adds a fiction by its Royal Road id as a favorite, last in the reader's order (API.md); a fiction new to
     * the site is read from Royal Road first.
     */
    async addFromRoyalRoad(
      userId: number,
      royalroadId: number,
      requester: Requester,
    ): Promise<AddFictionResult> {
      const fiction = await deps.scraping.findOrImport(royalroadId, requester);
      const entry = await userFictions.add(userId, {
        fictionId: fiction.id,
        status: 'plan_to_read',
        now: now(),
      });
      if (!entry) throw new AppError(409, `"${fiction.title}" is already in your list.`);
      return { title: fiction.title, fiction, userFictionId: entry.id };
    },

    async setStatus(userId: number, id: number, status: string): Promise<UserFiction> {
      const row = await userFictions.update(userId, id, { status }, now());
      if (!row) throw notFound(NOT_IN_LIST);
      return one(row);
    },

    async setProgress(
      userId: number,
      id: number,
      currentChapter: number,
      totalChapters: number,
    ): Promise<UserFiction> {
      const row = await userFictions.update(
        userId,
        id,
        { current_chapter: currentChapter, total_chapters: totalChapters },
        now(),
      );
      if (!row) throw notFound(NOT_IN_LIST);
      return one(row);
    },

    async remove(userId: number, fictionId: number): Promise<void> {
      const outcome = await userFictions.remove(userId, fictionId);
      if (outcome === 'missing') throw notFound(NOT_IN_LIST);
      if (outcome === 'favorite') throw badRequest(CANNOT_REMOVE_FAVORITE);
    },

    async toggleFavorite(userId: number, fictionId: number): Promise<UserFiction> {
      const fiction = await fictions.byId(fictionId);
      if (!fiction) throw notFound('No fiction has that id.');
      return toUserFiction(await userFictions.toggleFavorite(userId, fictionId, now()), fiction);
    },

    async reorder(userId: number, fictionIds: number[]): Promise<void> {
      const outcome = await userFictions.reorder(userId, fictionIds, now());
      if (outcome === 'mismatch') {
        throw badRequest(
          'The new order must list each of your favorites exactly once. Reload the page and try again.',
        );
      }
    },
  };
}

export type UserFictionsService = ReturnType<typeof userFictionsService>;
