import { describe, expect, it } from 'vitest';
import { RETURN_PATH_MAX_LENGTH, safeReturnPath } from './return-path.ts';

describe('return path after sign-in', () => {
  it.each([
    ['/sponsor/176641', '/sponsor/176641'],
    ['/fiction/176641/worm_girl_evolution_litrpg_yuri', '/fiction/176641/worm_girl_evolution_litrpg_yuri'],
    ['/rising-stars-position/176641', '/rising-stars-position/176641'],
    [
      '/rising-stars-animation?speed=2&from=2026-07-10#follow',
      '/rising-stars-animation?speed=2&from=2026-07-10#follow',
    ],
    ['/', '/'],
    ['/dashboard', '/dashboard'],
    ['/admin/users?page=2', '/admin/users?page=2'],
  ])('accepts the same-site path %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it('gives back a normalized path: dot segments resolved, unsafe characters encoded', () => {
    expect(safeReturnPath('/fiction/../sponsor/./1')).toBe('/sponsor/1');
    expect(safeReturnPath('/fiction/1/título "x"')).toBe('/fiction/1/t%C3%ADtulo%20%22x%22');
  });

  it.each([
    ['an absolute address', 'https://evil.example'],
    ['an absolute address with a path', 'https://evil.example/sponsor/1'],
    ['a protocol-relative address', '//evil.example'],
    ['a protocol-relative address with a path', '//evil.example/dashboard'],
    ['a slash and a backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash later in the path', '/fiction\\..\\..\\evil'],
    ['an encoded second and third slash', '/%2F%2Fevil.example'],
    ['an encoded second slash', '/%2fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a script address', 'javascript:alert(1)'],
    ['a script address behind spaces', '  javascript:alert(1)'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'dashboard'],
    ['a leading space', ' /dashboard'],
    ['a tab between the slashes', '/\t/evil.example'],
    ['a newline between the slashes', '/\n/evil.example'],
    ['a carriage return and line feed', '/dashboard\r\nSet-Cookie: a=b'],
    ['a NUL character', '/dashboard\u0000'],
    ['an encoded newline', '/dashboard%0d%0aSet-Cookie:%20a=b'],
    ['an encoded NUL', '/dashboard%00'],
    ['a DEL character', '/dash\u007fboard'],
    ['a malformed escape', '/dashboard%E0%A4%A'],
    ['an empty value', ''],
    ['the sign-in page', '/login'],
    ['the sign-in page with a query', '/login?return_to=/login'],
    ['the sign-in page with a trailing slash', '/login/'],
    ['the sign-in page in capitals', '/LOGIN'],
    ['the sign-in page reached by a dot segment', '/dashboard/../login'],
    ['the sign-in page with an encoded letter', '/%6Cogin'],
    ['the registration page', '/register?fiction_id=1'],
    ['the OAuth callback page', '/oauth/callback?token=x'],
    ['the OAuth error page', '/oauth/error'],
  ])('refuses %s', (_what, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses a value longer than the limit, and one that only grows past it when encoded', () => {
    const longest = `/${'a'.repeat(RETURN_PATH_MAX_LENGTH - 1)}`;
    expect(safeReturnPath(longest)).toBe(longest);
    expect(safeReturnPath(`${longest}a`)).toBeNull();
    expect(safeReturnPath(`/${'"'.repeat(400)}`)).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(100_000)}`)).toBeNull();
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a number', 42],
    ['a list of paths', ['/sponsor/1', '/sponsor/2']],
    ['an object', { toString: () => '/sponsor/1' }],
  ])('refuses %s', (_what, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});
