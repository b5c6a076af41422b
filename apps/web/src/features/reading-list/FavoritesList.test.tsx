import type { FavoriteEntry, RisingStarBadge } from '@rrc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiCall,
  type ApiRoutes,
  deferred,
  failure,
  mockApi,
  ok,
  renderWithProviders,
} from '../../test/render.tsx';
import { FavoritesList } from './components/FavoritesList.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type CardFiction = FavoriteEntry['fiction'];

/** What the favorites answer carries of a fiction: the description is plain text, cut by the server. */
function fiction(overrides: Partial<CardFiction> = {}): CardFiction {
  return {
    id: 1,
    royalroad_id: 21220,
    title: 'Mother of Learning',
    author_name: 'nobody103',
    description: 'A time loop story.',
    image_url: 'https://www.royalroadcdn.com/covers/mol.jpg',
    status: 'COMPLETED',
    tags: ['Fantasy', 'Magic'],
    followers: 34567,
    overall_score: 4.83,
    chapter_count: 109,
    ...overrides,
  };
}

/** A favorite entry of the list; `fiction_id` follows the fiction's internal id. */
function favorite(
  id: number,
  fictionOverrides: Partial<CardFiction> = {},
  overrides: Partial<FavoriteEntry> = {},
) {
  const f = fiction({ id, royalroad_id: 10_000 + id, title: `Fiction ${id}`, ...fictionOverrides });
  return {
    id: 500 + id,
    fiction_id: f.id,
    status: 'reading',
    is_favorite: true,
    favorite_position: id,
    current_chapter: 3,
    total_chapters: 10,
    fiction: f,
    ...overrides,
  } satisfies FavoriteEntry;
}

function page(entries: FavoriteEntry[]) {
  return ok({
    userFictions: entries,
    pagination: { page: 1, limit: 1000, total: entries.length, totalPages: 1 },
  });
}

const FAVORITES = 'GET /api/userFictions/favorites?limit=1000';
const badgesRoute = (ids: number[]) => `GET /api/rising-stars/latest?fictionIds=${ids.join(',')}`;
const NO_BADGES = ok({ captured_at: '2025-01-02T08:24:00.000Z', badges: {} });

function badge(genre: string, position: number, previous: number | null): RisingStarBadge {
  return {
    genre,
    position,
    captured_at: '2025-01-02T08:24:00.000Z',
    previous_position: previous,
    previous_captured_at: previous === null ? null : '2025-01-02T02:24:00.000Z',
  };
}

function cards() {
  return screen.getAllByTestId('favorite-card');
}

function cardOf(title: string) {
  const card = cards().find((li) => within(li).queryByRole('link', { name: title }));
  if (!card) throw new Error(`No card for ${title}`);
  return card;
}

