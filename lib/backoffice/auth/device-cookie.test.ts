// Device cookies (device-cookie.ts): a cookie issued for an account is trusted for that account
// only, until it expires, and only as signed; its name says nothing of the account; it is HttpOnly.
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE_DAYS, deviceCookieFor, deviceCookieName, trustedDevice } from './device-cookie';

const NOW = Date.parse('2026-03-02T09:00:00Z');
const DAY = 24 * 3600_000;

function headersWith(name: string, value: string) {
  return { cookie: `other=1; ${name}=${value}; last=2` };
}

describe('device cookies', () => {
  it('trusts a cookie issued for the account, with its id, until it expires', () => {
    const cookie = deviceCookieFor('ada@example.com', null, NOW);
    const id = trustedDevice(headersWith(cookie.name, cookie.value), 'ada@example.com', NOW);
    expect(id).toMatch(/^[\w-]{16}$/);
    expect(cookie.value.startsWith(`${id}.`)).toBe(true);
    expect(
      trustedDevice(
        headersWith(cookie.name, cookie.value),
        'ada@example.com',
        NOW + DEVICE_COOKIE_DAYS * DAY - 1000,
      ),
    ).toBe(id);
    expect(
      trustedDevice(
        headersWith(cookie.name, cookie.value),
        'ada@example.com',
        NOW + DEVICE_COOKIE_DAYS * DAY,
      ),
    ).toBeNull();
    expect(cookie.options).toMatchObject({ httpOnly: true, sameSite: 'lax', path: '/' });
    expect(cookie.options.expires.getTime()).toBe(NOW + DEVICE_COOKIE_DAYS * DAY);
  });

  it('keeps the device id when renewed', () => {
    const first = deviceCookieFor('ada@example.com', null, NOW);
    const id = trustedDevice(headersWith(first.name, first.value), 'ada@example.com', NOW);
    const renewed = deviceCookieFor('ada@example.com', id, NOW + DAY);
    expect(trustedDevice(headersWith(renewed.name, renewed.value), 'ada@example.com', NOW + DAY)).toBe(id);
  });

  it("is never trusted for another account, even under that account's cookie name", () => {
    const cookie = deviceCookieFor('ada@example.com', null, NOW);
    expect(trustedDevice(headersWith(cookie.name, cookie.value), 'bob@example.com', NOW)).toBeNull();
    const bobName = deviceCookieName('bob@example.com');
    expect(bobName).not.toBe(cookie.name);
    expect(trustedDevice(headersWith(bobName, cookie.value), 'bob@example.com', NOW)).toBeNull();
  });

  it('is not trusted when any part was changed, or when it is not ours at all', () => {
    const cookie = deviceCookieFor('ada@example.com', null, NOW);
    const [id, expires, signature] = cookie.value.split('.') as [string, string, string];
    const forged = [
      `other-id.${expires}.${signature}`,
      `${id}.${Number(expires) + 3600}.${signature}`,
      `${id}.${expires}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${id}.${expires}`,
      `${cookie.value}.x`,
      '',
      'garbage',
    ];
    for (const value of forged) {
      expect(trustedDevice(headersWith(cookie.name, value), 'ada@example.com', NOW), value).toBeNull();
    }
    expect(trustedDevice({}, 'ada@example.com', NOW)).toBeNull();
    expect(trustedDevice(undefined, 'ada@example.com', NOW)).toBeNull();
  });

  it('names the cookie without the e-mail address in it', () => {
    expect(deviceCookieName('ada@example.com')).toMatch(/^card-wallet\.device\.[\w-]{16}$/);
    expect(deviceCookieName('ada@example.com')).not.toContain('ada');
  });
});
