// The check that no whole card number or CVV is written outside its sealed column
// (tests/helpers/card-number-leaks.ts, run when every api test file's database closes) finds
// one wherever it is written: an event, a log line, any column of any table.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revealCardSecrets } from '@/lib/wallet/service/card/card-secrets';
import { events } from '@/lib/wallet/service/db/schema';
import { luhnRuns, watchLog, wholeCardNumberLeaks } from '../helpers/card-number-leaks';
import { callWallet, kycParams } from '../helpers/wallet-call';
import { createTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

let db: TestDatabase;
let server: WalletTestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const query = async <T>(text: string, values?: unknown[]) => (await db.pglite!.query<T>(text, values)).rows;

describe('luhnRuns', () => {
  it('finds the maximal 12-19 digit runs that pass the Luhn check, and nothing else', () => {
    expect(luhnRuns('card 4532015112830366, masked 453201******0366, t=1795790000000')).toEqual([
      '4532015112830366',
    ]);
    // A longer run is not a card number, nor a part of it; 11 digits are too few.
    expect(luhnRuns('45320151128303660000000 45320151128')).toEqual([]);
  });
});

describe('wholeCardNumberLeaks', () => {
  it('finds nothing after an issuance, and a whole number written into an event', async () => {
    expect((await callWallet(server.baseUrl, 'registerAndKyc', kycParams('leaky'))).body.code).toBe(0);
    const issued = await callWallet<{ cardId: number }>(server.baseUrl, 'agencyApplyUserCard', {
      appUserId: 'leaky',
      paymentAssetId: db.agencyAssetId,
      categoryId: 1,
      embossedName: 'JANE DOE',
    });
    expect(issued.body.code, issued.body.msg).toBe(0);
    expect(await wholeCardNumberLeaks(query)).toEqual([]);

    const { cardNumber, cvv } = (await revealCardSecrets(db.db, issued.body.data!.cardId))!;
    const [event] = await db.db.select().from(events).limit(1);
    await db.db
      .update(events)
      .set({ body: `${event!.body} ${JSON.stringify({ cardNumber, cvv })}` })
      .where(eq(events.id, event!.id));
    expect(await wholeCardNumberLeaks(query)).toEqual([
      `wallet.events holds ${cardNumber.slice(0, 6)}…${cardNumber.slice(-4)}`,
      'wallet.events holds a CVV',
    ]);
    await db.db.update(events).set({ body: event!.body }).where(eq(events.id, event!.id));

    // The test servers keep every level; a line holding the number is found (in a log of its own
    // here, emptied again, so that this file's own closing check passes).
    server.service.logger.debug({ marker: 'debug-level-kept' }, 'a debug line');
    server.service.logger.flush?.();
    expect(server.logs()).toContain('debug-level-kept');
    let planted = JSON.stringify({ level: 20, card: cardNumber, msg: 'a careless debug line' });
    watchLog(() => planted);
    expect(await wholeCardNumberLeaks(query)).toEqual([
      `a log line holds card number ${cardNumber.slice(0, 6)}…${cardNumber.slice(-4)}`,
    ]);
    planted = '';
    expect(await wholeCardNumberLeaks(query)).toEqual([]);
  });
});