/** The value shown next to a label (Status, Followers, Score) in a card. */
function stat(card: HTMLElement, label: string) {
  return within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

function titlesInOrder() {
  return cards().map((card) => within(card).getAllByRole('link')[0]?.textContent);
}

function badgeCalls(calls: ApiCall[]) {
  return calls.filter((call) => call.path.startsWith('/api/rising-stars'));
}

async function renderFavorites(
  entries: FavoriteEntry[] | (() => FavoriteEntry[]),
  badges: Response | (() => Response) = NO_BADGES,
  extra: ApiRoutes = {},
) {
  const list = typeof entries === 'function' ? entries : () => entries;
  const calls = mockApi({
    [FAVORITES]: () => page(list()),
    [badgesRoute(
      list()
        .map((entry) => entry.fiction_id)
        .sort((a, b) => a - b),
    )]: () => (typeof badges === 'function' ? badges() : badges.clone()),
    ...extra,
  });
  const rendered = renderWithProviders(<FavoritesList />, { route: '/dashboard' });
  if (list().length > 0) await screen.findAllByTestId('favorite-card');
  return { ...rendered, calls };
}

describe('FavoritesList loading and empty states', () => {
  it('shows "Loading favorites..." until the list arrives, then the heading with the count', async () => {
    const reply = deferred<Response>();
    mockApi({ [FAVORITES]: () => reply.promise, [badgesRoute([1, 2])]: () => NO_BADGES.clone() });
    renderWithProviders(<FavoritesList />, { route: '/dashboard' });

    expect(screen.getByText('Loading favorites...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Favorites (0)' })).toBeInTheDocument();

    reply.resolve(page([favorite(1), favorite(2)]));
    expect(await screen.findByRole('heading', { name: 'Your Favorites (2)' })).toBeInTheDocument();
    expect(screen.queryByText('Loading favorites...')).not.toBeInTheDocument();
    expect(cards()).toHaveLength(2);
  });

  it('says so when there are no favorites, and asks for no Rising Stars badges', async () => {
    const calls = mockApi({ [FAVORITES]: () => page([]) });
    renderWithProviders(<FavoritesList />, { route: '/dashboard' });

    expect(await screen.findByText("You haven't added any favorites yet.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Favorites (0)' })).toBeInTheDocument();
    expect(badgeCalls(calls)).toHaveLength(0);
  });

  it('shows the server error, else "Failed to load favorites", with a Retry that loads the list', async () => {
    let attempt = 0;
    mockApi({
      [FAVORITES]: () => (++attempt === 1 ? failure(400) : page([favorite(1)])),
      [badgesRoute([1])]: () => NO_BADGES.clone(),
    });
    const { user } = renderWithProviders(<FavoritesList />, { route: '/dashboard' });

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load favorites$/);
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Your Favorites (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('FavoritesList cards', () => {
  it('shows cover, title, author, description, status, followers, score and two tags', async () => {
    await renderFavorites([
      favorite(1, {
        title: 'Mother of Learning',
        royalroad_id: 21220,
        author_name: 'nobody103',
        description: 'Zorian is stuck in a <loop>. Again & again…',
        status: 'COMPLETED',
        followers: 34567,
        overall_score: 4.83,
        tags: ['Fantasy', 'Magic'],
      }),
    ]);
    const card = cardOf('Mother of Learning');

    expect(within(card).getByAltText('Cover of Mother of Learning')).toHaveAttribute(
      'src',
      'https://www.royalroadcdn.com/covers/mol.jpg',
    );
    expect(within(card).getByText('by nobody103')).toBeInTheDocument();
    // The server sends plain text: what looks like markup in it is shown as written.
    expect(within(card).getByText('Zorian is stuck in a <loop>. Again & again…')).toBeInTheDocument();
    expect(card.querySelector('loop')).toBeNull();
    expect(stat(card, 'Status')).toBe('Completed');
    expect(stat(card, 'Followers')).toBe((34567).toLocaleString());
    expect(stat(card, 'Score')).toBe('4.8');
    const tags = within(within(card).getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['Fantasy', 'Magic']);
    expect(within(card).getByTitle('Drag to reorder')).toBeInTheDocument();
  });

  it('links the title to /fiction/{royalroad_id}/{title_slug}', async () => {
    const title = 'Reborn as a Demonic Rock [Monster Evolution LitRPG | Religion Building]';
    await renderFavorites([favorite(1, { title, royalroad_id: 98765 })]);

    expect(screen.getByRole('link', { name: title })).toHaveAttribute(
      'href',
      '/fiction/98765/reborn_as_a_demonic_rock_monster_evolution_litrpg_religion_building',
    );
  });

  it('falls back to Unknown Title, Unknown Author, No description available and 0 followers; no score without one', async () => {
    await renderFavorites([
      favorite(1, {
        title: '',
        author_name: null,
        description: null,
        image_url: null,
        followers: null,
        overall_score: null,
        tags: [],
      }),
    ]);
    const card = cards()[0] as HTMLElement;

    expect(within(card).getByRole('link', { name: 'Unknown Title' })).toBeInTheDocument();
    expect(within(card).getByText('by Unknown Author')).toBeInTheDocument();
    expect(within(card).getByText('No description available')).toBeInTheDocument();
    expect(stat(card, 'Followers')).toBe('0');
    expect(within(card).queryByText('Score')).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent('N/A');
    expect(within(card).queryByRole('list', { name: 'Tags' })).not.toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'No cover for Unknown Title', hidden: true })).toBeVisible();
    expect(within(card).queryByRole('img', { name: /^Cover of/, hidden: true })).toBeNull();
  });

  it('treats an empty description as missing and shows a whole score with one decimal', async () => {
    await renderFavorites([favorite(1, { description: '', overall_score: 4 })]);
    const card = cards()[0] as HTMLElement;

    expect(within(card).getByText('No description available')).toBeInTheDocument();
    expect(stat(card, 'Score')).toBe('4.0');
  });

  it('shows a placeholder instead of a cover image that fails to load', async () => {
    await renderFavorites([favorite(1, { title: 'Broken Cover' })]);
    const image = screen.getByAltText('Cover of Broken Cover');

    image.dispatchEvent(new Event('error'));

    expect(await screen.findByRole('img', { name: 'No cover for Broken Cover', hidden: true })).toBeVisible();
    expect(screen.queryByAltText('Cover of Broken Cover')).not.toBeInTheDocument();
  });
});

describe('FavoritesList Rising Stars badges', () => {
  it('asks once for the badges of the whole list and shows them on the right cards', async () => {
    const { calls } = await renderFavorites(
      [favorite(3), favorite(1), favorite(2)],
      ok({
        captured_at: '2025-01-02T08:24:00.000Z',
        badges: { '1': [badge('main', 12, 15)], '3': [badge('fantasy', 4, 4)] },
      }),
    );

    await waitFor(() =>
      expect(screen.getAllByRole('list', { name: 'Rising Stars positions' })).toHaveLength(2),
    );
    expect(badgeCalls(calls)).toHaveLength(1);
    expect(badgeCalls(calls)[0]?.path).toBe('/api/rising-stars/latest?fictionIds=1,2,3');
    expect(within(cardOf('Fiction 1')).getByText('Rising Stars #12')).toBeInTheDocument();
    expect(within(cardOf('Fiction 3')).getByText('Fantasy #4')).toBeInTheDocument();
    expect(within(cardOf('Fiction 2')).queryByRole('list', { name: 'Rising Stars positions' })).toBeNull();
  });

  it('says when the capture behind the badges was taken', async () => {
    await renderFavorites(
      [favorite(1)],
      ok({ captured_at: '2025-01-02T08:24:00.000Z', badges: { '1': [badge('main', 12, 15)] } }),
    );

    expect(await screen.findByTestId('freshness')).toHaveTextContent(
      /^Rising Stars captured Jan 2, 2025 — .+ ago$/,
    );
  });

  it("lists 'main' first, then the others alphabetically by label", async () => {
    await renderFavorites(
      [favorite(1)],
      ok({
        captured_at: '2025-01-02T08:24:00.000Z',
        badges: {
          '1': [
            badge('sci_fi', 9, 9),
            badge('one_shot', 2, 2),
            badge('main', 30, 30),
            badge('progression', 5, 5),
            badge('fantasy', 7, 7),
          ],
        },
      }),
    );
    const list = await screen.findByRole('list', { name: 'Rising Stars positions' });

    const labels = within(list)
      .getAllByRole('listitem')
      .map((item) => item.firstElementChild?.textContent);
    // 'one_shot' is labelled 'Short Story': ordered by label, not by slug.
    expect(labels).toEqual([
      'Rising Stars #30',
      'Fantasy #7',
      'Progression #5',
      'Sci-fi #9',
      'Short Story #2',
    ]);
  });

  it('shows the trend: a lower number is up, a higher one down, the same flat, a new entry up', async () => {
    await renderFavorites(
      [favorite(1)],
      ok({
        captured_at: '2025-01-02T08:24:00.000Z',
        badges: {
          '1': [
            badge('main', 10, 14),
            badge('action', 8, 3),
            badge('fantasy', 6, 6),
            badge('litrpg', 20, null),
          ],
        },
      }),
    );
    const list = await screen.findByRole('list', { name: 'Rising Stars positions' });
    const item = (name: string) =>
      within(list)
        .getAllByRole('listitem')
        .find((li) => li.firstElementChild?.textContent === name) as HTMLElement;

    expect(item('Rising Stars #10')).toHaveTextContent('▲');
    expect(within(item('Rising Stars #10')).getByText('moving up')).toBeInTheDocument();
    expect(item('Action #8')).toHaveTextContent('▼');
    expect(within(item('Action #8')).getByText('moving down')).toBeInTheDocument();
    expect(item('Fantasy #6')).toHaveTextContent('▬');
    expect(within(item('Fantasy #6')).getByText('holding')).toBeInTheDocument();
    expect(item('LitRPG #20')).toHaveTextContent('▲');
    expect(within(item('LitRPG #20')).getByText('moving up')).toBeInTheDocument();
    expect(item('LitRPG #20')).toHaveAttribute('title', 'LitRPG: #20, new on the list');
    expect(item('Action #8')).toHaveAttribute('title', 'Action: #8, was #3');
  });

  it('shows the list without badges and without an error when the badge request fails', async () => {
    const { calls } = await renderFavorites([favorite(1), favorite(2)], () =>
      failure(500, 'Rising Stars are down'),
    );

    await waitFor(() => expect(badgeCalls(calls)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(cards()).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Rising Stars positions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Rising Stars are down')).not.toBeInTheDocument();
    expect(badgeCalls(calls)).toHaveLength(1);
  });

  it("collapses more than 5 badges behind '+N more' and expands them on request", async () => {
    const { user } = await renderFavorites(
      [favorite(1)],
      ok({
        captured_at: '2025-01-02T08:24:00.000Z',
        badges: {
          '1': [
            badge('main', 1, 1),
            badge('action', 2, 2),
            badge('adventure', 3, 3),
            badge('comedy', 4, 4),
            badge('drama', 5, 5),
            badge('fantasy', 6, 6),
            badge('horror', 7, 7),
          ],
        },
      }),
    );
    const list = await screen.findByRole('list', { name: 'Rising Stars positions' });

    expect(within(list).getAllByTitle(/#\d+/)).toHaveLength(5);
    expect(within(list).queryByText('Fantasy #6')).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: '+2 more' }));

    expect(within(list).getAllByTitle(/#\d+/)).toHaveLength(7);
    expect(within(list).getByText('Horror #7')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Show fewer' }));
    expect(within(list).getAllByTitle(/#\d+/)).toHaveLength(5);
  });

  it('shows exactly 5 badges without a "+N more" button', async () => {
    await renderFavorites(
      [favorite(1)],
      ok({
        captured_at: null,
        badges: {
          '1': ['main', 'action', 'adventure', 'comedy', 'drama'].map((genre, i) =>
            badge(genre, i + 1, i + 1),
          ),
        },
      }),
    );
    const list = await screen.findByRole('list', { name: 'Rising Stars positions' });

    expect(within(list).getAllByTitle(/#\d+/)).toHaveLength(5);
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });
});

/**
 * jsdom has no layout: every card measures 0×0, so dnd-kit could not tell which
 * card the dragged one is over. Give each card its own 100 px row.
 */
function layOutCardsVertically() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const card = this.closest('[data-testid="favorite-card"]');
    const all = [...document.querySelectorAll('[data-testid="favorite-card"]')];
    const index = card ? all.indexOf(card) : -1;
    const top = index < 0 ? 0 : index * 100;
    const height = index < 0 ? 0 : 80;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: 600,
      height,
      right: 600,
      bottom: top + height,
      toJSON: () => ({}),
    } as DOMRect;
  });
}

describe('FavoritesList reorder with the keyboard', () => {
  it('moves a card down, shows the new order at once and saves it', async () => {
    layOutCardsVertically();
    const save = deferred<Response>();
    const entries = [favorite(1), favorite(2), favorite(3)];
    const calls = mockApi({
      [FAVORITES]: () => page(entries),
      [badgesRoute([1, 2, 3])]: () => NO_BADGES.clone(),
      'POST /api/userFictions/favorites/reorder': () => save.promise,
    });
    const { user } = renderWithProviders(<FavoritesList />, { route: '/dashboard' });
    await screen.findAllByTestId('favorite-card');
    expect(titlesInOrder()).toEqual(['Fiction 1', 'Fiction 2', 'Fiction 3']);

    within(cardOf('Fiction 1')).getByTitle('Drag to reorder').focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown][ArrowDown][ArrowDown][ArrowDown]');
    await user.keyboard('[Space]');

    await waitFor(() => expect(titlesInOrder()).toEqual(['Fiction 2', 'Fiction 1', 'Fiction 3']));
    expect(screen.getByText('Saving order...')).toBeInTheDocument();
    const reorder = calls.filter((call) => call.path === '/api/userFictions/favorites/reorder');
    expect(reorder).toHaveLength(1);
    expect(reorder[0]).toMatchObject({ method: 'POST', body: { fictionIds: [2, 1, 3] } });
    // The same fictions: the badges are not asked for again.
    expect(badgeCalls(calls)).toHaveLength(1);

    save.resolve(ok({ fictionIds: [2, 1, 3] }));
    await waitFor(() => expect(screen.queryByText('Saving order...')).not.toBeInTheDocument());
    expect(titlesInOrder()).toEqual(['Fiction 2', 'Fiction 1', 'Fiction 3']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('puts the previous order back and says so when saving fails', async () => {
    layOutCardsVertically();
    const save = deferred<Response>();
    const entries = [favorite(1), favorite(2), favorite(3)];
    mockApi({
      [FAVORITES]: () => page(entries),
      [badgesRoute([1, 2, 3])]: () => NO_BADGES.clone(),
      'POST /api/userFictions/favorites/reorder': () => save.promise,
    });
    const { user } = renderWithProviders(<FavoritesList />, { route: '/dashboard' });
    await screen.findAllByTestId('favorite-card');

    within(cardOf('Fiction 3')).getByTitle('Drag to reorder').focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowUp][ArrowUp][ArrowUp][ArrowUp][ArrowUp][ArrowUp][ArrowUp][ArrowUp]');
    await user.keyboard('[Space]');

    await waitFor(() => expect(titlesInOrder()).toEqual(['Fiction 3', 'Fiction 1', 'Fiction 2']));
    expect(screen.getByText('Saving order...')).toBeInTheDocument();

    save.resolve(failure(500, 'database is down'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Failed to save new order\. Please try again\.$/);
    expect(titlesInOrder()).toEqual(['Fiction 1', 'Fiction 2', 'Fiction 3']);
    expect(screen.queryByText('Saving order...')).not.toBeInTheDocument();
  });

  it('saves nothing when the card is dropped where it started', async () => {
    layOutCardsVertically();
    const entries = [favorite(1), favorite(2)];
    const calls = mockApi({
      [FAVORITES]: () => page(entries),
      [badgesRoute([1, 2])]: () => NO_BADGES.clone(),
    });
    const { user } = renderWithProviders(<FavoritesList />, { route: '/dashboard' });
    await screen.findAllByTestId('favorite-card');

    within(cardOf('Fiction 1')).getByTitle('Drag to reorder').focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown]');
    await user.keyboard('[Space]');
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(titlesInOrder()).toEqual(['Fiction 1', 'Fiction 2']);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});

describe('FavoritesList keyboard drag details', () => {
  async function renderThree() {
    layOutCardsVertically();
    const calls = mockApi({
      [FAVORITES]: () => page([favorite(1), favorite(2), favorite(3)]),
      [badgesRoute([1, 2, 3])]: () => NO_BADGES.clone(),
      'POST /api/userFictions/favorites/reorder': ({ body }) => ok(body),
    });
    const rendered = renderWithProviders(<FavoritesList />, { route: '/dashboard' });
    await screen.findAllByTestId('favorite-card');
    return { ...rendered, calls };
  }

  it('moves 25 pixels per arrow press: three presses pass the next card’s middle (100 px rows)', async () => {
    const { user, calls } = await renderThree();

    within(cardOf('Fiction 1')).getByTitle('Drag to reorder').focus();
    await user.keyboard('[Space]');
    await user.keyboard('[ArrowDown][ArrowDown][ArrowDown]');
    await user.keyboard('[Space]');

    await waitFor(() => expect(titlesInOrder()).toEqual(['Fiction 2', 'Fiction 1', 'Fiction 3']));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ fictionIds: [2, 1, 3] });
  });

  it('keeps the order and saves nothing when the drag is cancelled with Escape', async () => {
    const { user, calls } = await renderThree();

    within(cardOf('Fiction 1')).getByTitle('Drag to reorder').focus();
    await user.keyboard('[Space]');
    await user.keyboard(
      '[ArrowDown][ArrowDown][ArrowDown][ArrowDown][ArrowDown][ArrowDown][ArrowDown][ArrowDown]',
    );
    await user.keyboard('[Escape]');
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(titlesInOrder()).toEqual(['Fiction 1', 'Fiction 2', 'Fiction 3']);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('clears the save error on the next successful move', async () => {
    layOutCardsVertically();
    let attempt = 0;
    mockApi({
      [FAVORITES]: () => page([favorite(1), favorite(2)]),
      [badgesRoute([1, 2])]: () => NO_BADGES.clone(),
      'POST /api/userFictions/favorites/reorder': ({ body }) => (++attempt === 1 ? failure(500) : ok(body)),
    });
    const { user } = renderWithProviders(<FavoritesList />, { route: '/dashboard' });
    await screen.findAllByTestId('favorite-card');
    const drag = async () => {
      within(cardOf('Fiction 1')).getByTitle('Drag to reorder').focus();
      await user.keyboard('[Space]');
      await user.keyboard('[ArrowDown][ArrowDown][ArrowDown][ArrowDown]');
      await user.keyboard('[Space]');
    };

    await drag();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save new order. Please try again.');
    await waitFor(() => expect(titlesInOrder()).toEqual(['Fiction 1', 'Fiction 2']));

    await drag();
    await waitFor(() => expect(titlesInOrder()).toEqual(['Fiction 2', 'Fiction 1']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('FavoritesList reading status and progress', () => {
  it('changes the reading status of a card with PUT /api/userFictions/{id}', async () => {
    let status: FavoriteEntry['status'] = 'reading';
    const { user, calls } = await renderFavorites(() => [favorite(1, {}, { status })], NO_BADGES, {
      'PUT /api/userFictions/501': ({ body }) => {
        status = (body as { status: FavoriteEntry['status'] }).status;
        return ok(favorite(1, {}, { status }));
      },
    });
    expect(within(cards()[0] as HTMLElement).getByLabelText('Reading status')).toHaveValue('reading');

    await user.selectOptions(within(cards()[0] as HTMLElement).getByLabelText('Reading status'), 'Completed');

    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/api/userFictions/501', body: { status: 'completed' } }),
    ]);
    await waitFor(() =>
      expect(within(cards()[0] as HTMLElement).getByLabelText('Reading status')).toHaveValue('completed'),
    );
  });

  it('saves valid progress of a card with PUT /api/userFictions/{id}/progress', async () => {
    const { user, calls } = await renderFavorites([favorite(1)], NO_BADGES, {
      'PUT /api/userFictions/501/progress': () => ok(favorite(1, {}, { current_chapter: 7 })),
    });
    const card = cards()[0] as HTMLElement;

    await user.clear(within(card).getByLabelText('Chapter'));
    await user.type(within(card).getByLabelText('Chapter'), '7');
    expect(within(card).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1), {
      timeout: 3000,
    });
    await waitFor(() => expect(within(card).getByRole('status')).toHaveTextContent('Saved'));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/userFictions/501/progress',
      body: { currentChapter: 7, totalChapters: 10 },
    });
  });

  it('refuses progress past the last chapter on a card and sends nothing', async () => {
    const { user, calls } = await renderFavorites([favorite(1)]);
    const card = cards()[0] as HTMLElement;

    await user.clear(within(card).getByLabelText('of'));
    await user.type(within(card).getByLabelText('of'), '2');
    await user.tab();

    expect(await within(card).findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      'The current chapter cannot be past the last chapter.',
    );
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });
});

describe('FavoritesList unfavoriting', () => {
  it('unfavorites at once without asking, and the card leaves', async () => {
    let favorites = [favorite(1, { title: 'Keep Me' }), favorite(2, { title: 'Drop Me' })];
    const calls = mockApi({
      [FAVORITES]: () => page(favorites),
      [badgesRoute([1, 2])]: () => NO_BADGES.clone(),
      [badgesRoute([1])]: () => NO_BADGES.clone(),
      'POST /api/userFictions/2/favorite': () => {
        favorites = [favorites[0] as FavoriteEntry];
        return ok({ ...favorite(2, { title: 'Drop Me' }), is_favorite: false });
      },
    });
    const { user } = renderWithProviders(<FavoritesList />, { route: '/dashboard' });
    await screen.findAllByTestId('favorite-card');

    const star = screen.getByRole('button', { name: 'Unfavorite Drop Me' });
    expect(star).toHaveAttribute('aria-pressed', 'true');
    await user.click(star);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('“Drop Me” is no longer a favorite.')).toBeInTheDocument();
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Your Favorites (1)' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/userFictions/2/favorite' }),
    ]);
  });

  it('puts it back in its place with Undo', async () => {
    let order = [1, 2, 3];
    const entries = () => order.map((id) => favorite(id, { title: `Fiction ${id}` }));
    const calls = mockApi({
      [FAVORITES]: () => page(entries()),
      [badgesRoute([1, 2, 3])]: () => NO_BADGES.clone(),
      [badgesRoute([1, 3])]: () => NO_BADGES.clone(),
      'POST /api/userFictions/2/favorite': () => {
        // The server puts a new favorite last.
        order = order.includes(2) ? order.filter((id) => id !== 2) : [...order, 2];
        return ok(favorite(2));
      },
      'POST /api/userFictions/favorites/reorder': (call) => {
        order = (call.body as { fictionIds: number[] }).fictionIds;
        return ok({ fictionIds: order });
      },
    });
    const { user } = renderWithProviders(<FavoritesList />, { route: '/dashboard' });
    await screen.findAllByTestId('favorite-card');

    await user.click(screen.getByRole('button', { name: 'Unfavorite Fiction 2' }));
    await waitFor(() => expect(titlesInOrder()).toEqual(['Fiction 1', 'Fiction 3']));
    await user.click(screen.getByRole('button', { name: 'Undo' }));

    await waitFor(() => expect(titlesInOrder()).toEqual(['Fiction 1', 'Fiction 2', 'Fiction 3']));
    expect(screen.queryByText(/is no longer a favorite/)).not.toBeInTheDocument();
    expect(
      calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body ?? null]),
    ).toEqual([
      ['/api/userFictions/2/favorite', null],
      ['/api/userFictions/2/favorite', null],
      ['/api/userFictions/favorites/reorder', { fictionIds: [1, 2, 3] }],
    ]);
  });

  it('goes away by itself, or with its close button, leaving the fiction unfavorited', async () => {
    let favorites = [favorite(1)];
    mockApi({
      [FAVORITES]: () => page(favorites),
      [badgesRoute([1])]: () => NO_BADGES.clone(),
      'POST /api/userFictions/1/favorite': () => {
        favorites = [];
        return ok({ ...favorite(1), is_favorite: false });
      },
    });
    const { user } = renderWithProviders(<FavoritesList />, { route: '/dashboard' });
    await screen.findAllByTestId('favorite-card');

    await user.click(screen.getByRole('button', { name: 'Unfavorite Fiction 1' }));
    await screen.findByText('“Fiction 1” is no longer a favorite.');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));

    expect(screen.queryByText(/is no longer a favorite/)).not.toBeInTheDocument();
    expect(await screen.findByText("You haven't added any favorites yet.")).toBeInTheDocument();
  });

  it('says "Failed to remove from favorites" when the toggle fails, and keeps the card', async () => {
    mockApi({
      [FAVORITES]: () => page([favorite(1)]),
      [badgesRoute([1])]: () => NO_BADGES.clone(),
      'POST /api/userFictions/1/favorite': () => failure(400),
    });
    const { user } = renderWithProviders(<FavoritesList />, { route: '/dashboard' });
    await screen.findAllByTestId('favorite-card');

    await user.click(screen.getByRole('button', { name: 'Unfavorite Fiction 1' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to remove from favorites$/);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(cards()).toHaveLength(1);
  });

  it('shows the server error when the server gives one', async () => {
    mockApi({
      [FAVORITES]: () => page([favorite(1)]),
      [badgesRoute([1])]: () => NO_BADGES.clone(),
      'POST /api/userFictions/1/favorite': () => failure(404, 'That fiction is not in your list.'),
    });
    const { user } = renderWithProviders(<FavoritesList />, { route: '/dashboard' });
    await screen.findAllByTestId('favorite-card');

    await user.click(screen.getByRole('button', { name: 'Unfavorite Fiction 1' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('That fiction is not in your list.');
  });
});
