import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  currentPath,
  deferred,
  failure,
  mockApi,
  ok,
  reader,
  renderWithProviders,
  storeSession,
} from '../../test/render.tsx';
import { ProfileCard } from './ProfileCard.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The value shown under a label of the profile details. */
function detail(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

function renderCard(user = reader) {
  return renderWithProviders(<ProfileCard user={user} />, { route: '/dashboard' });
}

describe('ProfileCard details', () => {
  it('shows the name, email and the date the reader joined', () => {
    mockApi();
    renderCard();

    expect(screen.getByRole('heading', { name: 'Profile Information' })).toBeInTheDocument();
    expect(detail('Name')).toBe('Rita Reader');
    expect(detail('Email')).toBe('rita@example.com');
    const joined = new Date(reader.created_at).toLocaleDateString(undefined, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    });
    expect(detail('Member since')).toBe(joined);
    expect(detail('Member since')).toContain('2024');
    expect(detail('Member since')).not.toBe(reader.created_at);
  });

  it('says "Not provided" when the reader has no name', () => {
    mockApi();
    renderCard({ ...reader, name: null });
    expect(detail('Name')).toBe('Not provided');
  });
});

describe('ProfileCard editing', () => {
  it('opens a form filled with the current name and email', async () => {
    mockApi();
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Edit' }));

    expect(screen.getByLabelText('Name')).toHaveValue('Rita Reader');
    expect(screen.getByLabelText('Email')).toHaveValue('rita@example.com');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('sends the changes with PUT /api/auth/profile and confirms them', async () => {
    const calls = mockApi({
      'PUT /api/auth/profile': ({ body }) => ok({ user: { ...reader, ...(body as object) } }),
    });
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Rita R.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/api/auth/profile' });
    expect(calls[0]?.body).toEqual({ name: 'Rita R.', email: 'rita@example.com' });
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('clears the name when the field is left empty', async () => {
    const calls = mockApi({ 'PUT /api/auth/profile': () => ok({ user: { ...reader, name: null } }) });
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await screen.findByText('Profile updated.');
    expect(calls[0]?.body).toEqual({ name: null, email: 'rita@example.com' });
  });

  it('sends the current and new password when the reader changes the password', async () => {
    const calls = mockApi({ 'PUT /api/auth/profile': () => ok({ user: reader }) });
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Current password'), 'OldSecret1');
    await user.type(screen.getByLabelText('New password'), 'NewSecret2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile and password updated.')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      name: 'Rita Reader',
      email: 'rita@example.com',
      currentPassword: 'OldSecret1',
      newPassword: 'NewSecret2',
    });
  });

  it('shows "Saving..." and blocks both buttons while the update is pending', async () => {
    const reply = deferred<Response>();
    mockApi({ 'PUT /api/auth/profile': () => reply.promise });
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    reply.resolve(ok({ user: reader }));
    await screen.findByText('Profile updated.');
  });

  it('shows the server error and keeps the form open when the update fails', async () => {
    mockApi({ 'PUT /api/auth/profile': () => failure(400, 'The current password is not correct.') });
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Current password'), 'Wrong1234');
    await user.type(screen.getByLabelText('New password'), 'NewSecret2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is not correct.');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    expect(screen.getByLabelText('New password')).toHaveValue('NewSecret2');
  });

  it('shows "Profile update failed" when the failed reply carries no error text', async () => {
    mockApi({ 'PUT /api/auth/profile': () => failure(400) });
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Profile update failed$/);
  });

  it('goes back to the details without saving on Cancel', async () => {
    const calls = mockApi();
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Name'), ' changed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(calls).toHaveLength(0);
    expect(detail('Name')).toBe('Rita Reader');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

const config = (emailEnabled: boolean) => () =>
  ok({
    stripe_publishable_key: null,
    donations_enabled: false,
    contact_email: null,
    email_enabled: emailEnabled,
  });

describe('ProfileCard email verification', () => {
  it('says whether the address is verified', () => {
    mockApi();
    const { unmount } = renderCard();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    unmount();
    renderCard({ ...reader, email_verified: false });
    expect(screen.getByText('Not verified yet')).toBeInTheDocument();
  });

  it('asks for a new address by email, and says the change waits for the link', async () => {
    const calls = mockApi({
      'PUT /api/auth/profile': () => ok({ user: { ...reader, pending_email: 'rita@new.example' } }),
      'GET /api/config': config(true),
    });
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'Rita@New.example');
    await user.type(screen.getByLabelText('Current password'), 'Readers4ever');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText(
        'Profile updated. We sent a link to rita@new.example: your email changes once you open it.',
      ),
    ).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      name: 'Rita Reader',
      email: 'Rita@New.example',
      currentPassword: 'Readers4ever',
    });
  });

  it('shows a change of address that waits for its link, and sends the link again on request', async () => {
    const calls = mockApi({
      'POST /api/auth/resend-verification': () => ok({ email: 'rita@new.example' }),
      'GET /api/config': config(true),
    });
    const { user } = renderCard({ ...reader, pending_email: 'rita@new.example' });

    expect(detail('Email')).toBe('rita@example.com');
    expect(screen.getByText(/Changing to/)).toHaveTextContent(
      'Changing to rita@new.example. Open the link we sent there to confirm it; until then you sign in with rita@example.com.',
    );
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(/The link works for 24 hours/)).toHaveTextContent(
      'Sent to rita@new.example.',
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says who confirms a new address on a site that sends no email', async () => {
    mockApi({
      'PUT /api/auth/profile': () => ok({ user: { ...reader, pending_email: 'rita@new.example' } }),
      'GET /api/config': config(false),
    });
    const { user } = renderCard();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'rita@new.example');
    await user.type(screen.getByLabelText('Current password'), 'Readers4ever');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        "Profile updated. Your email changes to rita@new.example once the site's administrator confirms it: this site sends no email.",
      ),
    ).toBeInTheDocument();
  });

  it('offers no link to send again on a site that sends no email', async () => {
    mockApi({ 'GET /api/config': config(false) });
    renderCard({ ...reader, pending_email: 'rita@new.example' });
    expect(
      await screen.findByText(
        /This site sends no email, so the site's administrator confirms the new address/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
  });
});

describe('ProfileCard signing out everywhere', () => {
  it('asks first, ends every session on the server, forgets this one and opens the sign-in page', async () => {
    storeSession(reader, 'stored-token');
    const calls = mockApi({
      'GET /api/auth/profile': () => ok({ user: reader }),
      'POST /api/auth/logout-all': () => ok({ sessionsEnded: 3 }),
    });
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(calls.some((call) => call.path === '/api/auth/logout-all')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));

    await vi.waitFor(() => expect(currentPath()).toBe('/login'));
    const ended = calls.find((call) => call.path === '/api/auth/logout-all');
    expect(ended).toMatchObject({ method: 'POST', headers: { authorization: 'Bearer stored-token' } });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('changes nothing when the reader cancels, and keeps the session when the server refuses', async () => {
    storeSession(reader, 'stored-token');
    const calls = mockApi({
      'GET /api/auth/profile': () => ok({ user: reader }),
      'POST /api/auth/logout-all': () => failure(503),
    });
    const { user } = renderCard();

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.path === '/api/auth/logout-all')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('stored-token');
    expect(currentPath()).toBe('/dashboard');
  });
});
