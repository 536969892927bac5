import { describe, expect, it } from 'vitest';
import { addAddressParams, registerAndKycParams, requestIdParam } from '@/lib/wallet/contract/schemas';
import { newRequestId } from './request-id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newRequestId', () => {
  it('is a fresh UUID the wallet accepts as a requestId', () => {
    const a = newRequestId();
    expect(a).toMatch(UUID_V4);
    expect(requestIdParam.safeParse(a).success).toBe(true);
    expect(newRequestId()).not.toBe(a);
  });

  it('is what every form that writes to the wallet may send', () => {
    const id = newRequestId();
    expect(registerAndKycParams.shape.requestId.safeParse(id).success).toBe(true);
    expect(addAddressParams.shape.requestId.safeParse(id).success).toBe(true);
  });

  it('makes a version 4 UUID from random bytes where randomUUID is missing (plain HTTP)', () => {
    expect(newRequestId({ getRandomValues: (array) => array.fill(0xff) })).toBe(
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    );
    expect(newRequestId({ getRandomValues: (array) => array.fill(0) })).toBe(
      '00000000-0000-4000-8000-000000000000',
    );
    expect(newRequestId({ getRandomValues: (array) => crypto.getRandomValues(array) })).toMatch(UUID_V4);
  });

  it('uses randomUUID where the context has it', () => {
    expect(newRequestId({ getRandomValues: (array) => array, randomUUID: () => 'from-random-uuid' })).toBe(
      'from-random-uuid',
    );
  });
});
