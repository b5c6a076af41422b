import type { Fiction, UserFiction } from '@rrc/contract';
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
import { AllFictionsList } from './components/AllFictionsList.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function fiction(id: number, overrides: Partial<Fiction> = {}): Fiction {
  return {
    id,
    royalroad_id: 30_000 + id,
    title: `Fiction ${id}`,
    author_name: 'An Author',
    author_id: null,
    description: '<p>Text</p>',
    image_url: null,
    status: 'ONGOING',
    type: 'Original',
    tags: ['Fantasy'],
    warnings: [],
    pages: 300,
    ratings: 50,
    followers: 1234,
    favorites: 100,
    total_views: 10_000,
    average_views: 500,
    overall_score: 4.25,
    style_score: null,
    story_score: null,
    grammar_score: null,
    character_score: null,
    chapter_count: 40,
    sponsored: false,
    last_scraped_at: null,
    created_at: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A list entry; its own id (700 + n) differs from the fiction id (n) so the tests see which one is sent. */
function entry(
  id: number,
  overrides: Partial<UserFiction> = {},
  fictionOverrides: Partial<Fiction> = {},
): UserFiction {
  return {
    id: 700 + id,
    fiction_id: id,
    status: 'plan_to_read',
    is_favorite: false,
    favorite_position: null,
    current_chapter: 0,
    total_chapters: 20,
    created_at: '2024-06-01T10:00:00.000Z',
    updated_at: '2024-06-01T10:00:00.000Z',
    fiction: fiction(id, fictionOverrides),
    ...overrides,
  };
}

const ALL = 'GET /api/userFictions/all';

function rows() {
  return screen.queryAllByTestId('fiction-row');
}

function rowOf(title: string) {
  const row = rows().find((li) => within(li).queryByRole('link', { name: title }));
  if (!row) throw new Error(`No row for ${title}`);
  return row;
}

function shownTitles() {
  return rows().map((row) => within(row).getAllByRole('link')[0]?.textContent);
}

/** Renders the list; `list` is asked anew for each GET so a test can change what the server holds. */
async function renderList(list: () => UserFiction[], extra: ApiRoutes = {}) {
  const calls = mockApi({ [ALL]: () => ok(list()), ...extra });
  const rendered = renderWithProviders(<AllFictionsList />, { route: '/dashboard' });
  await screen.findByRole('heading', { name: /^All Your Fictions \(\d+\)$/ });
  await waitFor(() => expect(screen.queryByText('Loading fictions...')).not.toBeInTheDocument());
  return { ...rendered, calls };
}

function writes(calls: ApiCall[]) {
  return calls.filter((call) => call.method !== 'GET');
}

describe('AllFictionsList states', () => {
  it('shows "Loading fictions..." and then the heading with the count of fictions and favorites', async () => {
    const reply = deferred<Response>();
    mockApi({ [ALL]: () => reply.promise });
    renderWithProviders(<AllFictionsList />, { route: '/dashboard' });

    expect(screen.getByText('Loading fictions...')).toBeInTheDocument();

    reply.resolve(
      ok([entry(1, { is_favorite: true }), entry(2, { is_favorite: true }), entry(3), entry(4), entry(5)]),
    );
    // The first render of the file also loads the row's code: slow on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'All Your Fictions (5)' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('2 favorites')).toBeInTheDocument();
    expect(screen.queryByText('Loading fictions...')).not.toBeInTheDocument();
    expect(rows()).toHaveLength(5);
  });

  it('says so when the list is empty', async () => {
    await renderList(() => []);

    expect(screen.getByText("You haven't added any fictions yet.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Your Fictions (0)' })).toBeInTheDocument();
    expect(screen.getByText('0 favorites')).toBeInTheDocument();
  });

  it('shows "Failed to load fictions" with a Retry that loads the list', async () => {
    let attempt = 0;
    const calls = mockApi({ [ALL]: () => (++attempt === 1 ? failure(400) : ok([entry(1)])) });
    const { user } = renderWithProviders(<AllFictionsList />, { route: '/dashboard' });

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load fictions$/);
    expect(rows()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'All Your Fictions (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(calls.filter((call) => call.path === '/api/userFictions/all')).toHaveLength(2);
  });

  it('shows the server error text when loading fails with one', async () => {
    mockApi({ [ALL]: () => failure(500, 'The list could not be read.') });
    renderWithProviders(<AllFictionsList />, { route: '/dashboard' });

    expect(await screen.findByRole('alert')).toHaveTextContent('The list could not be read.');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('AllFictionsList rows', () => {
  it('offers one favorite toggle (pressed for a favorite, no second badge) and Remove on every row', async () => {
    await renderList(() => [
      entry(1, { is_favorite: true, favorite_position: 1 }, { title: 'Loved One' }),
      entry(2, {}, { title: 'Just Listed' }),
    ]);
    const loved = rowOf('Loved One');
    const listed = rowOf('Just Listed');

    expect(within(loved).getByRole('button', { name: 'Favorited' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(loved).queryByText('Favorite', { exact: true })).not.toBeInTheDocument();
    expect(within(loved).queryByRole('button', { name: 'Add to Favorites' })).not.toBeInTheDocument();
    expect(within(loved).getByRole('button', { name: 'Remove' })).toBeInTheDocument();

    expect(within(listed).getByRole('button', { name: 'Add to Favorites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(listed).queryByRole('button', { name: 'Favorited' })).not.toBeInTheDocument();
    expect(within(listed).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    // The toggle keeps one width whatever it says, so nothing beside it moves when it is pressed.
    expect(within(loved).getByRole('button', { name: 'Favorited' }).className).toContain('w-44');
    expect(within(listed).getByRole('button', { name: 'Add to Favorites' }).className).toContain('w-44');
  });

  it('links each row to /fiction/{royalroad_id} without the slug', async () => {
    await renderList(() => [entry(1, {}, { title: 'The Wandering Inn', royalroad_id: 68679 })]);

    expect(screen.getByRole('link', { name: 'The Wandering Inn' })).toHaveAttribute('href', '/fiction/68679');
  });

  it('shows author, status, followers and score, with fallbacks for missing values', async () => {
    await renderList(() => [
      entry(1, {}, { title: 'Complete', author_name: 'Pirateaba', followers: 45678, overall_score: 4.56 }),
      entry(2, {}, { title: '', author_name: null, status: null, followers: null, overall_score: null }),
    ]);

    expect(rowOf('Complete')).toHaveTextContent(
      `by Pirateaba · Ongoing · ${(45678).toLocaleString()} followers · score 4.6`,
    );
    expect(rowOf('Unknown Title')).toHaveTextContent('by Unknown Author · N/A · 0 followers');
    expect(rowOf('Unknown Title')).not.toHaveTextContent('score');
  });

  it('shows the list in the order the server gives: favorites first, then newest', async () => {
    await renderList(() => [
      entry(2, { is_favorite: true, created_at: '2024-01-01T00:00:00.000Z' }),
      entry(3, { created_at: '2024-09-01T00:00:00.000Z' }),
      entry(1, { created_at: '2024-03-01T00:00:00.000Z' }),
    ]);

    expect(shownTitles()).toEqual(['Fiction 2', 'Fiction 3', 'Fiction 1']);
  });
});

describe('AllFictionsList favorite toggle', () => {
  it('adds a fiction to the favorites with POST /favorite and shows it as favorited', async () => {
    let favorite = false;
    const { user, calls } = await renderList(() => [entry(4, { is_favorite: favorite })], {
      'POST /api/userFictions/4/favorite': () => {
        favorite = true;
        return ok(entry(4, { is_favorite: true }));
      },
    });

    await user.click(screen.getByRole('button', { name: 'Add to Favorites' }));

    expect(await screen.findByRole('button', { name: 'Favorited' })).toBeInTheDocument();
    expect(screen.getByText('1 favorites')).toBeInTheDocument();
    expect(within(rowOf('Fiction 4')).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/userFictions/4/favorite' }),
    ]);
  });

  it('unfavorites at once without asking, and Undo makes it a favorite again in its place', async () => {
    // Three favorites in the reader's order 4, 5, 6; the middle one is unfavorited.
    const favorites = new Set([4, 5, 6]);
    let order = [4, 5, 6];
    const list = () =>
      [4, 5, 6].map((id) =>
        entry(id, {
          is_favorite: favorites.has(id),
          favorite_position: favorites.has(id) ? order.indexOf(id) + 1 : null,
        }),
      );
    const { user, calls } = await renderList(list, {
      'POST /api/userFictions/5/favorite': () => {
        if (favorites.delete(5)) {
          order = order.filter((id) => id !== 5);
        } else {
          favorites.add(5);
          order = [...order, 5];
        }
        return ok(entry(5, { is_favorite: favorites.has(5) }));
      },
      'GET /api/userFictions/favorites?limit=1000': () =>
        ok({
          userFictions: order.map((id) => entry(id, { is_favorite: true })),
          pagination: { page: 1, limit: 1000, total: order.length, totalPages: 1 },
        }),
      'POST /api/userFictions/favorites/reorder': (call) => {
        order = (call.body as { fictionIds: number[] }).fictionIds;
        return ok({ fictionIds: order });
      },
    });

    await user.click(within(rowOf('Fiction 5')).getByRole('button', { name: 'Favorited' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const toast = await screen.findByText('“Fiction 5” is no longer a favorite.');
    expect(
      await within(rowOf('Fiction 5')).findByRole('button', { name: 'Add to Favorites' }),
    ).toBeInTheDocument();
    expect(screen.getByText('2 favorites')).toBeInTheDocument();

    await user.click(within(toast.parentElement as HTMLElement).getByRole('button', { name: 'Undo' }));

    await waitFor(() => expect(screen.queryByText(/is no longer a favorite/)).not.toBeInTheDocument());
    expect(await within(rowOf('Fiction 5')).findByRole('button', { name: 'Favorited' })).toBeInTheDocument();
    expect(order).toEqual([4, 5, 6]);
    expect(writes(calls).map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/userFictions/5/favorite',
      'POST /api/userFictions/5/favorite',
      'POST /api/userFictions/favorites/reorder',
    ]);
    expect(writes(calls)[2]?.body).toEqual({ fictionIds: [4, 5, 6] });
  });

  it('disables the toggle while pending and shows "Failed to update favorite status" when it fails', async () => {
    const reply = deferred<Response>();
    const { user } = await renderList(() => [entry(4)], {
      'POST /api/userFictions/4/favorite': () => reply.promise,
    });

    await user.click(screen.getByRole('button', { name: 'Add to Favorites' }));
    expect(screen.getByRole('button', { name: 'Add to Favorites' })).toBeDisabled();
    reply.resolve(failure(400));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to update favorite status$/);
    expect(screen.getByRole('button', { name: 'Add to Favorites' })).toBeEnabled();
  });
});

describe('AllFictionsList removing a fiction', () => {
  it('asks "Remove Fiction?" naming the fiction and "from your list"', async () => {
    const { user, calls } = await renderList(() => [entry(1, {}, { title: 'Azarinth Healer' })]);

    await user.click(screen.getByRole('button', { name: 'Remove' }));

    const dialog = screen.getByRole('dialog', { name: 'Remove Fiction?' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to remove "Azarinth Healer" from your list? Its reading status and progress go with it. This action cannot be undone.',
    );
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(writes(calls)).toHaveLength(0);
  });

  it('shows "Removing..." while pending, sends DELETE with the fiction id, and the row leaves', async () => {
    const reply = deferred<Response>();
    let list = [entry(1, {}, { title: 'Stays' }), entry(2, {}, { title: 'Goes' })];
    const { user, calls } = await renderList(() => list, {
      'DELETE /api/userFictions/2': () => reply.promise,
    });

    await user.click(within(rowOf('Goes')).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Fiction?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(within(dialog).getByRole('button', { name: 'Removing...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(writes(calls)).toEqual([
      expect.objectContaining({ method: 'DELETE', path: '/api/userFictions/2' }),
    ]);

    list = [list[0] as UserFiction];
    reply.resolve(ok({ removed: true }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(shownTitles()).toEqual(['Stays']));
    expect(screen.getByRole('heading', { name: 'All Your Fictions (1)' })).toBeInTheDocument();
  });

  it('keeps the dialog open with "Failed to remove fiction" when removing fails', async () => {
    const { user } = await renderList(() => [entry(1)], {
      'DELETE /api/userFictions/1': () => failure(400),
    });

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Fiction?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Failed to remove fiction$/);
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeEnabled();
    expect(rows()).toHaveLength(1);
  });

  it('removes a favorite too, after asking: unfavorites it, then takes it off the list', async () => {
    let list = [entry(1, { is_favorite: true, favorite_position: 1 }, { title: 'Loved One' })];
    const { user, calls } = await renderList(() => list, {
      'POST /api/userFictions/1/favorite': () => ok(entry(1)),
      'DELETE /api/userFictions/1': () => {
        list = [];
        return ok({ removed: true });
      },
    });

    await user.click(within(rowOf('Loved One')).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Fiction?' });
    expect(dialog).toHaveTextContent('from your list? It is one of your favorites.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText("You haven't added any fictions yet.")).toBeInTheDocument();
    expect(writes(calls).map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/userFictions/1/favorite',
      'DELETE /api/userFictions/1',
    ]);
  });

  it("shows the server's reason when it refuses, e.g. for a favorite", async () => {
    const { user } = await renderList(() => [entry(1)], {
      'DELETE /api/userFictions/1': () =>
        failure(400, 'Cannot remove favorite fictions. Please remove from favorites first.'),
    });

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));

    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'Cannot remove favorite fictions. Please remove from favorites first.',
    );
  });

  it('opens the next dialog without the previous error', async () => {
    const { user } = await renderList(() => [entry(1), entry(2)], {
      'DELETE /api/userFictions/1': () => failure(400),
    });

    await user.click(within(rowOf('Fiction 1')).getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await within(screen.getByRole('dialog')).findByRole('alert');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await user.click(within(rowOf('Fiction 2')).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Fiction?' });
    expect(dialog).toHaveTextContent('"Fiction 2"');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('AllFictionsList status filter', () => {
  const list = () => [
    entry(1, { status: 'reading' }),
    entry(2, { status: 'completed' }),
    entry(3, { status: 'reading' }),
    entry(4, { status: 'plan_to_read' }),
  ];

  it('shows every fiction by default and only the chosen status after filtering', async () => {
    const { user } = await renderList(list);
    const filter = screen.getByLabelText('Show');

    expect(filter).toHaveValue('all');
    expect(shownTitles()).toEqual(['Fiction 1', 'Fiction 2', 'Fiction 3', 'Fiction 4']);

    await user.selectOptions(filter, 'Reading');
    expect(shownTitles()).toEqual(['Fiction 1', 'Fiction 3']);
    await user.selectOptions(filter, 'Completed');
    expect(shownTitles()).toEqual(['Fiction 2']);
    await user.selectOptions(filter, 'All statuses');
    expect(shownTitles()).toHaveLength(4);
  });

  it('offers every reading status and says so when none has the chosen one', async () => {
    const { user } = await renderList(list);
    const filter = screen.getByLabelText('Show');

    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All statuses', 'Reading', 'Completed', 'On hold', 'Dropped', 'Plan to read']);
    await user.selectOptions(filter, 'Dropped');

    expect(rows()).toHaveLength(0);
    expect(screen.getByText('No fictions with the status “Dropped”.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Your Fictions (4)' })).toBeInTheDocument();
  });
});

describe('Reading status and chapter progress', () => {
  it('sends PUT /api/userFictions/{id} with the chosen status', async () => {
    let status: UserFiction['status'] = 'plan_to_read';
    const { user, calls } = await renderList(() => [entry(5, { status })], {
      'PUT /api/userFictions/705': ({ body }) => {
        status = (body as { status: UserFiction['status'] }).status;
        return ok(entry(5, { status }));
      },
    });
    const select = within(rowOf('Fiction 5')).getByLabelText('Reading status');
    expect(select).toHaveValue('plan_to_read');

    await user.selectOptions(select, 'On hold');

    expect(writes(calls)).toEqual([
      expect.objectContaining({ method: 'PUT', path: '/api/userFictions/705', body: { status: 'on_hold' } }),
    ]);
    await waitFor(() =>
      expect(within(rowOf('Fiction 5')).getByLabelText('Reading status')).toHaveValue('on_hold'),
    );
  });

  it('shows the server error when the status cannot be saved', async () => {
    const { user } = await renderList(() => [entry(5)], {
      'PUT /api/userFictions/705': () => failure(400, 'status must be one of: reading, completed.'),
    });

    await user.selectOptions(within(rowOf('Fiction 5')).getByLabelText('Reading status'), 'Dropped');

    expect(await screen.findByRole('alert')).toHaveTextContent('status must be one of: reading, completed.');
    await waitFor(() =>
      expect(within(rowOf('Fiction 5')).getByLabelText('Reading status')).toHaveValue('plan_to_read'),
    );
  });

  it('shows the progress as chapters and a percentage, and no Save button even after a change', async () => {
    const { user } = await renderList(() => [entry(6, { current_chapter: 5, total_chapters: 20 })]);
    const row = rowOf('Fiction 6');

    expect(within(row).getByLabelText('Chapter')).toHaveValue('5');
    expect(within(row).getByLabelText('of')).toHaveValue('20');
    expect(within(row).getByText('25%')).toBeInTheDocument();

    await user.type(within(row).getByLabelText('Chapter'), '0');
    expect(within(row).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('leaves "of" empty when the chapter count is unknown (never "of 1" or "of 0") and saves once it is given', async () => {
    const { user, calls } = await renderList(
      () => [entry(6, { current_chapter: 0, total_chapters: null }, { chapter_count: null })],
      {
        'PUT /api/userFictions/706/progress': () => ok(entry(6, { current_chapter: 3, total_chapters: 30 })),
      },
    );
    const row = rowOf('Fiction 6');
    expect(within(row).getByLabelText('of')).toHaveValue('');
    expect(within(row).getByLabelText('of')).toHaveAttribute('placeholder', '?');
    expect(within(row).queryByText(/%$/)).not.toBeInTheDocument();

    await user.clear(within(row).getByLabelText('Chapter'));
    await user.type(within(row).getByLabelText('Chapter'), '3');
    await user.tab();
    await user.tab();
    expect(within(row).getByRole('alert')).toHaveTextContent(
      'Enter how many chapters there are to save your progress.',
    );
    expect(writes(calls)).toHaveLength(0);

    await user.type(within(row).getByLabelText('of'), '30');
    await user.tab();
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toEqual({ currentChapter: 3, totalChapters: 30 });
  });

  it('uses the chapter count of the fiction when no total was saved', async () => {
    await renderList(() => [entry(6, { current_chapter: 10, total_chapters: null }, { chapter_count: 40 })]);

    expect(within(rowOf('Fiction 6')).getByLabelText('of')).toHaveValue('40');
    expect(within(rowOf('Fiction 6')).getByText('25%')).toBeInTheDocument();
  });

  it('refuses a current chapter past the last one and sends nothing', async () => {
    const { user, calls } = await renderList(() => [entry(6, { current_chapter: 5, total_chapters: 20 })]);
    const row = rowOf('Fiction 6');

    await user.clear(within(row).getByLabelText('Chapter'));
    await user.type(within(row).getByLabelText('Chapter'), '21');

    expect(await within(row).findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(
      'The current chapter cannot be past the last chapter.',
    );
    expect(writes(calls)).toHaveLength(0);
  });

  it('saves a moment after the typing stops, saying Saving... and then Saved, and shows the new percentage', async () => {
    const reply = deferred<Response>();
    let saved = { current_chapter: 5, total_chapters: 20 };
    const { user, calls } = await renderList(() => [entry(6, saved)], {
      'PUT /api/userFictions/706/progress': () => reply.promise,
    });
    const row = rowOf('Fiction 6');

    await user.clear(within(row).getByLabelText('Chapter'));
    await user.type(within(row).getByLabelText('Chapter'), '15');
    await user.clear(within(row).getByLabelText('of'));
    await user.type(within(row).getByLabelText('of'), '30');
    // Still typing: nothing sent yet, and going from one field to the other sent nothing either.
    expect(writes(calls)).toHaveLength(0);

    await waitFor(() => expect(within(row).getByRole('status')).toHaveTextContent('Saving...'), {
      timeout: 3000,
    });
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/userFictions/706/progress',
        body: { currentChapter: 15, totalChapters: 30 },
      }),
    ]);

    saved = { current_chapter: 15, total_chapters: 30 };
    reply.resolve(ok(entry(6, saved)));

    await waitFor(() => expect(within(rowOf('Fiction 6')).getByRole('status')).toHaveTextContent('Saved'));
    expect(within(rowOf('Fiction 6')).getByText('50%')).toBeInTheDocument();
    expect(within(rowOf('Fiction 6')).getByLabelText('Chapter')).toHaveValue('15');
    expect(writes(calls)).toHaveLength(1);
  });

  it('accepts the last chapter itself and keeps only digits in the fields', async () => {
    const { user, calls } = await renderList(() => [entry(6, { current_chapter: 5, total_chapters: 20 })], {
      'PUT /api/userFictions/706/progress': () => ok(entry(6, { current_chapter: 20, total_chapters: 20 })),
    });
    const row = rowOf('Fiction 6');

    await user.clear(within(row).getByLabelText('Chapter'));
    await user.type(within(row).getByLabelText('Chapter'), '2x0.');
    expect(within(row).getByLabelText('Chapter')).toHaveValue('20');
    await user.tab();
    await user.tab();

    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toEqual({ currentChapter: 20, totalChapters: 20 });
  });

  it('shows the server error when progress cannot be saved', async () => {
    const { user } = await renderList(() => [entry(6, { current_chapter: 5, total_chapters: 20 })], {
      'PUT /api/userFictions/706/progress': () => failure(400, 'currentChapter is too large.'),
    });
    const row = rowOf('Fiction 6');

    await user.type(within(row).getByLabelText('Chapter'), '0');
    await user.type(within(row).getByLabelText('of'), '0');
    await user.tab();

    expect(await within(row).findByRole('alert')).toHaveTextContent('currentChapter is too large.');
  });
});
