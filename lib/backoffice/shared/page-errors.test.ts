import { describe, expect, it } from 'vitest';
import {
  BROWSER_REFERENCE,
  browserReference,
  errorClass,
  pageErrorLine,
  pageErrorReference,
} from './page-errors';

describe('the reference of an error page', () => {
  it("is Next's digest of a server error", () => {
    expect(pageErrorReference('2380512945', () => 'b-unused0000')).toBe('2380512945');
  });

  it('is made in the browser when there is no digest, never "none"', () => {
    expect(pageErrorReference(undefined, () => 'b-0123456789')).toBe('b-0123456789');
    expect(pageErrorReference('', () => 'b-0123456789')).toBe('b-0123456789');
    const made = browserReference();
    expect(made).toMatch(BROWSER_REFERENCE);
    expect(browserReference(() => 0.5)).toBe('b-iiiiiiiiii');
  });
});

describe('the log line of a failed page', () => {
  it('carries the reference, the path without its query, and the class of the error only', () => {
    const secret = new TypeError('card 4111111111111111 of jane@example.com');
    const line = pageErrorLine({
      reference: '2380512945',
      side: 'server',
      path: '/users/u-1?q=jane@example.com#x',
      route: '/users/[appUserId]',
      error: errorClass(secret),
    });
    expect(JSON.parse(line)).toEqual({
      level: 'error',
      event: 'page.error',
      reference: '2380512945',
      side: 'server',
      path: '/users/u-1',
      route: '/users/[appUserId]',
      error: 'TypeError',
    });
    expect(line).not.toContain('jane@example.com');
    expect(line).not.toContain('4111');
  });

  it('names an odd error by a safe word', () => {
    expect(errorClass('a string')).toBe('string');
    const odd = new Error('x');
    odd.name = 'Weird name <script>';
    expect(errorClass(odd)).toBe('Error');
  });
});
