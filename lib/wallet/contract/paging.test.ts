import { describe, expect, it } from 'vitest';
import { decodeEventCursor, encodeEventCursor } from '@/lib/wallet/contract/paging';

describe("event/list's cursor", () => {
  it('is URL-safe and opaque, and decodes to the id it was made from', () => {
    for (const id of [1, 9, 1234, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
      const cursor = encodeEventCursor(id);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(cursor).not.toContain(String(id));
      expect(decodeEventCursor(cursor)).toBe(id);
    }
  });

  it('refuses what encodeEventCursor does not make', () => {
    const b64 = (text: string) => btoa(text).replace(/=+$/, '');
    for (const bad of [
      '',
      'abc',
      'ZXYxLjE=', // padded
      b64('ev1.0'),
      b64('ev1.01'),
      b64('ev1.-5'),
      b64('ev1.1.5'),
      b64('ev2.5'),
      b64(`ev1.${'9'.repeat(17)}`),
      `${encodeEventCursor(5)}!`,
      'a'.repeat(65),
    ]) {
      expect(decodeEventCursor(bad), bad).toBeUndefined();
    }
  });
});
