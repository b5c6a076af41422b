import type { UserFiction } from '@rrc/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, failure, ok } from '../../test/render.tsx';
import { entry, renderDashboard, statsOf } from './dashboard-fixtures.tsx';

/** Two favorites (one being read), and two more entries: one read to the end, one being read. */
const list = (): UserFiction[] => [
  entry(1, 'Favorite Being Read', true, 'reading'),
  entry(2, 'Favorite Planned', true, 'plan_to_read'),
  entry(3, 'Finished Story', false, 'completed'),
  entry(4, 'Another Being Read', false, 'reading'),
];

const overview = async () =>
  (await screen.findByRole('heading', { name: 'Your List' })).closest('section') as HTMLElement;

/** The count shown on a status's button, e.g. "2" on "Reading". */
async function countOf(label: string) {
  const button = within(await overview()).getByRole('button', { name: new RegExp(`^${label}`) });
  await waitFor(() => expect(button.lastElementChild?.textContent).not.toBe('–'));
  return button.lastElementChild?.textContent;
}

const rowTitles = () =>
  screen.queryAllByTestId('fiction-row').map((row) => within(row).getAllByRole('link')[0]?.textContent);

describe('Dashboard counts per reading status', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows how many fictions the list holds per status, and the favorites', async () => {
    renderDashboard({ favorites: () => list().filter((item) => item.is_favorite), all: list });

    expect(await countOf('All')).toBe('4');
    expect(await countOf('Reading')).toBe('2');
    expect(await countOf('Completed')).toBe('1');
    expect(await countOf('On hold')).toBe('0');
    expect(await countOf('Dropped')).toBe('0');
    expect(await countOf('Plan to read')).toBe('1');
    expect(await countOf('Favorites')).toBe('2');
  });

  it('filters the All Fictions list by the status whose count is chosen', async () => {
    const { user } = renderDashboard({
      favorites: () => list().filter((item) => item.is_favorite),
      all: list,
    });
    const card = await overview();

    await user.click(within(card).getByRole('button', { name: /^Reading/ }));

    expect(await screen.findByRole('heading', { name: 'All Your Fictions (4)' })).toBeInTheDocument();
    await waitFor(() => expect(rowTitles()).toEqual(['Favorite Being Read', 'Another Being Read']));
    expect(screen.getByLabelText('Show')).toHaveValue('reading');
    expect(within(card).getByRole('button', { name: /^Reading/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All Fictions' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(card).getByRole('button', { name: /^Completed/ }));
    await waitFor(() => expect(rowTitles()).toEqual(['Finished Story']));

    await user.click(within(card).getByRole('button', { name: /^All/ }));
    await waitFor(() => expect(rowTitles()).toHaveLength(4));
    expect(screen.getByLabelText('Show')).toHaveValue('all');

    await user.click(within(card).getByRole('button', { name: /^Favorites/ }));
    expect(await screen.findByRole('heading', { name: 'Your Favorites (2)' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Favorites/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('follows a change of reading status', async () => {
    let entries = list();
    const { user } = renderDashboard(
      { favorites: () => entries.filter((item) => item.is_favorite), all: () => entries },
      {
        'PUT /api/userFictions/904': (call) => {
          const body = call.body as { status: UserFiction['status'] };
          entries = entries.map((item) => (item.id === 904 ? { ...item, status: body.status } : item));
          return ok(entries[3]);
        },
      },
    );
    expect(await countOf('Completed')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'All Fictions' }));
    const row = (await screen.findByText('Another Being Read')).closest('li') as HTMLElement;

    await user.selectOptions(within(row).getByLabelText('Reading status'), 'Completed');

    await waitFor(async () => expect(await countOf('Completed')).toBe('2'));
    expect(await countOf('Reading')).toBe('1');
  });

  it('says when the counts cannot be loaded, and tries again on Retry', async () => {
    let answer = () => failure(503);
    const { user } = renderDashboard(
      { favorites: () => [] },
      { 'GET /api/userFictions/stats': () => answer() },
    );
    const card = await overview();

    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Service temporarily unavailable. Please try again later.',
    );
    answer = () => ok(statsOf([entry(1, 'Only One')]));
    await user.click(within(card).getByRole('button', { name: 'Retry' }));

    expect(await countOf('All')).toBe('1');
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe("Dashboard 'Download my data'", () => {
  let saved: Array<{ name: string; href: string }>;
  let blobs: Blob[];

  beforeEach(() => {
    saved = [];
    blobs = [];
    // jsdom has no object URLs and does not save files: record what would be saved instead.
    class RecordingURL extends URL {
      static override createObjectURL(blob: Blob) {
        blobs.push(blob);
        return `blob:download-${blobs.length}`;
      }
      static override revokeObjectURL() {}
    }
    vi.stubGlobal('URL', RecordingURL);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const zipHeaders = {
    'content-type': 'application/zip',
    'content-disposition': `attachment; filename="my-fictions-2026-11-21.zip"; filename*=UTF-8''my-fictions-2026-11-21.zip`,
  };

  it('downloads the whole list as a ZIP with the reader’s token, saying how far it has got', async () => {
    let push!: (bytes: Uint8Array) => void;
    let finish!: () => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (bytes) => controller.enqueue(bytes);
        finish = () => controller.close();
      },
    });
    const { user, calls } = renderDashboard(
      { favorites: () => [] },
      { 'GET /api/userFictions/export': () => new Response(body, { status: 200, headers: zipHeaders }) },
    );
    const card = await overview();

    await user.click(within(card).getByRole('button', { name: 'Download my data' }));

    const button = within(card).getByRole('button', { name: /^(Preparing|Downloading)/ });
    expect(button).toBeDisabled();
    const download = calls.find((call) => call.path === '/api/userFictions/export');
    expect(download?.headers.authorization).toBe('Bearer stored-token');

    await act(async () => push(new Uint8Array(300 * 1024).fill(80)));
    await waitFor(() => expect(button).toHaveTextContent('Downloading... 300 KB'));
    await act(async () => {
      push(new Uint8Array([1, 2, 3]));
      finish();
    });

    await waitFor(() =>
      expect(saved).toEqual([{ name: 'my-fictions-2026-11-21.zip', href: 'blob:download-1' }]),
    );
    expect(blobs[0]?.size).toBe(300 * 1024 + 3);
    expect(blobs[0]?.type).toBe('application/zip');
    expect(within(card).getByRole('button', { name: 'Download my data' })).toBeEnabled();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a percentage when the size is known', async () => {
    const reply = deferred<Response>();
    const { user } = renderDashboard(
      { favorites: () => [] },
      { 'GET /api/userFictions/export': () => reply.promise },
    );
    const card = await overview();

    await user.click(within(card).getByRole('button', { name: 'Download my data' }));
    expect(within(card).getByRole('button', { name: 'Preparing download...' })).toBeDisabled();

    let push!: (bytes: Uint8Array) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (bytes) => controller.enqueue(bytes);
      },
    });
    await act(async () =>
      reply.resolve(new Response(body, { headers: { ...zipHeaders, 'content-length': '4000' } })),
    );
    await act(async () => push(new Uint8Array(1000)));

    expect(await within(card).findByRole('button', { name: 'Downloading... 25%' })).toBeDisabled();
  });

  it('says why the download failed in words, and lets the reader try again', async () => {
    let answer: () => Response | Promise<Response> = () => failure(500, 'Your data could not be gathered.');
    const { user } = renderDashboard(
      { favorites: () => [] },
      { 'GET /api/userFictions/export': () => answer() },
    );
    const card = await overview();

    await user.click(within(card).getByRole('button', { name: 'Download my data' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent('Your data could not be gathered.');
    expect(saved).toEqual([]);

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(within(card).getByRole('button', { name: 'Download my data' }));
    await waitFor(() =>
      expect(within(card).getByRole('alert')).toHaveTextContent(
        'Network error. Please check your connection and try again.',
      ),
    );

    answer = () => new Response(new Uint8Array([80, 75, 5, 6]), { status: 200, headers: zipHeaders });
    await user.click(within(card).getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the download was interrupted when the file stops coming', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(10));
        controller.error(new TypeError('network error'));
      },
    });
    const { user } = renderDashboard(
      { favorites: () => [] },
      { 'GET /api/userFictions/export': () => new Response(body, { headers: zipHeaders }) },
    );
    const card = await overview();

    await user.click(within(card).getByRole('button', { name: 'Download my data' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'The download was interrupted. Please try again.',
    );
    expect(saved).toEqual([]);
    expect(within(card).getByRole('button', { name: 'Download my data' })).toBeEnabled();
  });
});
