// What the app server believes of X-Forwarded-* (forwarded-headers.ts). Over HTTP against the
// build: tests/system/action-requests.test.ts › forwarded headers and the app's own URL.
import { describe, expect, it } from 'vitest';
import { settleForwardedHeaders } from './forwarded-headers';

const settled = (headers: Record<string, string | string[]>, hops: number, peer = '198.51.100.7') => {
  const request = { headers: { host: '10.0.0.5:3000', ...headers }, socket: { remoteAddress: peer } };
  settleForwardedHeaders(request as Parameters<typeof settleForwardedHeaders>[0], hops);
  return request.headers;
};

describe('settleForwardedHeaders', () => {
  it('reached directly, drops every X-Forwarded-* header the client wrote, and keeps Host', () => {
    expect(
      settled(
        {
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
          'x-forwarded-port': '443',
          'x-forwarded-for': '198.18.0.1',
          origin: 'https://evil.example',
        },
        0,
      ),
    ).toEqual({ host: '10.0.0.5:3000', origin: 'https://evil.example' });
  });

  it('reached directly, believes Next’s own forward of an action to the page that holds it, from this machine only', () => {
    const forward = {
      host: 'localhost:3000',
      'x-action-forwarded': '1',
      'x-forwarded-host': '10.0.0.5:3000',
      'x-forwarded-proto': 'http',
    };
    expect(settled(forward, 0, '127.0.0.1')).toMatchObject({ 'x-forwarded-host': '10.0.0.5:3000' });
    expect(settled(forward, 0, '::1')).toMatchObject({ 'x-forwarded-host': '10.0.0.5:3000' });
    expect(settled(forward, 0, '198.51.100.7')).not.toHaveProperty('x-forwarded-host');
    expect(settled({ ...forward, 'x-action-forwarded': 'yes' }, 0, '127.0.0.1')).not.toHaveProperty(
      'x-forwarded-host',
    );
  });

  it('behind proxies, keeps the host the outermost trusted one set, alone', () => {
    // Appending proxies: the client's guess on the left is not believed.
    expect(settled({ 'x-forwarded-host': 'evil.example, backoffice.example.com' }, 1)).toMatchObject({
      'x-forwarded-host': 'backoffice.example.com',
    });
    expect(
      settled({ 'x-forwarded-host': 'evil.example, backoffice.example.com, lb.internal' }, 2),
    ).toMatchObject({ 'x-forwarded-host': 'backoffice.example.com' });
    // Overwriting proxies: one value, theirs.
    expect(settled({ 'x-forwarded-host': 'backoffice.example.com' }, 2)).toMatchObject({
      'x-forwarded-host': 'backoffice.example.com',
    });
    expect(settled({ 'x-forwarded-host': ' , ' }, 1)).not.toHaveProperty('x-forwarded-host');
    expect(settled({ 'x-forwarded-for': '198.18.0.1' }, 1)).toMatchObject({
      'x-forwarded-for': '198.18.0.1',
    });
  });
});
