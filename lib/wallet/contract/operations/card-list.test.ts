import { describe, expect, it } from 'vitest';
import { decodeCardListCursor, encodeCardListCursor } from './card-list';

describe('the card/list cursor', () => {
  it('round-trips the issue time as PostgreSQL writes it, to the microsecond', () => {
    const cursor = { at: '2026-02-20 09:00:00.000002+00', id: 42 };
    expect(decodeCardListCursor(encodeCardListCursor(cursor))).toEqual(cursor);
  });

  it('refuses what it did not make: not base64url, no ID, an impossible instant', () => {
    const enc = (text: string) => Buffer.from(text).toString('base64url');
    expect(decodeCardListCursor('not a cursor')).toBeNull();
    expect(decodeCardListCursor(enc('2026-02-20 09:00:00+00'))).toBeNull();
    expect(decodeCardListCursor(enc('2026-02-30 09:00:00+00|1'))).toBeNull();
    expect(decodeCardListCursor(enc('2026-02-20 24:00:00+00|1'))).toBeNull();
    expect(decodeCardListCursor(enc('2026-02-20 09:00:00+00|0'))).toBeNull();
    expect(decodeCardListCursor(enc("2026-02-20 09:00:00+00|1'; drop table cards"))).toBeNull();
  });
});
