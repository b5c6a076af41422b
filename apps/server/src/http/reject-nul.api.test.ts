import { describe, expect, it } from 'vitest';
import { testAppForEach } from '../../test/hooks.ts';
import { call, createTestApp } from '../../test/test-app.ts';

const t = testAppForEach(() => createTestApp());

describe('bad characters and ids', () => {
  it.each([
    ['GET', '/api/fictions/search?q=a%00b', undefined],
    ['POST', '/api/auth/register', { email: 'nul@example.com', password: 'Readers4ever', name: 'Ada\u0000' }],
  ] as const)('%s %s with a NUL character is a 400, never a 500', async (method, url, payload) => {
    const response = await call(t.app, { method, url, payload });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'Text may not contain the NUL character.' });
  });

  it('refuses fiction ids beyond the id range in badge requests', async () => {
    const response = await call(t.app, {
      method: 'GET',
      url: '/api/rising-stars/latest?fictionIds=1,99999999999',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'fictionIds holds an id out of range.' });
  });
});
