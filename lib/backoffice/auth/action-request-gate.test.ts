// The action gate's decisions, without a server: which POSTs it takes, whose Origin is this app's,
// which bodies Next could decode. Over HTTP against the build: tests/system/action-requests.test.ts.
import { describe, expect, it } from 'vitest';
import { checkActionBody, isActionRequest, isOwnOrigin } from './action-request-gate';

describe('isActionRequest', () => {
  const post = (url: string, headers: Record<string, string>) => ({ method: 'POST', url, headers });
  it('takes a fetch action anywhere but /api/, and a multipart form posted to a page', () => {
    expect(isActionRequest(post('/users', { 'next-action': 'abc' }))).toBe(true);
    expect(isActionRequest(post('/', { 'content-type': 'multipart/form-data; boundary=x' }))).toBe(true);
    expect(isActionRequest(post('/', { 'content-type': 'application/x-www-form-urlencoded' }))).toBe(false);
    expect(isActionRequest(post('/api/auth/callback/credentials', { 'next-action': 'abc' }))).toBe(false);
    expect(isActionRequest({ method: 'GET', url: '/', headers: { 'next-action': 'abc' } })).toBe(false);
  });
});

describe('isOwnOrigin', () => {
  it('is the host the request was sent to, as Next decides it', () => {
    expect(isOwnOrigin({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' })).toBe(true);
    expect(isOwnOrigin({ origin: 'https://Backoffice.example.com', host: 'backoffice.example.com' })).toBe(
      true,
    );
    expect(
      isOwnOrigin({
        origin: 'https://backoffice.example.com',
        host: '10.0.0.5:3000',
        'x-forwarded-host': 'backoffice.example.com, proxy.internal',
      }),
    ).toBe(true);
    expect(
      isOwnOrigin({
        origin: 'http://10.0.0.5:3000',
        host: '10.0.0.5:3000',
        'x-forwarded-host': 'other.example',
      }),
    ).toBe(false);
  });

  it('refuses another site, `null`, none, garbage and other schemes', () => {
    const host = '127.0.0.1:3000';
    expect(isOwnOrigin({ origin: 'https://evil.example', host })).toBe(false);
    expect(isOwnOrigin({ origin: 'http://127.0.0.1:3001', host })).toBe(false);
    expect(isOwnOrigin({ origin: 'null', host })).toBe(false);
    expect(isOwnOrigin({ host })).toBe(false);
    expect(isOwnOrigin({ origin: '::not a url', host })).toBe(false);
    expect(isOwnOrigin({ origin: 'ftp://127.0.0.1:3000', host })).toBe(false);
    expect(isOwnOrigin({ origin: 'http://127.0.0.1:3000' })).toBe(false);
  });
});

describe('checkActionBody', () => {
  const text = 'text/plain;charset=UTF-8';
  const form = (boundary: string, parts: [string, string][]) =>
    Buffer.from(
      parts
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join('') + `--${boundary}--\r\n`,
    );

  it('lets through what Next’s client sends', async () => {
    expect(await checkActionBody(text, true, Buffer.from('[{"amount":"1.00"}]'))).toBeUndefined();
    const multipart = `multipart/form-data; boundary=----WebKitFormBoundaryAbC`;
    expect(
      await checkActionBody(multipart, true, form('----WebKitFormBoundaryAbC', [['0', '["$K1"]']])),
    ).toBeUndefined();
    expect(
      await checkActionBody(multipart, false, form('----WebKitFormBoundaryAbC', [['$ACTION_ID_ab', '']])),
    ).toBeUndefined();
  });

  it('refuses JSON that is not, a form that is not, and other media types', async () => {
    const malformed = { status: 400, reason: 'malformed' };
    expect(await checkActionBody(text, true, Buffer.from('[{"amount":'))).toEqual(malformed);
    expect(await checkActionBody(text, true, Buffer.from([0xff, 0xfe, 0x5b, 0x5d]))).toEqual(malformed);
    const multipart = 'multipart/form-data; boundary=xyz';
    expect(await checkActionBody(multipart, true, Buffer.from('garbage'))).toEqual(malformed);
    expect(await checkActionBody('multipart/form-data', false, form('xyz', [['a', 'b']]))).toEqual(malformed);
    expect(await checkActionBody(multipart, true, form('xyz', [['0', '{not json']]))).toEqual(malformed);
    expect(await checkActionBody(multipart, true, form('xyz', [['1', '[]']]))).toEqual(malformed);
    // Arguments React could not decode: a reference to nothing, or to a chunk after the root
    // (React decodes the root as it arrives; its client writes the root last).
    expect(await checkActionBody(text, true, Buffer.from('["$Q1"]'))).toEqual(malformed);
    expect(await checkActionBody(multipart, true, form('xyz', [['0', '["$1"]']]))).toEqual(malformed);
    expect(
      await checkActionBody(
        multipart,
        true,
        form('xyz', [
          ['0', '["$1"]'],
          ['1', '{}'],
        ]),
      ),
    ).toEqual(malformed);
    expect(
      await checkActionBody(
        multipart,
        true,
        form('xyz', [
          ['1', '{}'],
          ['0', '["$1"]'],
        ]),
      ),
    ).toBeUndefined();
    // A form posted without scripts: a bound action's arguments must be in the form.
    const bound = '{"id":"7f00","bound":"$@1"}';
    expect(
      await checkActionBody(
        multipart,
        false,
        form('xyz', [
          ['$ACTION_REF_1', ''],
          ['$ACTION_1:0', bound],
        ]),
      ),
    ).toEqual(malformed);
    expect(
      await checkActionBody(
        multipart,
        false,
        form('xyz', [
          ['$ACTION_REF_1', ''],
          ['$ACTION_1:0', bound],
          ['$ACTION_1:1', '[{}]'],
        ]),
      ),
    ).toBeUndefined();
    expect(await checkActionBody('application/json', true, Buffer.from('[]'))).toEqual({
      status: 415,
      reason: 'content-type',
    });
    expect(await checkActionBody(text, false, Buffer.from('[]'))).toEqual({
      status: 415,
      reason: 'content-type',
    });
  });
});
