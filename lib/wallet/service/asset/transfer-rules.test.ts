// The transfer table of docs/wallet-api.md "Transfers": every pair of asset kinds x same or other
// currency x the receiving card's status gives success or a refusal (4010).
import { describe, expect, it } from 'vitest';
import { CARD_STATUSES } from '@/lib/wallet/contract/schemas';
import { transferRefusal, type AssetKind } from './transfer-rules';

type Kind = 'AGENCY' | 'WALLET' | 'CARD' | 'OTHER_WALLET' | 'OTHER_CARD';
const KINDS: Kind[] = ['AGENCY', 'WALLET', 'CARD', 'OTHER_WALLET', 'OTHER_CARD'];

// User 1 owns WALLET and CARD; user 2 owns OTHER_WALLET and OTHER_CARD.
function asset(kind: Kind, currency: string, cardStatus: string): AssetKind {
  switch (kind) {
    case 'AGENCY':
      return { kind: 'AGENCY', currency };
    case 'WALLET':
      return { kind: 'WALLET', userId: 1, currency };
    case 'OTHER_WALLET':
      return { kind: 'WALLET', userId: 2, currency };
    case 'CARD':
      return { kind: 'CARD', userId: 1, currency, cardStatus };
    case 'OTHER_CARD':
      return { kind: 'CARD', userId: 2, currency, cardStatus };
  }
}

/** The allowed pairs, when the currencies match and a receiving card is ACTIVE (from user 1's view). */
const ALLOWED = new Set([
  'AGENCY>WALLET',
  'AGENCY>OTHER_WALLET',
  'AGENCY>CARD',
  'AGENCY>OTHER_CARD',
  'WALLET>CARD',
  'OTHER_WALLET>OTHER_CARD',
]);

describe('transferRefusal', () => {
  for (const from of KINDS) {
    for (const to of KINDS) {
      for (const currency of ['USD', 'EUR']) {
        for (const status of CARD_STATUSES) {
          const receivesCard = to === 'CARD' || to === 'OTHER_CARD';
          if (!receivesCard && status !== 'ACTIVE') continue;
          const allowed =
            ALLOWED.has(`${from}>${to}`) && currency === 'USD' && (!receivesCard || status === 'ACTIVE');
          it(`${from} -> ${to}, ${currency === 'USD' ? 'same' : 'other'} currency${receivesCard ? `, card ${status}` : ''}: ${allowed ? 'allowed' : '4010'}`, () => {
            const refusal = transferRefusal(asset(from, 'USD', 'ACTIVE'), asset(to, currency, status));
            if (allowed) expect(refusal).toBeNull();
            else expect(refusal).toEqual(expect.any(String));
          });
        }
      }
    }
  }

  it('names the reason', () => {
    expect(transferRefusal(asset('AGENCY', 'USD', 'ACTIVE'), asset('CARD', 'EUR', 'ACTIVE'))).toBe(
      'the assets hold different currencies (USD and EUR)',
    );
    expect(transferRefusal(asset('WALLET', 'USD', 'ACTIVE'), asset('CARD', 'USD', 'LOCKED'))).toBe(
      'the receiving card is LOCKED, not ACTIVE',
    );
    expect(transferRefusal(asset('WALLET', 'USD', 'ACTIVE'), asset('OTHER_CARD', 'USD', 'ACTIVE'))).toBe(
      "a wallet tops up only its own user's cards",
    );
    expect(transferRefusal(asset('CARD', 'USD', 'ACTIVE'), asset('WALLET', 'USD', 'ACTIVE'))).toBe(
      'money does not move from a card to a wallet',
    );
  });
});
