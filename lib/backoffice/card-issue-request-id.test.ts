import { describe, expect, it } from 'vitest';
import { requestIdParam } from '@/lib/wallet/contract/schemas';
import { newRequestId } from './card-issue-request-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRequestId', () => {
  it('is a fresh UUID the wallet accepts as a requestId', () => {
    const a = newRequestId();
    expect(a).toMatch(UUID_V4);
    expect(requestIdParam.safeParse(a).success).toBe(true);
    expect(newRequestId()).not.toBe(a);
  });

  it('makes a version 4 UUID from random bytes where randomUUID is missing (plain HTTP)', () => {
    const id = newRequestId({ getRandomValues: (array) => array.fill(0xff) });
    expect(id).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(newRequestId({ getRandomValues: (array) => crypto.getRandomValues(array) })).toMatch(UUID_V4);
  });
});
