import { describe, expect, it } from 'vitest';
import { parseQuery } from './query';
import { encodeQuery, newNonce, requestPairs, signedQuery } from './signed-query';
import { signRequest } from './signature';

describe('signedQuery', () => {
  it('reproduces the docs/wallet-api.md "Signature" test vector', () => {
    const query = signedQuery({
      secret: 'test-secret',
      method: 'POST',
      path: '/wallet/api/agency/assetList',
      agencyCode: 'AG001',
      appId: 'app-1',
      timestamp: 1767225600000,
      nonce: 'abcdefghijklmnop',
    });
    expect(query).toBe(
      'agencyCode=AG001&appId=app-1&timestamp=1767225600000&nonce=abcdefghijklmnop&sign=a3cbe0697c17c998b5bbab71d7d06e1f967cc349a3c503f9c95be1001f9fca6f',
    );
  });

  it('reproduces the second vector, dropping the empty parameter and encoding the rest', () => {
    const query = signedQuery({
      secret: 'test-secret',
      method: 'POST',
      path: '/wallet/api/user/registerAndKyc',
      agencyCode: 'AG001',
      appId: 'app-1',
      timestamp: 1767225600000,
      nonce: 'abcdefghijklmnop',
      params: {
        appUserId: 'u-1',
        embossedName: 'JOHN DOE',
        firstName: "O'Neil (Jr)*",
        note: '',
        photos: 'https://x.test/a.png?s=1,https://x.test/b.png',
      },
    });
    const pairs = parseQuery(query);
    expect(pairs.get('sign')).toBe('f3a2694c3aa4592a61158d62fbacb0b0dd249d83d400f1cd2d14ff59c2ef4c9c');
    expect(pairs.has('note')).toBe(false);
    expect(pairs.get('firstName')).toBe("O'Neil (Jr)*");
    expect(query).toContain('firstName=O%27Neil%20%28Jr%29%2A');
  });

  it('lets a parameter replace an authentication one, and leaves out undefined, null and empty', () => {
    const pairs = requestPairs({
      agencyCode: 'A',
      appId: 'b',
      timestamp: 1,
      nonce: 'n'.repeat(16),
      params: { appId: 'c', x: undefined, y: null, z: '', t: true, n: 0 },
    });
    expect(pairs).toEqual([
      ['agencyCode', 'A'],
      ['timestamp', '1'],
      ['nonce', 'nnnnnnnnnnnnnnnn'],
      ['appId', 'c'],
      ['t', 'true'],
      ['n', '0'],
    ]);
    expect(signRequest('s', 'GET', '/p', pairs)).toHaveLength(64);
  });

  it('encodes in order and makes fresh 22-character nonces', () => {
    expect(encodeQuery([['a b', "x'y"]])).toBe('a%20b=x%27y');
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(newNonce()).not.toBe(a);
  });
});
