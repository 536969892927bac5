import { describe, expect, it } from 'vitest';
import { CARD_STATUSES } from '@/lib/wallet/contract/schemas';
import { nextStatus, type CardAction } from './card-lifecycle';

// Every status x every action, written out: the table docs/wallet-api.md "Card lifecycle" describes.
const EXPECTED: Record<(typeof CARD_STATUSES)[number], Record<CardAction, string | null>> = {
  PENDING: { activate: 'ACTIVE', lock: null, unlock: null, cancel: 'CANCELLED' },
  ACTIVE: { activate: null, lock: 'LOCKED', unlock: null, cancel: 'CANCELLED' },
  LOCKED: { activate: null, lock: null, unlock: 'ACTIVE', cancel: 'CANCELLED' },
  CANCELLED: { activate: null, lock: null, unlock: null, cancel: null },
};

describe('nextStatus', () => {
  for (const status of CARD_STATUSES) {
    for (const action of ['activate', 'lock', 'unlock', 'cancel'] as const) {
      it(`${status} + ${action} -> ${EXPECTED[status][action] ?? 'refused'}`, () => {
        expect(nextStatus(status, action)).toBe(EXPECTED[status][action]);
      });
    }
  }
});
