import { describe, expect, it } from 'vitest';
import { describeName, nonEmptyParams, parseQuery } from './query';
import { ResultCode, WalletError } from './result-codes';

function duplicateError(search: string): WalletError {
  try {
    parseQuery(search);
  } catch (error) {
    expect(error).toBeInstanceOf(WalletError);
    return error as WalletError;
  }
  throw new Error(`parseQuery(${JSON.stringify(search)}) did not throw`);
}

describe('parseQuery', () => {
  it('parses name/value pairs in order, with or without the leading ?', () => {
    expect([...parseQuery('?a=1&b=2')]).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    expect([...parseQuery('b=2&a=1')]).toEqual([
      ['b', '2'],
      ['a', '1'],
    ]);
  });

  it('is empty for an empty query', () => {
    expect(parseQuery('').size).toBe(0);
    expect(parseQuery('?').size).toBe(0);
  });

  it('decodes percent escapes and + as a space', () => {
    const pairs = parseQuery('?firstName=O%27Neil%20%28Jr%29%2A&x=a+b&%C3%A9=%E2%82%AC');
    expect(pairs.get('firstName')).toBe("O'Neil (Jr)*");
    expect(pairs.get('x')).toBe('a b');
    expect(pairs.get('é')).toBe('€');
  });

  it('keeps empty values and names without =', () => {
    const pairs = parseQuery('?a=&b');
    expect(pairs.get('a')).toBe('');
    expect(pairs.get('b')).toBe('');
  });

  it('refuses a name given twice with 1003, naming it', () => {
    const error = duplicateError('?a=1&b=2&a=3');
    expect(error.code).toBe(ResultCode.PARAM_DUPLICATED);
    expect(error.message).toBe('Parameter a is given more than once.');
  });

  it('refuses a duplicate even when one copy is empty, or both values are equal', () => {
    expect(duplicateError('?a=&a=1').code).toBe(1003);
    expect(duplicateError('?a=1&a=').code).toBe(1003);
    expect(duplicateError('?a=1&a=1').code).toBe(1003);
    expect(duplicateError('?a&a').code).toBe(1003);
  });

  it('treats an encoded name as the same name', () => {
    const error = duplicateError('?appId=x&app%49d=y');
    expect(error.message).toBe('Parameter appId is given more than once.');
  });

  it('is case-sensitive about names', () => {
    expect([...parseQuery('?a=1&A=2').keys()]).toEqual(['a', 'A']);
  });
});

describe('describeName', () => {
  it('leaves a short clean name alone', () => {
    expect(describeName('appUserId')).toBe('appUserId');
  });

  it('replaces control characters with ?', () => {
    expect(describeName('a\u0000b\nc\u007fd\u009fe')).toBe('a?b?c?d?e');
  });

  it('cuts a long name to 40 characters plus ...', () => {
    expect(describeName('x'.repeat(40))).toBe('x'.repeat(40));
    expect(describeName('x'.repeat(41))).toBe(`${'x'.repeat(40)}...`);
    expect(describeName('y'.repeat(10_000))).toBe(`${'y'.repeat(40)}...`);
  });

  it('is used in the duplicate message', () => {
    const name = `${'n'.repeat(50)}\r`;
    const error = duplicateError(`?${encodeURIComponent(name)}=1&${encodeURIComponent(name)}=2`);
    expect(error.message).toBe(`Parameter ${'n'.repeat(40)}... is given more than once.`);
  });
});

describe('nonEmptyParams', () => {
  it('drops empty values and keeps the rest', () => {
    const out = nonEmptyParams(
      new Map([
        ['a', '1'],
        ['b', ''],
        ['c', ' '],
        ['d', '0'],
      ]),
    );
    expect({ ...out }).toEqual({ a: '1', c: ' ', d: '0' });
    expect('b' in out).toBe(false);
  });

  it('has no prototype, so names like __proto__ or toString are plain keys', () => {
    const out = nonEmptyParams(parseQuery('?__proto__=x&toString=y&constructor=z'));
    expect(Object.getPrototypeOf(out)).toBeNull();
    expect(out.__proto__).toBe('x');
    expect(out.toString).toBe('y');
    expect(out.constructor).toBe('z');
    expect('hasOwnProperty' in out).toBe(false);
  });
});

describe('parseQuery and UTF-8', () => {
  it('refuses a value whose escapes are not UTF-8 with 1002, naming the parameter', () => {
    for (const bad of ['%FF', '%C3', '%C3%28', '%ED%A0%80', 'ok%80']) {
      let error: unknown;
      try {
        parseQuery(`?appUserId=${bad}`);
      } catch (e) {
        error = e;
      }
      expect(error, bad).toBeInstanceOf(WalletError);
      expect((error as WalletError).code).toBe(ResultCode.PARAM_INVALID);
      expect((error as WalletError).message).toBe('appUserId must be valid UTF-8 once percent-decoded.');
      expect((error as WalletError).field).toBe('appUserId');
    }
  });

  it('refuses a name whose escapes are not UTF-8 with 1002', () => {
    expect(() => parseQuery('?a%FFb=1')).toThrow(
      'A parameter name has a percent-escape that is not valid UTF-8.',
    );
  });

  it('keeps a bare % literally, as URLSearchParams does, and agrees with it on valid input', () => {
    const samples = [
      'a=%ZZ',
      'a=100%',
      'a=%2',
      'b=%E2%82%AC%20x+y',
      'c=%F0%9F%98%80',
      'd=%41%42',
      'e=é%C3%A9',
    ];
    for (const s of samples) {
      expect(Object.fromEntries(parseQuery(s)), s).toEqual(Object.fromEntries(new URLSearchParams(s)));
    }
  });
});
