// Which action replies React can decode and Next can apply (action-reply.ts). Over HTTP against
// the build, each refused one is a 400 and was a 500: tests/system/action-requests.test.ts.
import { describe, expect, it } from 'vitest';
import { replyIsDecodable } from './action-reply';

/** A text/plain reply: the root chunk alone. */
const plain = (root: string) =>
  replyIsDecodable({ text: (name) => (name === '0' ? root : undefined), hasFile: () => false });

/** A multipart reply whose chunks and files all came before its root. */
const multipart = (chunks: Record<string, string>, files: string[] = []) =>
  replyIsDecodable({ text: (name) => chunks[name], hasFile: (name) => files.includes(name) });

describe('replyIsDecodable', () => {
  it('takes what React’s client sends for our actions', () => {
    expect(plain('[{"email":"a@example.com","password":"x"}]')).toBe(true);
    expect(plain('[{"x":"$$dollar","n":"$n123","d":"$D2026-01-01T00:00:00.000Z","u":"$undefined"}]')).toBe(
      true,
    );
    expect(plain('["$NaN","$Infinity","$-Infinity","$-0","$K1"]')).toBe(true);
    // The same object twice: the second is a path to the first; a cycle to the root.
    expect(plain('[{"a":{"b":1}},"$0:0:a","$0"]')).toBe(true);
    expect(multipart({ '0': '[{},"$K1"]', '1_email': 'a@example.com' })).toBe(true);
    expect(
      multipart({ '0': '["$Q1","$W2","$@3","$B4"]', '1': '[["k",1]]', '2': '[1]', '3': '{}' }, ['4']),
    ).toBe(true);
  });

  it('refuses a reference to a chunk the body does not hold (React waits for it: "Connection closed")', () => {
    for (const root of ['["$Q1"]', '["$W1"]', '["$1:__proto__:then"]', '["$@1"]', '["$1"]', '["$B1"]']) {
      expect({ root, decodable: plain(root) }).toEqual({ root, decodable: false });
    }
  });

  it('refuses a root that is not a list of at most 1,000 arguments', () => {
    expect(plain('{"a":"$1"}')).toBe(false);
    expect(plain('{"a":1}')).toBe(false);
    expect(plain('"x"')).toBe(false);
    expect(plain('1')).toBe(false);
    expect(plain(JSON.stringify(Array.from({ length: 1001 }, () => 0)))).toBe(false);
    expect(plain(JSON.stringify(Array.from({ length: 1000 }, () => 0)))).toBe(true);
    expect(plain('[{"a":')).toBe(false);
  });

  it('refuses paths React refuses: through a prototype, a value that is not a plain object, a dropped key', () => {
    expect(plain('[{"a":1},"$0:0:__proto__"]')).toBe(false);
    expect(plain('[{"a":1},"$0:0:constructor"]')).toBe(false);
    expect(plain('[{"a":"$D2026"},"$0:0:a:x"]')).toBe(false);
    expect(plain('[{"a":"$undefined"},"$0:0:a"]')).toBe(false);
    expect(plain('["x","$0:0:length"]')).toBe(false);
    expect(multipart({ '0': '["$@1:a"]', '1': '{"a":1}' })).toBe(false);
  });

  it('refuses a Map or Set of the wrong shape, of the chunk being decoded, or reached by a path', () => {
    expect(multipart({ '0': '["$Q1"]', '1': '[1]' })).toBe(false);
    expect(multipart({ '0': '["$W1"]', '1': '{}' })).toBe(false);
    expect(plain('[["$Q0","$Q0"]]')).toBe(false);
    expect(plain('[{"a":1},"$W0"]')).toBe(false);
    expect(multipart({ '0': '["$Q1:0"]', '1': '[[[1,2]]]' })).toBe(false);
    expect(multipart({ '0': '["$W1","$W1"]', '1': '[]' })).toBe(false);
  });

  it('refuses forms no action of ours takes, and a BigInt React cannot build', () => {
    for (const value of ['$T', '$h1', '$R1', '$r1', '$X1', '$x1', '$i1', '$A1', '$o1', '$F1', '$E1', '$z']) {
      expect({ value, decodable: multipart({ '0': JSON.stringify([value]), '1': '[]' }, ['1']) }).toEqual({
        value,
        decodable: false,
      });
    }
    expect(plain('["$nx"]')).toBe(false);
    expect(plain(`["$n${'9'.repeat(301)}"]`)).toBe(false);
  });

  it('walks every chunk it reaches, and a chunk that is not JSON is refused', () => {
    expect(multipart({ '0': '["$1"]', '1': '["$2"]' })).toBe(false);
    expect(multipart({ '0': '["$1"]', '1': '{not json' })).toBe(false);
    expect(multipart({ '0': '["$1"]', '1': '["$2"]', '2': '{"a":"$0"}' })).toBe(true);
  });

  it('a bound action of a form posted without scripts: `{ id, bound }`, bound null or a reference to a list that is there', () => {
    const bound = (chunks: Record<string, string>) =>
      replyIsDecodable({ text: (name) => chunks[name], hasFile: () => false }, 'bound-action');
    expect(bound({ '0': '{"id":"7f00","bound":null}' })).toBe(true);
    expect(bound({ '0': '{"id":"7f00","bound":"$@1"}', '1': '[{},"$K2"]' })).toBe(true);
    expect(bound({ '0': '{"id":"7f00","bound":"$1"}', '1': '[1]' })).toBe(true);
    expect(bound({ '0': '{"id":"7f00","bound":"$@1"}' })).toBe(false);
    expect(bound({ '0': '{"id":"7f00","bound":"$Q1"}', '1': '[]' })).toBe(false);
    expect(bound({ '0': '{"id":"7f00","bound":"$@1"}', '1': '{}' })).toBe(false);
    expect(bound({ '0': '{"id":"7f00","bound":"$@1"}', '1': '["$2"]' })).toBe(false);
    expect(bound({ '0': '{"bound":null}' })).toBe(false);
    expect(bound({ '0': '["7f00"]' })).toBe(false);
    expect(bound({})).toBe(false);
  });

  it('refuses arrays repeated by references past React’s count, and nesting deeper than 256', () => {
    const thousand = JSON.stringify(Array.from({ length: 999 }, () => 0));
    // 1,000 slots, referenced 999 times from a list of 1,000: past 1,000,000.
    expect(plain(`[${thousand},${Array.from({ length: 999 }, () => '"$0:0"').join(',')}]`)).toBe(false);
    expect(plain(`[${thousand},${Array.from({ length: 9 }, () => '"$0:0"').join(',')}]`)).toBe(true);
    expect(plain(`[${'['.repeat(200_000)}${']'.repeat(200_000)}]`)).toBe(false);
    expect(plain(`[${'['.repeat(300)}${']'.repeat(300)}]`)).toBe(false);
    expect(plain(`[${'['.repeat(250)}${']'.repeat(250)}]`)).toBe(true);
  });
});
