import { describe, expect, it } from 'vitest';
import { AFTER_SIGN_IN, afterSignInPath, safeCallbackPath, signInPath } from './callback-url';

describe('safeCallbackPath', () => {
  it.each([
    ['/users/u-1?tab=cards#top', '/users/u-1?tab=cards#top'],
    ['/cards?q=ada%20lovelace', '/cards?q=ada%20lovelace'],
    ['/', '/'],
    ['/users/../cards', '/cards'],
  ])('keeps a path of this origin: %j', (value, path) => {
    expect(safeCallbackPath(value)).toBe(path);
  });

  it.each([
    // The findings: a tab (browsers drop it: "//evil.example"), CR/LF, an ideographic space.
    '/\t/evil.example/',
    '/\r\nSet-Cookie: a=b',
    '/\n/evil.example',
    '/\u3000/evil.example',
    '/\u00a0/evil.example',
    '/\u0085/evil.example',
    '/\u0000',
    '/\u007f',
    // Other hosts, spelled every way.
    '//evil.example/',
    '/\\evil.example/',
    '\\\\evil.example',
    '/..//evil.example/',
    'https://evil.example/',
    'http:evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    // Not a path at all.
    '',
    'users',
    ' /users',
    '/users ',
  ])('refuses %j', (value) => {
    expect(safeCallbackPath(value)).toBeNull();
  });

  it('refuses what is not a string, and anything over 2,048 characters', () => {
    expect(safeCallbackPath(undefined)).toBeNull();
    expect(safeCallbackPath(['/cards'])).toBeNull();
    expect(safeCallbackPath(`/${'a'.repeat(2048)}`)).toBeNull();
  });

  it('takes an absolute URL only on the origin it is given', () => {
    expect(safeCallbackPath('http://localhost:3000/cards?x=1', 'http://localhost:3000')).toBe('/cards?x=1');
    expect(safeCallbackPath('http://localhost:3000/cards')).toBeNull();
    expect(safeCallbackPath('http://localhost:3001/cards', 'http://localhost:3000')).toBeNull();
    expect(safeCallbackPath('https://localhost:3000/cards', 'http://localhost:3000')).toBeNull();
    expect(safeCallbackPath('//localhost:3000/cards', 'http://localhost:3000')).toBe('/cards');
    expect(safeCallbackPath('http://localhost:3000//evil.example', 'http://localhost:3000')).toBeNull();
  });
});

describe('afterSignInPath', () => {
  it('goes to the page asked for, or to the start page', () => {
    expect(afterSignInPath('/users/u-1')).toBe('/users/u-1');
    expect(afterSignInPath('/\t/evil.example/')).toBe(AFTER_SIGN_IN);
    expect(afterSignInPath(undefined)).toBe(AFTER_SIGN_IN);
  });

  it('never back to sign-in or next-auth itself (a loop)', () => {
    expect(afterSignInPath('/login')).toBe(AFTER_SIGN_IN);
    expect(afterSignInPath('/login?callbackUrl=%2Fcards')).toBe(AFTER_SIGN_IN);
    expect(afterSignInPath('/api/auth/signout')).toBe(AFTER_SIGN_IN);
    expect(afterSignInPath('/logins')).toBe('/logins');
  });
});

describe('signInPath', () => {
  it('carries the page asked for, encoded', () => {
    expect(signInPath('/cards?q=ada lovelace&page=2')).toBe('/login');
    expect(signInPath('/cards?q=ada%20lovelace&page=2')).toBe(
      '/login?callbackUrl=%2Fcards%3Fq%3Dada%2520lovelace%26page%3D2',
    );
  });

  it('leaves out what is no page to come back to', () => {
    expect(signInPath(null)).toBe('/login');
    expect(signInPath('/')).toBe('/login');
    expect(signInPath(AFTER_SIGN_IN)).toBe('/login');
    expect(signInPath('//evil.example')).toBe('/login');
  });
});
