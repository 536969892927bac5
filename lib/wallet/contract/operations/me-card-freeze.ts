// me/card/freeze and me/card/unfreeze (docs/wallet-api.md "The walletToken"): the cardholder locks
// their own card (reason CARDHOLDER_FROZEN) and unlocks it again, but only a lock of their own.
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { cardholderCardSchema, positiveIdParam, requestIdParam } from '@/lib/wallet/contract/schemas';

const meCardParams = z.object({ cardId: positiveIdParam, requestId: requestIdParam.optional() });

export const meCardFreeze = defineOperation({
  name: 'meCardFreeze',
  method: 'POST',
  path: '/wallet/api/me/card/freeze',
  summary:
    "Extension (cardholder): freeze an ACTIVE card of the walletToken's user (LOCKED, reason CARDHOLDER_FROZEN)",
  section: 'extension',
  tag: 'Cardholder',
  extension: true,
  mutating: true,
  auth: 'walletToken',
  params: meCardParams,
  data: cardholderCardSchema,
  codes: [2005, 4007, 4008, 4009],
  events: ['card.status_changed'],
  paramText: { cardId: "One of the walletToken's user's cards (else 4008)" },
});

export const meCardUnfreeze = defineOperation({
  name: 'meCardUnfreeze',
  method: 'POST',
  path: '/wallet/api/me/card/unfreeze',
  summary:
    'Extension (cardholder): unfreeze a card its holder froze (ACTIVE again); a lock by the agency stays (4009)',
  section: 'extension',
  tag: 'Cardholder',
  extension: true,
  mutating: true,
  auth: 'walletToken',
  params: meCardParams,
  data: cardholderCardSchema,
  codes: [2005, 4007, 4008, 4009],
  events: ['card.status_changed'],
  paramText: { cardId: "One of the walletToken's user's cards (else 4008)" },
});
