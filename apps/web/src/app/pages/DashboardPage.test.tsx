import type { UserFiction } from '@rrc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deferred,
  failure,
  mockApi,
  ok,
  reader,
  renderWithProviders,
  storeSession,
} from '../../test/render.tsx';
import { DashboardPage } from './DashboardPage.tsx';
import { entry, fiction, renderDashboard } from './dashboard-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const URL_LABEL = 'Royal Road Fiction URL';
const MOL_URL = 'https://www.royalroad.com/fiction/21220/mother-of-learning';

describe('Dashboard view switch', () => {
  it('shows Favorites by default and switches to All Fictions and back', async () => {
    const { user } = renderDashboard({
      favorites: () => [entry(1, 'Favorite One')],
      all: () => [entry(1, 'Favorite One'), entry(2, 'Listed Only', false)],
    });

    expect(await screen.findByRole('heading', { name: 'Your Favorites (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Favorites' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All Fictions' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('heading', { name: /All Your Fictions/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All Fictions' }));

    expect(await screen.findByRole('heading', { name: 'All Your Fictions (2)' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Your Favorites/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All Fictions' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Favorites' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Favorites' }));
    expect(await screen.findByRole('heading', { name: 'Your Favorites (1)' })).toBeInTheDocument();
  });
});

describe('Dashboard Quick Actions', () => {
  it("toggles the add form with 'Add Fiction' and 'Hide Add Fiction'", async () => {
    const { user } = renderDashboard({ favorites: () => [] });
    const card = (await screen.findByRole('heading', { name: 'Quick Actions' })).closest(
      'section',
    ) as HTMLElement;

    expect(screen.queryByLabelText(URL_LABEL)).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Add Fiction' }));

    const field = screen.getByLabelText(URL_LABEL);
    expect(field).toHaveAttribute('type', 'url');
    expect(field).toBeRequired();
    expect(field).toHaveAccessibleDescription('Paste a Royal Road fiction URL to add it to your collection');
    expect(within(card).getByRole('button', { name: 'Hide Add Fiction' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await user.click(within(card).getByRole('button', { name: 'Hide Add Fiction' }));
    expect(screen.queryByLabelText(URL_LABEL)).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Add Fiction' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

describe('Dashboard Add Fiction form', () => {
  async function openForm(user: ReturnType<typeof renderDashboard>['user']) {
    const card = (await screen.findByRole('heading', { name: 'Quick Actions' })).closest(
      'section',
    ) as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Add Fiction' }));
    return {
      field: screen.getByLabelText(URL_LABEL) as HTMLInputElement,
      submit: () => within(card).getByRole('button', { name: /^(Add Fiction|Adding\.\.\.)$/ }),
    };
  }

  it('keeps the submit button disabled while the field is empty or holds only spaces', async () => {
    const { user, calls } = renderDashboard({ favorites: () => [] });
    const { field, submit } = await openForm(user);

    expect(submit()).toBeDisabled();
    await user.type(field, '   ');
    expect(submit()).toBeDisabled();
    await user.type(field, '{Enter}');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(field, MOL_URL);
    expect(submit()).toBeEnabled();
    await user.clear(field);
    expect(submit()).toBeDisabled();
  });

  it('sends the trimmed URL, shows "Adding..." while busy, then confirms and clears the field', async () => {
    const reply = deferred<Response>();
    let favorites: UserFiction[] = [];
    const { user, calls } = renderDashboard(
      { favorites: () => favorites },
      { 'POST /api/royalroad/add-fiction': () => reply.promise },
    );
    const { field, submit } = await openForm(user);
    await screen.findByText("You haven't added any favorites yet.");

    await user.type(field, `  ${MOL_URL}  `);
    await user.click(submit());

    expect(submit()).toHaveTextContent('Adding...');
    expect(submit()).toBeDisabled();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ path: '/api/royalroad/add-fiction', body: { url: MOL_URL } });

    favorites = [entry(1, 'Mother of Learning')];
    reply.resolve(
      new Response(
        JSON.stringify({
          success: true,
          data: {
            title: 'Mother of Learning',
            fiction: fiction(1, 'Mother of Learning'),
            userFictionId: 901,
          },
        }),
        { status: 201, headers: { 'content-type': 'application/json' } },
      ),
    );

    expect(await screen.findByRole('status')).toHaveTextContent('Successfully added "Mother of Learning"!');
    expect(field).toHaveValue('');
    expect(submit()).toHaveTextContent('Add Fiction');
    expect(submit()).toBeDisabled();
    // The favorites list is refreshed and now shows the new fiction.
    expect(await screen.findByRole('heading', { name: 'Your Favorites (1)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mother of Learning' })).toBeInTheDocument();
  });

  it('switches back to Favorites after adding from the All Fictions view', async () => {
    let favorites: UserFiction[] = [entry(1, 'Old Favorite')];
    const { user } = renderDashboard(
      { favorites: () => favorites, all: () => favorites },
      {
        'POST /api/royalroad/add-fiction': () => {
          favorites = [entry(1, 'Old Favorite'), entry(2, 'Fresh Addition')];
          return ok({ title: 'Fresh Addition', fiction: fiction(2, 'Fresh Addition'), userFictionId: 902 });
        },
      },
    );
    const { field, submit } = await openForm(user);
    await user.click(screen.getByRole('button', { name: 'All Fictions' }));
    await screen.findByRole('heading', { name: 'All Your Fictions (1)' });

    await user.type(field, MOL_URL);
    await user.click(submit());

    expect(await screen.findByText('Successfully added "Fresh Addition"!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your Favorites (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Favorites' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('heading', { name: /All Your Fictions/ })).not.toBeInTheDocument();
  });

  it('keeps the submit button disabled for a value of non-breaking spaces, which the URL field keeps', async () => {
    const { user } = renderDashboard({ favorites: () => [] });
    const { field, submit } = await openForm(user);

    await user.type(field, '\u00a0\u00a0');

    // The URL field strips ASCII spaces by itself; these it keeps, so only the form's own trim blocks them.
    expect(field).toHaveValue('\u00a0\u00a0');
    expect(submit()).toBeDisabled();
  });

  it('shows the server error and keeps the URL when adding fails', async () => {
    const { user } = renderDashboard(
      { favorites: () => [] },
      { 'POST /api/royalroad/add-fiction': () => failure(409, 'This fiction is already in your list.') },
    );
    const { field, submit } = await openForm(user);

    await user.type(field, MOL_URL);
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent('This fiction is already in your list.');
    expect(field).toHaveValue(MOL_URL);
    expect(submit()).toBeEnabled();
    expect(screen.queryByText(/Successfully added/)).not.toBeInTheDocument();
  });

  it('shows "Failed to add fiction" when the failed reply carries no error text', async () => {
    const { user } = renderDashboard(
      { favorites: () => [] },
      { 'POST /api/royalroad/add-fiction': () => failure(400) },
    );
    const { field, submit } = await openForm(user);

    await user.type(field, MOL_URL);
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to add fiction$/);
  });

  it('stays on All Fictions when adding fails', async () => {
    const { user } = renderDashboard(
      { favorites: () => [entry(1, 'Old Favorite')] },
      { 'POST /api/royalroad/add-fiction': () => failure(400) },
    );
    const { field, submit } = await openForm(user);
    await user.click(screen.getByRole('button', { name: 'All Fictions' }));
    await screen.findByRole('heading', { name: 'All Your Fictions (1)' });

    await user.type(field, MOL_URL);
    await user.click(submit());

    await screen.findByText('Failed to add fiction');
    expect(screen.getByRole('button', { name: 'All Fictions' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('clears the previous message when the reader submits again', async () => {
    const second = deferred<Response>();
    let attempt = 0;
    const { user } = renderDashboard(
      { favorites: () => [] },
      { 'POST /api/royalroad/add-fiction': () => (++attempt === 1 ? failure(400) : second.promise) },
    );
    const { field, submit } = await openForm(user);

    await user.type(field, MOL_URL);
    await user.click(submit());
    await screen.findByText('Failed to add fiction');
    await user.click(submit());

    await waitFor(() => expect(screen.queryByText('Failed to add fiction')).not.toBeInTheDocument());
    second.resolve(failure(400));
    await screen.findByText('Failed to add fiction');
  });
});

/** The value shown under a label of the profile details. */
function detail(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('ProfileCard on the dashboard', () => {
  it('shows the saved details and remembers them for the next visit', async () => {
    storeSession(reader);
    const renamed = { ...reader, name: 'Rita Renamed', email: 'rita@new.example' };
    mockApi({
      'GET /api/auth/profile': () => ok({ user: reader }),
      'PUT /api/auth/profile': () => ok({ user: renamed }),
    });
    const { user } = renderWithProviders(<DashboardPage />, { route: '/dashboard' });
    await screen.findByRole('heading', { name: 'Profile Information' });

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Rita Renamed');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'rita@new.example');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Profile updated.');
    expect(detail('Name')).toBe('Rita Renamed');
    expect(detail('Email')).toBe('rita@new.example');
    expect(screen.getByText('Welcome to RR Companion, Rita Renamed!')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(renamed);
  });
});
