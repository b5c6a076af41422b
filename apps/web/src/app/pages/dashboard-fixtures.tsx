// A signed-in reader's dashboard over a fake API, for the dashboard's tests.
import type { Fiction, ReadingStatus, UserFiction, UserFictionStats } from '@rrc/contract';
import {
  type ApiRoutes,
  mockApi,
  ok,
  reader,
  renderWithProviders,
  storeSession,
} from '../../test/render.tsx';
import { DashboardPage } from './DashboardPage.tsx';

export function fiction(id: number, title: string): Fiction {
  return {
    id,
    royalroad_id: 20_000 + id,
    title,
    author_name: 'An Author',
    author_id: null,
    description: null,
    image_url: null,
    status: 'ONGOING',
    type: null,
    tags: [],
    warnings: [],
    pages: null,
    ratings: null,
    followers: 10,
    favorites: null,
    total_views: null,
    average_views: null,
    overall_score: 4.5,
    style_score: null,
    story_score: null,
    grammar_score: null,
    character_score: null,
    chapter_count: 20,
    sponsored: false,
    last_scraped_at: null,
    created_at: '2024-05-01T10:00:00.000Z',
  };
}

/** An entry of the list; a favorite planned to read unless told otherwise. */
export function entry(
  id: number,
  title: string,
  isFavorite = true,
  status: ReadingStatus = 'plan_to_read',
): UserFiction {
  return {
    id: 900 + id,
    fiction_id: id,
    status,
    is_favorite: isFavorite,
    favorite_position: isFavorite ? id : null,
    current_chapter: 0,
    total_chapters: null,
    created_at: '2024-06-01T10:00:00.000Z',
    updated_at: '2024-06-01T10:00:00.000Z',
    fiction: fiction(id, title),
  };
}

/** What GET /api/userFictions/stats answers for a list. */
export function statsOf(list: UserFiction[]): UserFictionStats {
  const count = (status: ReadingStatus) => list.filter((item) => item.status === status).length;
  return {
    total: list.length,
    reading: count('reading'),
    completed: count('completed'),
    on_hold: count('on_hold'),
    dropped: count('dropped'),
    plan_to_read: count('plan_to_read'),
    favorites: list.filter((item) => item.is_favorite).length,
  };
}

/**
 * The dashboard of a signed-in reader whose favorites hold `favorites` (answered
 * anew on each request) and whose whole list holds `all`.
 */
export function renderDashboard(
  lists: { favorites: () => UserFiction[]; all?: () => UserFiction[] },
  extra: ApiRoutes = {},
) {
  storeSession(reader);
  const noBadges = () => ok({ captured_at: null, badges: {} });
  const routes: ApiRoutes = {
    'GET /api/auth/profile': () => ok({ user: reader }),
    'GET /api/userFictions/favorites?limit=1000': () => {
      const userFictions = lists.favorites();
      return ok({
        userFictions,
        pagination: { page: 1, limit: 1000, total: userFictions.length, totalPages: 1 },
      });
    },
    'GET /api/userFictions/all': () => ok(lists.all?.() ?? lists.favorites()),
    'GET /api/userFictions/stats': () => ok(statsOf(lists.all?.() ?? lists.favorites())),
    'GET /api/rising-stars/latest?fictionIds=1': noBadges,
    'GET /api/rising-stars/latest?fictionIds=1,2': noBadges,
    ...extra,
  };
  const calls = mockApi(routes);
  return { ...renderWithProviders(<DashboardPage />, { route: '/dashboard' }), calls };
}
