import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalQuery, hmacHex, rfc3986, signaturesMatch, signRequest, stringToSign } from './signature';

const SECRET = 'test-secret';

describe('docs/wallet-api.md "Signature" test vectors', () => {
  it('vector 1: the literal string to sign', () => {
    const message =
      'POST\n/wallet/api/agency/assetList\nagencyCode=AG001&appId=app-1&nonce=abcdefghijklmnop&timestamp=1767225600000';
    expect(hmacHex(SECRET, message)).toBe('a3cbe0697c17c998b5bbab71d7d06e1f967cc349a3c503f9c95be1001f9fca6f');
  });

  it('vector 1: from the parameters, in any order', () => {
    const params: [string, string][] = [
      ['timestamp', '1767225600000'],
      ['nonce', 'abcdefghijklmnop'],
      ['appId', 'app-1'],
      ['agencyCode', 'AG001'],
    ];
    expect(signRequest(SECRET, 'post', '/wallet/api/agency/assetList', params)).toBe(
      'a3cbe0697c17c998b5bbab71d7d06e1f967cc349a3c503f9c95be1001f9fca6f',
    );
  });

  const vector2: [string, string][] = [
    ['agencyCode', 'AG001'],
    ['appId', 'app-1'],
    ['appUserId', 'u-1'],
    ['embossedName', 'JOHN DOE'],
    ['firstName', "O'Neil (Jr)*"],
    ['note', ''],
    ['photos', 'https://x.test/a.png?s=1,https://x.test/b.png'],
    ['nonce', 'abcdefghijklmnop'],
    ['timestamp', '1767225600000'],
  ];

  it("vector 2: the string to sign drops the empty note and encodes ' ( ) *", () => {
    expect(stringToSign('POST', '/wallet/api/user/registerAndKyc', vector2)).toBe(
      'POST\n/wallet/api/user/registerAndKyc\n' +
        'agencyCode=AG001&appId=app-1&appUserId=u-1&embossedName=JOHN%20DOE' +
        '&firstName=O%27Neil%20%28Jr%29%2A&nonce=abcdefghijklmnop' +
        '&photos=https%3A%2F%2Fx.test%2Fa.png%3Fs%3D1%2Chttps%3A%2F%2Fx.test%2Fb.png' +
        '&timestamp=1767225600000',
    );
  });

  it('vector 2: the sign from the parameters', () => {
    expect(signRequest(SECRET, 'POST', '/wallet/api/user/registerAndKyc', vector2)).toBe(
      'f3a2694c3aa4592a61158d62fbacb0b0dd249d83d400f1cd2d14ff59c2ef4c9c',
    );
  });

  it('vector 2: the same sign without the note, with a sign parameter, and shuffled', () => {
    const shuffled = [
      ...vector2.filter(([n]) => n !== 'note'),
      ['sign', 'whatever'] as [string, string],
    ].reverse();
    expect(signRequest(SECRET, 'POST', '/wallet/api/user/registerAndKyc', shuffled)).toBe(
      'f3a2694c3aa4592a61158d62fbacb0b0dd249d83d400f1cd2d14ff59c2ef4c9c',
    );
  });
});

describe('hmacHex / signRequest', () => {
  it('is lowercase hex of HMAC-SHA256 over UTF-8', () => {
    const sign = hmacHex('k', 'héllo');
    expect(sign).toMatch(/^[0-9a-f]{64}$/);
    expect(sign).toBe(createHmac('sha256', 'k').update(Buffer.from('héllo', 'utf8')).digest('hex'));
  });

  it('depends on method, path, secret and every value', () => {
    const params: [string, string][] = [['agencyCode', 'AG001']];
    const base = signRequest(SECRET, 'POST', '/p', params);
    expect(signRequest(SECRET, 'GET', '/p', params)).not.toBe(base);
    expect(signRequest(SECRET, 'POST', '/q', params)).not.toBe(base);
    expect(signRequest('other', 'POST', '/p', params)).not.toBe(base);
    expect(signRequest(SECRET, 'POST', '/p', [['agencyCode', 'AG002']])).not.toBe(base);
  });

  it('upper-cases the method', () => {
    expect(stringToSign('get', '/wallet/api/user/cardList', [['a', 'b']])).toBe(
      'GET\n/wallet/api/user/cardList\na=b',
    );
  });
});

