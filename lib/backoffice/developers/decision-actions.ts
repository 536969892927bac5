'use server';
// The decision endpoint on /developers (admins; docs/card-spending.md "The agency's decision"):
// set it or rotate its secret (a secret comes back only when one is drawn: the first URL or a
// rotation; shown once, never in the audit entry), and send a test authorization: a purchase of
// 1.00 simulated on a card the admin names, timed from the back-office, its answer (who decided,
// approved or why declined) shown, and the hold reversed at once so the test leaves no money held.
// /developers reads the settings back with decision/get.
import { randomUUID } from 'node:crypto';
import { revalidatePath } from 'next/cache';
import { ACTION_PERMISSIONS } from '@/lib/backoffice/auth/permissions';
import { ActionError, authActionClient, keepTypedValues } from '@/lib/backoffice/shared/action-client';
import { runWalletMutation } from '@/lib/backoffice/shared/wallet-mutation';
import { holderOf } from '@/lib/backoffice/cards/purchase-words';
import { holdersOf } from '@/lib/backoffice/names/purchase-holders';
import { decisionTestSummary } from '@/lib/backoffice/sandbox/sandbox-summaries';
import { getWalletClient } from '@/lib/backoffice/wallet-client';
import { env } from '@/lib/env';
import type { Authorization, DecisionEndpoint } from '@/lib/wallet/contract/schemas';
import {
  setDecisionPostSchema,
  setDecisionSchema,
  testDecisionPostSchema,
  testDecisionSchema,
} from './decision-forms';

export const setDecisionEndpoint = authActionClient
  .metadata({ name: 'decision.set', permission: ACTION_PERMISSIONS['decision.set'] })
  .inputSchema(setDecisionPostSchema, keepTypedValues)
  .stateAction<DecisionEndpoint>(async ({ parsedInput, ctx }) => {
    const { url, fallback, timeoutMs, rotateSecret } = parsedInput;
    const said = rotateSecret
      ? "Rotated the decision endpoint's signing secret (the old one signs for 24 hours more)"
      : url
        ? `Set the decision endpoint to ${url} (fallback ${fallback}, deadline ${timeoutMs} ms)`
        : 'Removed the decision endpoint';
    const saved = await runWalletMutation({
      staff: ctx.staff,
      schema: setDecisionSchema,
      action: 'decision.set',
      targetType: 'webhook',
      targetId: 'decision',
      summary: said,
      // Only what the form posted: url given empty removes the endpoint (a clearable parameter).
      call: () =>
        getWalletClient().decisionSet({
          ...(url !== undefined ? { url } : {}),
          ...(fallback ? { fallback } : {}),
          ...(timeoutMs !== undefined ? { timeoutMs } : {}),
          ...(rotateSecret ? { rotateSecret: true } : {}),
        }),
    });
    revalidatePath('/developers');
    return saved;
  });

export type DecisionTestResult = { authorization: Authorization; tookMs: number; reversed: boolean };

export const testDecisionEndpoint = authActionClient
  .metadata({ name: 'decision.test', permission: ACTION_PERMISSIONS['decision.set'] })
  .inputSchema(testDecisionPostSchema, keepTypedValues)
  .stateAction<DecisionTestResult>(async ({ parsedInput, ctx }) => {
    if (!env.WALLET_SIMULATION) {
      throw new ActionError(
        'A test authorization is a simulated purchase, and simulation is off here (WALLET_SIMULATION=false).',
      );
    }
    const { cardId } = parsedInput;
    const wallet = getWalletClient();
    let tookMs = 0;
    const { authorization } = await runWalletMutation({
      staff: ctx.staff,
      schema: testDecisionSchema,
      action: 'decision.test',
      targetType: 'card',
      targetId: String(cardId),
      summary: `Sent a test authorization of 1.00 on card ${cardId}`,
      call: async () => {
        const started = performance.now();
        const a = await wallet.simulateAuthorize({
          cardId,
          amount: '1.00',
          merchantName: 'Decision endpoint test',
          mcc: '5999',
          merchantCountry: 'US',
          requestId: randomUUID(),
        });
        tookMs = Math.round(performance.now() - started);
        // The holder's name for the entry; the wallet not naming them leaves the IDs.
        return { authorization: a, holder: holderOf(a, await holdersOf([a])) };
      },
      // In words (sandbox-summaries.ts), about the holder: the outcome, who decided, how long.
      describe: ({ authorization: a, holder }) => ({
        subjectUser: a.appUserId,
        summary: decisionTestSummary(a, holder, tookMs),
      }),
    });
    let reversed = false;
    if (authorization.status === 'PENDING') {
      await wallet.simulateReverse({
        authorizationId: authorization.authorizationId,
        requestId: randomUUID(),
      });
      reversed = true;
    }
    return { authorization, tookMs, reversed };
  });
