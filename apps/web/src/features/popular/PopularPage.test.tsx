import type { PopularFiction } from '@rrc/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, jsonResponse, mockApi, ok, renderWithProviders } from '../../test/render.tsx';
import { PopularPage } from './PopularPage.tsx';

const POPULAR = 'GET /api/royalroad/popular';

afterEach(() => {
  vi.unstubAllGlobals();
});

const popular: PopularFiction = {
  id: 3,
  royalroad_id: 21220,
  title: 'Mother of Learning',
  image: null,
  description: '<p>A time loop.</p>',
  status: 'COMPLETED',
  tags: ['fantasy', 'magic', 'time loop', 'school'],
  author: { name: 'nobody103' },
  stats: { followers: 50_000, score: 4.78 },
};

describe("Royal Road's popular fictions", () => {
  it('shows each fiction with its author, status, followers, score and at most three tags', async () => {
    mockApi({ [POPULAR]: () => ok([popular]) });
    renderWithProviders(<PopularPage />, { route: '/royalroad' });

    expect(await screen.findByRole('link', { name: /Mother of Learning/ })).toHaveAttribute(
      'href',
      '/fiction/21220/mother_of_learning',
    );
    expect(screen.getByText('by nobody103')).toBeInTheDocument();
    expect(screen.getByText(/Completed · 50,000 followers · score 4\.8/)).toBeInTheDocument();
    expect(
      screen.getAllByRole('listitem').filter((item) => item.closest('[aria-label="Tags"]')),
    ).toHaveLength(3);
  });

  it.each([
    [
      'the server’s error text',
      () => failure(502, 'Royal Road is busy right now.'),
      'Royal Road is busy right now.',
    ],
    ['else its message', () => jsonResponse(502, { success: false, message: 'Try later.' }), 'Try later.'],
    ['else its own words', () => failure(500), 'Failed to load popular fictions'],
  ])('says %s when the list cannot be loaded, and Retry asks again', async (_case, reply, text) => {
    let calls = 0;
    mockApi({ [POPULAR]: () => (++calls === 1 ? reply() : ok([popular])) });
    const { user } = renderWithProviders(<PopularPage />, { route: '/royalroad' });

    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${text.replace('.', '\\.')}$`));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Mother of Learning/ })).toBeInTheDocument();
  });

  it('says its own words when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderWithProviders(<PopularPage />, { route: '/royalroad' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load popular fictions$/);
  });
});
