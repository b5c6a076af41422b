import { describe, expect, it } from 'vitest';
import { testAppForEach } from '../../test/hooks.ts';
import { call, createTestApp, testDialect } from '../../test/test-app.ts';

const t = testAppForEach(() => createTestApp());

describe('platform', () => {
  it('reports health with the database dialect', async () => {
    const response = await call<{ success: boolean; data: { status: string; database: unknown } }>(t.app, {
      method: 'GET',
      url: '/api/health',
    });
    expect(response.status).toBe(200);
    expect(response.body.data.status).toBe('ok');
    expect(response.body.data.database).toEqual({ ok: true, dialect: testDialect });
  });

  it('answers unknown API addresses with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await call(t.app, { method, url: '/api/no-such-thing' });
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.body).toEqual({
        success: false,
        error: `No API route matches ${method} /api/no-such-thing.`,
      });
    }
  });

  it('publishes an OpenAPI document listing the routes', async () => {
    const response = await call<{ openapi: string; paths: Record<string, unknown> }>(t.app, {
      method: 'GET',
      url: '/api/docs/json',
    });
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/auth/profile', '/api/health']),
    );
  });

  it('sends the API security headers on JSON answers, errors included', async () => {
    for (const url of ['/api/health', '/api/no-such-route']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Served over plain http: no HSTS, which would pin browsers to an https site that may not exist.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS only when the site is served over https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://rrcompanion.example' });
    try {
      for (const url of ['/api/health', '/', '/api/fictions/%zz/history']) {
        const response = await secure.app.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security'], url).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
    } finally {
      await secure.close();
    }
  });

  it.each([
    ['/api/fictions/%zz/history', 400],
    ['/%E0%A4%A', 400],
    [`/api/fictions/${'9'.repeat(250)}`, 414],
  ])(
    'answers the malformed address %s with %i, the envelope and the security headers',
    async (url, status) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ success: false, error: 'The address of this request is malformed.' });
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toMatch(/^(DENY|SAMEORIGIN)$/);
      expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    },
  );

  it('rejects prototype keys in bodies without failing', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@example.com","password":"x","__proto__":{"admin":true}}',
    });
    expect(response.status).toBeLessThan(500);
    expect(response.body).toMatchObject({ success: false });
  });

  it('refuses an oversized body with 413', async () => {
    const response = await call(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ success: false, error: 'The request body is too large.' });
  });
});
