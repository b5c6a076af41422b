import type { Fiction } from '@rrc/contract';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fictionAt555, mockApi, ok, renderWithProviders, storeSession } from '../../test/render.tsx';
import { FictionDetails } from './FictionDetails.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { pwned?: unknown }).pwned;
});

/** A description as it could reach the page if the server's own cleaning were ever bypassed. */
const HOSTILE = [
  '<p onclick="window.pwned = 1" style="color:red">Book one of <strong>the Cycle</strong>.</p>',
  '<img src=x onerror="window.pwned = 2">',
  '<script>window.pwned = 3</script>',
  '<a href="javascript:window.pwned = 4" onmouseover="window.pwned = 5">Read it</a>',
  '<a href=" JaVaScRiPt:window.pwned = 6">Again</a>',
  '<a href="//evil.example/">Elsewhere</a>',
  '<a href="https://www.royalroad.com/fiction/555" target="_self" rel="opener">On Royal Road</a>',
  '<iframe src="https://evil.example/"></iframe><svg><script>window.pwned = 7</script></svg>',
  '<form action="https://evil.example/"><input name="password"></form>',
  '<div><em>kept</em><style>body { display: none }</style><ul><li>a list</li></ul></div>',
].join('');

function renderFiction(fiction: Partial<Fiction>) {
  storeSession(null);
  mockApi({
    'GET /api/fictions/555': () => ok({ ...fictionAt555, ...fiction }),
    'GET /api/fictions/555/history': () => ok({ fiction_id: 42, royalroad_id: 555, points: [] }),
    'GET /api/rising-stars/fiction/42': () => ok([]),
  });
  return renderWithProviders(
    <Routes>
      <Route
        path="/fiction/:id/:slug?"
        element={<FictionDetails favoriteButton={() => null} adminTools={() => null} />}
      />
    </Routes>,
    { route: '/fiction/555/some-title' },
  );
}

describe("a fiction's description", () => {
  it('renders its text, formatting and links without scripts, handlers, images, frames or foreign addresses', async () => {
    renderFiction({ description: HOSTILE });
    const text = await screen.findByText('the Cycle');
    const description = text.closest('.prose-description') as HTMLElement;
    expect(description).not.toBeNull();
    const html = description.innerHTML;

    for (const gone of ['script', 'img', 'iframe', 'svg', 'form', 'input', 'style']) {
      expect(description.querySelector(gone), gone).toBeNull();
    }
    for (const element of description.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) {
        expect(attribute.startsWith('on'), `${element.tagName} ${attribute}`).toBe(false);
        if (element.tagName !== 'A') expect(attribute, element.tagName).toBeUndefined();
      }
    }
    expect(html).not.toMatch(/javascript:|onerror|onclick|onmouseover|pwned|evil\.example|display: none/i);

    // What the author wrote stays: text, emphasis, lists, and links to real addresses.
    expect(description).toHaveTextContent('Book one of the Cycle.');
    expect(description.querySelector('strong')).toHaveTextContent('the Cycle');
    expect(description.querySelector('em')).toHaveTextContent('kept');
    expect(description.querySelector('ul li')).toHaveTextContent('a list');
    const royalRoad = screen.getByRole('link', { name: 'On Royal Road' });
    expect(royalRoad).toHaveAttribute('href', 'https://www.royalroad.com/fiction/555');
    expect(royalRoad).toHaveAttribute('target', '_blank');
    expect(royalRoad).toHaveAttribute('rel', 'nofollow noopener noreferrer');
    for (const name of ['Read it', 'Again', 'Elsewhere']) {
      expect(screen.getByText(name).closest('a')?.hasAttribute('href'), name).toBe(false);
    }
    expect((window as { pwned?: unknown }).pwned).toBeUndefined();
  });
});

describe('the fiction page', () => {
  it('offers one primary action, Open on Royal Road beside it and the others grouped', async () => {
    renderFiction({ description: '<p>A story.</p>' });
    const open = await screen.findByRole('link', { name: 'Open on Royal Road' });
    expect(open).toHaveAttribute('href', 'https://www.royalroad.com/fiction/555');
    expect(open).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Sign in to track this fiction' })).toBeInTheDocument();
    const more = within(screen.getByRole('list', { name: 'More for this fiction' }));
    for (const name of ['Compare', 'Rising Stars Position Calculator', 'Sign in to download data']) {
      expect(more.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByTestId('fiction-summary')).toHaveTextContent(
      'Ongoing · Original · 20 followers · 12 chapters · 100 pages',
    );
  });

  it('leaves out what is not known instead of saying N/A or showing an empty box', async () => {
    renderFiction({
      description: null,
      status: null,
      type: null,
      overall_score: null,
      style_score: null,
      story_score: null,
      grammar_score: null,
      character_score: null,
    });
    await screen.findByRole('region', { name: 'Current Stats' });
    expect(screen.queryByRole('region', { name: 'Description' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'About this fiction' })).not.toBeInTheDocument();
    expect(screen.queryByText('No description available')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('N/A');
  });

  it("says a list's excerpt is one and leads to the whole description", async () => {
    renderFiction({ description: '<p>He wakes up chained.</p>\n<p>&lt; You have been (...)</p>' });
    const description = await screen.findByRole('region', { name: 'Description' });
    expect(description).toHaveTextContent('< You have been (...)');
    expect(description).not.toHaveTextContent('&lt;');
    expect(
      within(description).getByRole('link', { name: 'Read the whole description on Royal Road' }),
    ).toHaveAttribute('href', 'https://www.royalroad.com/fiction/555');
  });
});
