// decision/set (docs/wallet-api.md "decision/set", docs/card-spending.md "The agency's decision").
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { DECISION_FALLBACKS } from '@/lib/wallet/contract/enums';
import {
  authParams,
  boundedInt,
  decisionEndpointSchema,
  oneOf,
  webhookUrlParam,
} from '@/lib/wallet/contract/schemas';

const decisionSetParams = z.object({
  ...authParams,
  url: webhookUrlParam.optional(),
  fallback: oneOf(DECISION_FALLBACKS).default('DECLINE'),
  timeoutMs: boundedInt(100, 2000).default(1500),
});

export const decisionSet = defineOperation({
  name: 'decisionSet',
  method: 'POST',
  path: '/wallet/api/decision/set',
  summary:
    'Extension: where the agency decides each authorization itself; its signing secret is in this answer only',
  section: 'extension',
  tag: 'Card Spending',
  extension: true,
  // No requestId: a replay would have to keep the secret's plain text to answer with it.
  mutating: true,
  params: decisionSetParams,
  data: decisionEndpointSchema,
  codes: [],
  events: [],
  paramText: {
    url: "The agency's decision URL, under the SSRF rules of webhook URLs (else 1002); empty or absent, removes it",
    fallback: 'What a late answer decides: APPROVE or DECLINE',
    timeoutMs: 'How long the service waits for the answer, milliseconds',
  },
});
