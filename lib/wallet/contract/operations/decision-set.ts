// decision/set (docs/wallet-api.md "decision/set", docs/card-spending.md "The agency's decision").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { DECISION_FALLBACKS } from '@/lib/wallet/contract/enums';
import {
  authParams,
  booleanParam,
  boundedInt,
  decisionEndpointSchema,
  oneOf,
  webhookUrlParam,
} from '@/lib/wallet/contract/schemas';

// Absent leaves a setting as it is (a first set stores DECLINE and 1500 ms for those not given).
const decisionSetParams = z.object({
  ...authParams,
  url: webhookUrlParam.optional(),
  fallback: oneOf(DECISION_FALLBACKS).optional(),
  timeoutMs: boundedInt(100, 2000).optional(),
  rotateSecret: booleanParam.optional(),
});

export const decisionSet = defineOperation({
  name: 'decisionSet',
  method: 'POST',
  path: '/wallet/api/decision/set',
  summary:
    'Extension: where the agency decides each authorization itself; changes only what it is given, and keeps the signing secret unless rotateSecret=true',
  section: 'extension',
  tag: 'Card Spending',
  extension: true,
  // No requestId: a replay would have to keep the secret's plain text to answer with it.
  mutating: true,
  clearable: ['url'],
  params: decisionSetParams,
  data: decisionEndpointSchema,
  codes: [],
  events: [],
  paramText: {
    url: "The agency's decision URL, under the SSRF rules of webhook URLs (else 1002); given empty, removes the endpoint; absent, leaves it",
    fallback:
      'What decides when the agency is unavailable (no answer in time, a non-2xx, a body that is not a decision): APPROVE or DECLINE; absent, leaves it (first set: DECLINE)',
    timeoutMs: 'How long the service waits for the answer, milliseconds; absent, leaves it (first set: 1500)',
    rotateSecret:
      'true draws a new signing secret (answered as secret); the old one keeps signing Wallet-Signature-Previous for 24 hours',
  },
  paramExamples: { timeoutMs: 1500, fallback: 'DECLINE', rotateSecret: false },
});