describe('canonicalQuery', () => {
  it('sorts by encoded name, by code unit', () => {
    expect(
      canonicalQuery([
        ['b', '2'],
        ['a', '1'],
        ['B', '3'],
        ['aa', '4'],
        ['_', '5'],
      ]),
    ).toBe('B=3&_=5&a=1&aa=4&b=2');
  });

  it('sorts by the encoded, not the raw, name', () => {
    // '*' (0x2A) sorts before '-' (0x2D) raw, but encoded it is '%2A', and '%' (0x25) < '-'.
    // 'é' encodes to '%C3%A9', which sorts before 'a'.
    expect(
      canonicalQuery([
        ['a', '1'],
        ['-', '2'],
        ['*', '3'],
        ['é', '4'],
      ]),
    ).toBe('%2A=3&%C3%A9=4&-=2&a=1');
  });

  it('drops sign and empty values, keeps "0" and a space', () => {
    expect(
      canonicalQuery([
        ['sign', 'abc'],
        ['empty', ''],
        ['zero', '0'],
        ['space', ' '],
      ]),
    ).toBe('space=%20&zero=0');
  });

  it('is empty for no parameters', () => {
    expect(canonicalQuery([])).toBe('');
    expect(stringToSign('POST', '/x', [])).toBe('POST\n/x\n');
  });

  it('encodes names and values with RFC 3986', () => {
    expect(canonicalQuery([["n'", 'a b&c=d+e/f?g']])).toBe('n%27=a%20b%26c%3Dd%2Be%2Ff%3Fg');
  });
});

describe('rfc3986', () => {
  it("encodes ! ' ( ) * that encodeURIComponent leaves alone", () => {
    expect(rfc3986("!'()*")).toBe('%21%27%28%29%2A');
  });

  it('encodes a space as %20, never +', () => {
    expect(rfc3986(' ')).toBe('%20');
    expect(rfc3986('a b')).toBe('a%20b');
  });

  it('encodes non-ASCII as UTF-8 percent escapes in upper-case hex', () => {
    expect(rfc3986('é')).toBe('%C3%A9');
    expect(rfc3986('€')).toBe('%E2%82%AC');
    expect(rfc3986('😀')).toBe('%F0%9F%98%80');
  });

  it('leaves unreserved characters alone', () => {
    const unreserved = 'ABCXYZabcxyz0189-._~';
    expect(rfc3986(unreserved)).toBe(unreserved);
  });

  it('encodes reserved delimiters', () => {
    expect(rfc3986(':/?#[]@$&+,;=%')).toBe('%3A%2F%3F%23%5B%5D%40%24%26%2B%2C%3B%3D%25');
  });
});

describe('signaturesMatch', () => {
  const sign = 'a3cbe0697c17c998b5bbab71d7d06e1f967cc349a3c503f9c95be1001f9fca6f';

  it('is true for the identical string', () => {
    expect(signaturesMatch(sign, `${sign}`)).toBe(true);
  });

  it('is false on a different length (shorter, longer, empty)', () => {
    expect(signaturesMatch(sign, sign.slice(0, -1))).toBe(false);
    expect(signaturesMatch(sign, `${sign}0`)).toBe(false);
    expect(signaturesMatch(sign, '')).toBe(false);
  });

  it('is false on one differing character, first, middle or last', () => {
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === '0' ? '1' : '0') + s.slice(i + 1);
    expect(signaturesMatch(sign, flip(sign, 0))).toBe(false);
    expect(signaturesMatch(sign, flip(sign, 32))).toBe(false);
    expect(signaturesMatch(sign, flip(sign, 63))).toBe(false);
  });

  it('is case-sensitive (the service lowercases the received sign itself)', () => {
    expect(signaturesMatch(sign, sign.toUpperCase())).toBe(false);
  });

  it('does not throw on a multi-byte received value of the same string length', () => {
    const received = `${sign.slice(0, 63)}é`;
    expect(() => signaturesMatch(sign, received)).not.toThrow();
    expect(signaturesMatch(sign, received)).toBe(false);
  });
});
