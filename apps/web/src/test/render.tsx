import type { User } from '@rrc/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { type ReactNode, useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { SessionProvider } from '../app/providers/SessionProvider.tsx';

export const reader: User = {
  id: 7,
  email: 'rita@example.com',
  name: 'Rita Reader',
  admin: false,
  created_at: '2024-03-15T12:00:00.000Z',
  email_verified: true,
  pending_email: null,
};

export const admin: User = {
  id: 1,
  email: 'ada@example.com',
  name: 'Ada Admin',
  admin: true,
  created_at: '2023-01-10T12:00:00.000Z',
  email_verified: true,
  pending_email: null,
};

/** A fiction as GET /api/fictions/555 answers it: its list id (42) differs from its Royal Road id (555). */
export const fictionAt555 = {
  id: 42,
  royalroad_id: 555,
  title: 'Some Title',
  author_name: 'An Author',
  author_id: 9,
  description: null,
  image_url: null,
  status: 'ONGOING',
  type: 'Original',
  tags: [],
  warnings: [],
  pages: 100,
  ratings: 10,
  followers: 20,
  favorites: 5,
  total_views: 1000,
  average_views: 50,
  overall_score: 4.5,
  style_score: 4.5,
  story_score: 4.5,
  grammar_score: 4.5,
  character_score: 4.5,
  chapter_count: 12,
  sponsored: false,
  last_scraped_at: null,
  created_at: '2024-01-01T00:00:00.000Z',
};

/** A JSON reply as the server sends it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** `{ success: true, data }` with status 200. */
export function ok(data: unknown): Response {
  return jsonResponse(200, { success: true, data });
}

/** `{ success: false, error }`; leave `error` out for a reply without error text. */
export function failure(status: number, error?: string): Response {
  return jsonResponse(status, error === undefined ? { success: false } : { success: false, error });
}

export interface ApiCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = Response | Promise<Response>;
/** Handlers keyed by `"METHOD /api/path"`; a function answers each call anew (a Response body reads once). */
export type ApiRoutes = Record<string, (call: ApiCall) => Reply>;

/**
 * Replaces global fetch with a fake server answering `routes`. An unexpected call
 * fails the request loudly. Returns the list of calls made, in order.
 */
export function mockApi(routes: ApiRoutes = {}): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: url,
      headers: { ...(init.headers as Record<string, string> | undefined) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${url}`];
    if (!handler) throw new Error(`Unexpected request in test: ${call.method} ${url}`);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** A promise with its resolve function exposed, to hold a reply until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A session as a previous visit left it in localStorage. */
export function storeSession(user: User | null, token = 'stored-token') {
  localStorage.setItem('token', token);
  if (user) localStorage.setItem('user', JSON.stringify(user));
}

let visited: string[] = [];

/** Shows the router's current path, so tests can see where the app navigated, and records each path. */
function LocationProbe() {
  const location = useLocation();
  useEffect(() => {
    visited.push(location.pathname);
  }, [location.pathname]);
  return (
    <div hidden data-testid="location">
      {location.pathname}
    </div>
  );
}

/** The path the in-memory router is on. */
export function currentPath() {
  return screen.getByTestId('location').textContent;
}

/** Every path the router has been on since the last render, in order. */
export function visitedPaths() {
  return [...visited];
}

/**
 * Renders `ui` inside the providers the app uses (React Query, a memory router
 * starting at `route`, SessionProvider), plus a probe reporting the current path.
 */
export function renderWithProviders(ui: ReactNode, { route = '/' }: { route?: string } = {}) {
  visited = [];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <SessionProvider>
          {ui}
          <LocationProbe />
        </SessionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, user };
}

/** Fills the sign-in form with a reader's email and password and submits it. */
export async function submitSignIn(user: UserEvent) {
  await user.type(screen.getByLabelText('Email address'), 'rita@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

/** Fills the registration form with an email and a password and submits it. */
export async function submitRegistration(user: UserEvent) {
  await user.type(screen.getByLabelText('Email address'), 'rita@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

/**
 * jsdom's `location.assign` cannot be spied on (it is unforgeable), so the whole `location` is swapped for a
 * copy whose `assign` only records; `vi.unstubAllGlobals()` puts the real one back.
 */
export function stubLocationAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  return assign;
}
