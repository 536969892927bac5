// The events each operation's definition declares (lib/wallet/contract/operations/<name>.ts,
// `events`; the OpenAPI document's x-events) against the events the service really writes
// (docs/wallet-api.md "Events and webhooks"): every operation is called over HTTP, and whatever
// one call wrote must be among its definition's events; a change that declares events writes one;
// a read writes none. The same walk proves that no reply carries a whole card number
// (docs/wallet-api.md "Card numbers"): no 12-19 digit run that passes the Luhn check, even where
// the number was given (4.3's cardNumber).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletOperations, type WalletOperationName } from '@/lib/wallet/contract/operations';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { events } from '@/lib/wallet/service/db/schema';
import { callWallet, addressParams, kycParams, type CallOptions } from '../helpers/wallet-call';
import { luhnRuns } from '../helpers/card-number-leaks';
import { ethSender, ethTxHash } from '../helpers/deposits';
import { createTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

let db: TestDatabase;
let server: WalletTestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer({ webhooks: { allowPrivate: true } });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

type Params = Record<string, string | number | boolean | undefined>;

const SUPPLIED_CARD_NUMBER = '4532015112830366';

const written = new Map<WalletOperationName, string[]>();
/** Every reply's card-number-shaped digit runs, by operation (none expected). */
const wholeNumbers: string[] = [];

/** Calls the operation, expects success, and returns its data and the event types it wrote. */
async function run<T>(operation: WalletOperationName, params: Params, options?: CallOptions): Promise<T> {
  const seen = new Set((await db.db.select({ id: events.id }).from(events)).map((e) => e.id));
  const r = await callWallet<T>(server.baseUrl, operation, params, options);
  expect(r.body.code, `${operation}: ${r.body.msg}`).toBe(0);
  for (const run of luhnRuns(r.text)) wholeNumbers.push(`${operation}: ${run}`);
  const types = (await db.db.select({ id: events.id, type: events.type }).from(events))
    .filter((e) => !seen.has(e.id))
    .map((e) => e.type);
  written.set(operation, [...(written.get(operation) ?? []), ...types]);
  return r.body.data as T;
}

describe('each operation writes only the events its definition declares', () => {
  it('over every operation of the catalogue', async () => {
    const user = 'oe-user';
    const { walletToken } = await run<{ walletToken: string }>('registerAndKyc', kycParams(user));
    const first = await run<{ addressId: number }>('addAddress', addressParams(user));
    // A second default: the first stops being one (address.updated).
    const second = await run<{ addressId: number }>(
      'addAddress',
      addressParams(user, { city: 'Dallas', isDefault: true }),
    );
    const physical = await run<{ cardId: number }>('agencyApplyUserCard', {
      appUserId: user,
      paymentAssetId: db.agencyAssetId,
      categoryId: 3,
      embossedName: 'JANE DOE',
      needDelivery: true,
      addressId: first.addressId,
      // Given whole, answered masked.
      cardNumber: SUPPLIED_CARD_NUMBER,
    });
    await run('cardActivate', { appUserId: user, cardId: physical.cardId });
    await run('cardLock', { appUserId: user, cardId: physical.cardId, reason: 'LOST' });
    await run('cardUnlock', { appUserId: user, cardId: physical.cardId });
    const wallet = (
      await run<{ assetId: number; type: string }[]>('userAssetList', { appUserId: user })
    ).find((a) => a.type === 'WALLET')!;
    await run('assetTransfer', { fromAssetId: db.agencyAssetId, toAssetId: wallet.assetId, amount: '20' });
    const own = await run<{ cardId: number }>('userApplyCard', {
      appUserId: user,
      paymentAssetId: wallet.assetId,
      categoryId: 1,
      embossedName: 'JANE DOE',
    });
    await run('cardReplace', { appUserId: user, cardId: own.cardId, reason: 'LOST' });
    // Card spending on the physical card; one hold is left open for the cancel to reverse.
    const { cardAssetId } = await run<{ cardAssetId: number }>('cardDetail', {
      appUserId: user,
      cardId: physical.cardId,
    });
    await creditAsset({ db: db.db, assetId: cardAssetId, amountMinor: 100_00 });
    const purchase = {
      cardId: physical.cardId,
      amount: '10.00',
      merchantName: 'Cafe',
      mcc: '5812',
      merchantCountry: 'US',
    };
    await run('simulateAuthorize', purchase);
    await run('simulateAuthorize', { ...purchase, currency: 'EUR' });
    const toClear = await run<{ authorizationId: number }>('simulateAuthorize', purchase);
    const cleared = await run<{ transactionId: number }>('simulateClear', {
      authorizationId: toClear.authorizationId,
    });
    await run('simulateRefund', { transactionId: cleared.transactionId, amount: '1.00' });
    const toReverse = await run<{ authorizationId: number }>('simulateAuthorize', purchase);
    await run('simulateReverse', { authorizationId: toReverse.authorizationId });
    await run('cardControlsSet', { appUserId: user, cardId: physical.cardId, blockedMcc: '7995' });
    await run('cardControls', { appUserId: user, cardId: physical.cardId });
    await run('cardAuthorizations', { appUserId: user, cardId: physical.cardId });
    await run('authorizationList', {});
    await run('authorizationSummary', {});
    await run('authorizationDetail', { authorizationId: toReverse.authorizationId });
    await run('decisionSet', {});
    await run('decisionGet', {});
    // Disputes (docs/disputes.md): one submitted and won, one withdrawn, a fraud one that locks.
    const won = await run<{ disputeId: number }>('disputeCreate', {
      transactionId: cleared.transactionId,
      reason: 'NOT_RECEIVED',
      amount: '2.00',
    });
    await run('disputeSubmit', { disputeId: won.disputeId, evidence: 'No parcel came' });
    await run('simulateDisputeOutcome', { disputeId: won.disputeId, outcome: 'WON' });
    const withdrawn = await run<{ disputeId: number }>('disputeCreate', {
      transactionId: cleared.transactionId,
      reason: 'OTHER',
      amount: '1.00',
    });
    await run('disputeWithdraw', { disputeId: withdrawn.disputeId });
    await run('disputeDetail', { disputeId: won.disputeId });
    await run('disputeList', {});
    await run('disputeCreate', {
      transactionId: cleared.transactionId,
      reason: 'FRAUDULENT',
      amount: '1.00',
    });
    await run('cardCancel', { appUserId: user, cardId: physical.cardId, reason: 'USER_REQUEST' });
    await run('addressUpdate', { appUserId: user, addressId: first.addressId, city: 'Oakland' });
    // Deleting the default makes the other one the default (address.updated).
    await run('addressDelete', { appUserId: user, addressId: second.addressId });

    const endpoint = await run<{ endpointId: number }>('webhookAdd', {
      url: 'http://127.0.0.1:9/hooks',
      events: '*',
    });
    const page = await run<{ list: { id: string }[] }>('eventList', {});
    await run('eventRedeliver', { eventId: page.list[0]!.id, endpointId: endpoint.endpointId });
    await run('webhookTest', { endpointId: endpoint.endpointId });
    await run('webhookList', {});
    await run('webhookRotateSecret', { endpointId: endpoint.endpointId });
    await run('webhookDelete', { endpointId: endpoint.endpointId });

    await run('cardListAllByUser', {});
    await run('cardList', {});
    await run('userDetail', { appUserId: user });
    await run('agencyAssetList', {});
    await run('userCardList', { appUserId: user });
    await run('categoryList', {});
    await run('addressList', { appUserId: user });
    await run('cardDetail', { appUserId: user, cardId: physical.cardId });
    await run('assetLedger', { assetId: wallet.assetId });
    await run('assetDaily', { assetId: wallet.assetId });
    await run('userSearch', { q: user });

    // Deposits and KYT (docs/deposits-and-kyt.md): a small deposit credited at once, a large one
    // held and then rejected, one credited by a release.
    const { address } = await run<{ address: string }>('depositAddress', {
      appUserId: user,
      chain: 'ETHEREUM',
    });
    const sender = ethSender('oe');
    const waiting = await run<{ depositId: number }>('simulateDeposit', {
      chain: 'ETHEREUM',
      address,
      txHash: ethTxHash('oe-1'),
      amount: '5',
      fromAddress: sender,
    });
    await run('simulateConfirm', { depositId: waiting.depositId, confirmations: 12 });
    const held = await run<{ depositId: number }>('simulateDeposit', {
      chain: 'ETHEREUM',
      address,
      txHash: ethTxHash('oe-2'),
      amount: '50000',
      fromAddress: sender,
      confirmations: 12,
    });
    await run('depositRelease', { depositId: held.depositId, decision: 'REJECT', note: 'Unknown sender' });
    await run('depositList', {});
    await run('kytRulesSet', { reviewAmount: '500' });
    await run('kytRules', {});

    // The cardholder's channel (docs/wallet-api.md "The cardholder's channel"): me/* with the
    // walletToken as the bearer.
    const held2 = await run<{ cardId: number }>('agencyApplyUserCard', {
      appUserId: user,
      paymentAssetId: db.agencyAssetId,
      categoryId: 1,
      embossedName: 'JANE DOE',
    });
    const bearer = { walletToken };
    await run('meCards', {}, bearer);
    await run('meCardAuthorizations', { cardId: held2.cardId }, bearer);
    await run('meCardFreeze', { cardId: held2.cardId }, bearer);
    await run('meCardUnfreeze', { cardId: held2.cardId }, bearer);
    await run('meCardDetailsLink', { cardId: held2.cardId }, bearer);
    await run('cardDetailsLink', { appUserId: user, cardId: held2.cardId });
    await run('appCardViewOriginsSet', { origins: 'https://app.example.com' });
    await run('appCardViewOrigins', {});
    await run('simulateAuthorize', { ...purchase, cardId: held2.cardId, cvv: '000', expiry: '0130' });
    await run('simulateExpireCard', { cardId: held2.cardId });
    await run('userWalletTokenRotate', { appUserId: user });
    await run('disputeSummary', {});

    expect([...written.keys()].sort()).toEqual(Object.keys(walletOperations).sort());
    for (const [name, types] of written) {
      const declared: readonly string[] = walletOperations[name].events;
      expect(
        types.filter((type) => !declared.includes(type)),
        `${name} wrote events it does not declare`,
      ).toEqual([]);
      if (declared.length > 0) expect(types.length, `${name} wrote no event`).toBeGreaterThan(0);
      if (!walletOperations[name].mutating) expect(types, name).toEqual([]);
    }
    // The changes above that write a second kind of event did.
    expect(written.get('addAddress')).toContain('address.updated');
    expect(written.get('addressDelete')).toEqual(['address.deleted', 'address.updated']);
    expect([...written.get('cardCancel')!].sort()).toEqual(['authorization.reversed', 'card.status_changed']);
    expect(written.get('simulateAuthorize')).toContain('authorization.declined');
    expect(written.get('disputeCreate')).toEqual([
      'dispute.created',
      'dispute.created',
      'dispute.created',
      'card.status_changed',
    ]);
  }, 60_000);

  it('and no reply of the walk carries a whole card number (a 12-19 digit run passing Luhn)', () => {
    expect(written.size).toBe(Object.keys(walletOperations).length);
    expect(wholeNumbers).toEqual([]);
  });
});
