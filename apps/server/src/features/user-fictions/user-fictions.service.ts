import { type Fiction, READING_STATUSES, type UserFiction, type UserFictionStats } from '@rrc/contract';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { toFiction } from '../fictions/fiction.mapper.ts';
import type { FictionsRepository } from '../fictions/fictions.repository.ts';
import type { UserFictionRow, UserFictionsRepository } from './user-fictions.repository.ts';

export const CANNOT_REMOVE_FAVORITE = 'Cannot remove favorite fictions. Please remove from favorites first.';
const NOT_IN_LIST = 'That fiction is not in your list.';

export function userFictionsService(deps: {
  userFictions: UserFictionsRepository;
  fictions: FictionsRepository;
  now: () => Date;
}) {
  const { userFictions, fictions } = deps;
  const now = () => deps.now().toISOString();

  /** Rows with their fictions, in the rows' order. */
  async function withFictions(rows: UserFictionRow[]): Promise<UserFiction[]> {
    const fictionRows = await fictions.findByIds([...new Set(rows.map((row) => row.fiction_id))]);
    const byId = new Map<number, Fiction>(fictionRows.map((row) => [row.id, toFiction(row)]));
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

    favoritesVersion(userId: number): Promise<string> {
      return userFictions.favoritesVersion(userId);
    },

    async favorites(userId: number, options: { page: number; limit: number }) {
      const { rows, total } = await userFictions.favorites(userId, {
        offset: (options.page - 1) * options.limit,
        limit: options.limit,
      });
      return { userFictions: await withFictions(rows), total };
    },

    async all(userId: number): Promise<UserFiction[]> {
      return withFictions(await userFictions.all(userId));
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
      const fiction = await fictions.findById(fictionId);
      if (!fiction) throw notFound('No fiction has that id.');
      const row = await userFictions.add(userId, { fictionId, status, now: now() });
      if (!row) throw conflict('This fiction is already in your list.');
      return toUserFiction(row, toFiction(fiction));
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
      const fiction = await fictions.findById(fictionId);
      if (!fiction) throw notFound('No fiction has that id.');
      return toUserFiction(await userFictions.toggleFavorite(userId, fictionId, now()), toFiction(fiction));
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
