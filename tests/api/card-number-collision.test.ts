// A generated card number that is already taken (9 random digits per BIN, so at a million cards
// about one draw in a thousand collides): the service draws again inside the same transaction,
// and gives up with 5000, changing nothing, only when every draw collides. The generator is
// replaced by a scripted one here; everything else is the real route over HTTP.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardApplicationSchema } from '@/lib/wallet/contract/schemas';
import { revealCardSecrets } from '@/lib/wallet/service/card/card-secrets';
import { callWallet, kycParams } from '../helpers/wallet-call';
import { createTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { walletState } from '../helpers/wallet-state';

const draws = vi.hoisted(() => ({ queue: [] as string[], count: 0 }));

vi.mock('@/lib/wallet/contract/card-number', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/wallet/contract/card-number')>();
  return {
    ...real,
    generateCardNumber: (bin: string) => {
      draws.count++;
      return draws.queue.shift() ?? real.generateCardNumber(bin);
    },
  };
});

let db: TestDatabase;
let server: WalletTestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
  const registered = await callWallet(server.baseUrl, 'registerAndKyc', kycParams('collider'));
  expect(registered.body.code).toBe(0);
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

beforeEach(() => {
  draws.queue = [];
  draws.count = 0;
});

const apply = () =>
  callWallet(server.baseUrl, 'agencyApplyUserCard', {
    appUserId: 'collider',
    paymentAssetId: db.agencyAssetId,
    categoryId: 1,
    embossedName: 'JANE DOE',
  });

async function issuedNumber(): Promise<string> {
  const r = await apply();
  expect(r.body.code, r.body.msg).toBe(0);
  const secrets = await revealCardSecrets(db.db, cardApplicationSchema.parse(r.body.data).cardId);
  if (!secrets) throw new Error('the issued card has no sealed number');
  return secrets.cardNumber;
}

describe('a generated card number that is already bound', () => {
  it('is drawn again: the card gets the next free number, and one fee is taken', async () => {
    const taken = await issuedNumber();
    const before = await walletState(db.db);
    draws.count = 0;
    draws.queue = [taken, taken, '4532015112830366'];
    const r = await apply();
    expect(r.body.code, r.body.msg).toBe(0);
    const card = cardApplicationSchema.parse(r.body.data);
    expect(card.cardNumber).toBe('453201******0366');
    expect((await revealCardSecrets(db.db, card.cardId))?.cardNumber).toBe('4532015112830366');
    expect(draws.count).toBe(3);
    const after = await walletState(db.db);
    expect(after.counts.cards).toBe(before.counts.cards + 1);
    expect(after.counts.ledgerEntries).toBe(before.counts.ledgerEntries + 1);
    expect(after.balances[db.agencyAssetId]).toBe((before.balances[db.agencyAssetId] ?? 0) - 500);
  });

  it('after five taken draws, answers 5000 and changes nothing', async () => {
    const taken = await issuedNumber();
    const before = await walletState(db.db);
    draws.count = 0;
    draws.queue = [taken, taken, taken, taken, taken];
    const r = await apply();
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ code: 5000, msg: 'An unexpected error occurred. Please try again later.' });
    expect(draws.count).toBe(5);
    expect(await walletState(db.db)).toEqual(before);
  });
});
