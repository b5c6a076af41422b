import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, jsonResponse, mockApi, ok, storeSession } from '../test/render.tsx';
import { ApiError, apiRequest, type Failure, failureMessage, setUnauthorizedHandler } from './api-client.ts';

const SERVICE_UNAVAILABLE = 'Service temporarily unavailable. Please try again later.';
const UNEXPECTED = 'An unexpected error occurred. Please try again later.';
const TOO_MANY = 'Too many requests. Please wait a moment and try again.';
const NETWORK = 'Network error. Please check your connection and try again.';

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

/** The message a screen with fallback 'Login failed' shows when the call answers `reply`. */
async function loginScreenMessage(reply: () => Response | Promise<Response>) {
  mockApi({ 'POST /api/auth/login': reply });
  const error = await apiRequest('/auth/login', { method: 'POST', body: {} }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return failureMessage(error, 'Login failed');
}

describe('failureMessage', () => {
  it("shows the server's own error text whatever the status", () => {
    expect(failureMessage(new ApiError(503, SERVICE_UNAVAILABLE, 'Down for upkeep.'), 'Login failed')).toBe(
      'Down for upkeep.',
    );
    expect(failureMessage(new ApiError(400, 'x', 'Email is required.'), 'Login failed')).toBe(
      'Email is required.',
    );
  });

  it('shows the catalogue text for network failures, 429, 500 and 503 without server text', () => {
    expect(failureMessage(new ApiError(0, NETWORK, null), 'Login failed')).toBe(NETWORK);
    expect(failureMessage(new ApiError(429, TOO_MANY, null), 'Login failed')).toBe(TOO_MANY);
    expect(failureMessage(new ApiError(500, UNEXPECTED, null), 'Login failed')).toBe(UNEXPECTED);
    expect(failureMessage(new ApiError(503, SERVICE_UNAVAILABLE, null), 'Login failed')).toBe(
      SERVICE_UNAVAILABLE,
    );
  });

  it("shows the screen's fallback for other statuses without server text", () => {
    expect(
      failureMessage(new ApiError(400, 'An error occurred. Please try again.', null), 'Login failed'),
    ).toBe('Login failed');
    expect(failureMessage(new ApiError(404, 'x', null), 'Registration failed')).toBe('Registration failed');
  });

  it("shows the screen's fallback for errors that are not API failures", () => {
    expect(failureMessage(new Error('boom'), 'Login failed')).toBe('Login failed');
    expect(failureMessage('boom', 'Login failed')).toBe('Login failed');
  });
});

describe('apiRequest', () => {
  it('returns the data of a successful reply', async () => {
    mockApi({ 'GET /api/things': () => ok({ things: [1, 2] }) });
    await expect(apiRequest('/things')).resolves.toEqual({ things: [1, 2] });
  });

  it('lets the server error text win over the catalogue', async () => {
    expect(await loginScreenMessage(() => failure(503, 'Maintenance until 10am.'))).toBe(
      'Maintenance until 10am.',
    );
    expect(await loginScreenMessage(() => failure(401, 'Invalid email or password.'))).toBe(
      'Invalid email or password.',
    );
  });

  it.each([
    [503, SERVICE_UNAVAILABLE],
    [500, UNEXPECTED],
    [429, TOO_MANY],
  ])('explains a %i reply without server text in catalogue words', async (status, message) => {
    expect(await loginScreenMessage(() => failure(status))).toBe(message);
  });

  it('explains a reply that is not JSON by its status', async () => {
    const text = await loginScreenMessage(() => new Response('<html>Bad gateway</html>', { status: 503 }));
    expect(text).toBe(SERVICE_UNAVAILABLE);
  });

  it('reports a network failure when fetch rejects', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await apiRequest('/auth/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect((error as ApiError).message).toBe(NETWORK);
    expect(failureMessage(error, 'Login failed')).toBe(NETWORK);
  });

  it("falls back to the screen's text for other statuses without server text", async () => {
    expect(await loginScreenMessage(() => failure(400))).toBe('Login failed');
    expect(await loginScreenMessage(() => failure(404))).toBe('Login failed');
  });

  it('treats a 200 reply with success:false as a failure', async () => {
    expect(await loginScreenMessage(() => jsonResponse(200, { success: false, error: 'Nope.' }))).toBe(
      'Nope.',
    );
  });

  it('sends the stored token as a bearer header', async () => {
    storeSession(null, 'abc.def.ghi');
    const calls = mockApi({ 'GET /api/auth/profile': () => ok({}) });
    await apiRequest('/auth/profile');
    expect(calls[0]?.headers.authorization).toBe('Bearer abc.def.ghi');
  });

  it('sends no authorization header when no token is stored', async () => {
    const calls = mockApi({ 'GET /api/auth/profile': () => ok({}) });
    await apiRequest('/auth/profile');
    expect(calls[0]?.headers).not.toHaveProperty('authorization');
  });

  it('sends a body as JSON with the given method', async () => {
    const calls = mockApi({ 'POST /api/auth/login': () => ok({}) });
    await apiRequest('/auth/login', { method: 'POST', body: { email: 'a@b.c', password: 'Secret123' } });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: { email: 'a@b.c', password: 'Secret123' },
    });
  });

  it('calls the unauthorized handler on a 401 reply', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockApi({ 'GET /api/lists': () => failure(401, 'Your session has expired. Please sign in again.') });
    await expect(apiRequest('/lists')).rejects.toThrow('Your session has expired. Please sign in again.');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not call the unauthorized handler for other failures', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockApi({ 'GET /api/admin/statistics': () => failure(403, 'This area is for administrators only.') });
    await expect(apiRequest('/admin/statistics')).rejects.toThrow('This area is for administrators only.');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('passes an abort through instead of reporting a network error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError')));
    await expect(apiRequest('/auth/profile')).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe("apiRequest with a screen's own failure words", () => {
  /** The admin users' texts (SPEC §8), which differ from the catalogue. */
  const adminUsersWords = ({ status, statusText, serverError }: Failure) =>
    status === 0
      ? 'Failed to load users'
      : status < 200 || status > 299
        ? `HTTP ${status}: ${statusText}`
        : (serverError ?? 'Failed to load users');

  it('sends the bearer token and calls the unauthorized handler on a 401 reply', async () => {
    storeSession(null, 'tok');
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const calls = mockApi({
      'GET /api/admin/users?page=1': () => new Response('{}', { status: 401, statusText: 'Unauthorized' }),
    });
    const error = await apiRequest('/admin/users?page=1', { describeFailure: adminUsersWords }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('HTTP 401: Unauthorized');
    expect(calls[0]?.headers.authorization).toBe('Bearer tok');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("words a network failure and a refusal the screen's way", async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiRequest('/admin/users', { describeFailure: adminUsersWords })).rejects.toThrow(
      /^Failed to load users$/,
    );
    mockApi({ 'GET /api/admin/users': () => jsonResponse(200, { success: false, error: 'Not now.' }) });
    await expect(apiRequest('/admin/users', { describeFailure: adminUsersWords })).rejects.toThrow(
      /^Not now\.$/,
    );
  });

  it("hands the screen the answer's message text too", async () => {
    mockApi({ 'GET /api/royalroad/popular': () => jsonResponse(502, { success: false, message: 'Busy.' }) });
    const words = ({ serverError, serverMessage }: Failure) => serverError ?? serverMessage ?? 'Failed';
    await expect(apiRequest('/royalroad/popular', { describeFailure: words })).rejects.toThrow(/^Busy\.$/);
  });
});
