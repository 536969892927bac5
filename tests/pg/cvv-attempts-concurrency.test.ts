// Three CVV mismatches lock a card exactly once under real concurrency on PostgreSQL, two service
// instances with a pool each (docs/card-spending.md "CVV and expiry"): an authorization carrying a
// CVV takes the card's row FOR UPDATE, so those of one card queue; the third mismatch locks the
// card (CVV_ATTEMPTS) in its own transaction, and every later one finds it LOCKED.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Authorization } from '@/lib/wallet/contract/schemas';
import { revealCardSecrets } from '@/lib/wallet/service/card/card-secrets';
import { cards, events } from '@/lib/wallet/service/db/schema';
import { createFreshPgDatabase } from '../helpers/pg';
import { fundedCard, purchase, type FundedCard } from '../helpers/spending';
import { callWallet } from '../helpers/wallet-call';
import { createPostgresTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

let pgDb: { url: string; drop(): Promise<void> };
let db: TestDatabase;
let first: WalletTestServer;
let second: WalletTestServer;

beforeAll(async () => {
  pgDb = await createFreshPgDatabase();
  db = await createPostgresTestDatabase(pgDb.url, 20);
  first = await startWalletServer();
  second = await startWalletServer({ ownPool: { url: pgDb.url, size: 20 } });
});

afterAll(async () => {
  await second?.close();
  await first?.close();
  await db?.close();
  await pgDb?.drop();
});

const instance = (i: number) => (i % 2 === 0 ? first.baseUrl : second.baseUrl);

async function wrongCvvOf(card: FundedCard): Promise<string> {
  const { cvv } = (await revealCardSecrets(db.db, card.cardId))!;
  return String((Number(cvv) + 1) % 1000).padStart(3, '0');
}

async function locksOf(card: FundedCard) {
  const rows = await db.db
    .select({ body: events.body })
    .from(events)
    .where(
      and(
        eq(events.type, 'card.status_changed'),
        sql`${events.body}::jsonb -> 'data' ->> 'cardId' = ${String(card.cardId)}`,
      ),
    );
  return rows.map((r) => (JSON.parse(r.body) as { data: Record<string, unknown> }).data);
}

describe('CVV attempts on PostgreSQL, two instances', () => {
  it.each([3, 6])('%i wrong CVVs at once: three mismatches, one lock, one event', async (n) => {
    const card = await fundedCard(first.baseUrl, db, 100_00, `pgcvv${n}`);
    const cvv = await wrongCvvOf(card);
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        callWallet<Authorization>(instance(i), 'simulateAuthorize', {
          cardId: card.cardId,
          ...purchase(),
          cvv,
        }),
      ),
    );
    expect(results.map((r) => r.body.code)).toEqual(Array.from({ length: n }, () => 0));
    const reasons = results.map((r) => r.body.data!.declineReason);
    expect(reasons.filter((r) => r === 'CVV_MISMATCH')).toHaveLength(3);
    expect(reasons.filter((r) => r === 'CARD_NOT_ACTIVE')).toHaveLength(n - 3);
    const [row] = await db.db
      .select({ status: cards.status, reason: cards.statusReason })
      .from(cards)
      .where(eq(cards.id, card.cardId));
    expect(row).toEqual({ status: 'LOCKED', reason: 'CVV_ATTEMPTS' });
    expect(await locksOf(card)).toEqual([
      {
        cardId: card.cardId,
        appUserId: card.appUserId,
        fromStatus: 'ACTIVE',
        toStatus: 'LOCKED',
        reason: 'CVV_ATTEMPTS',
      },
    ]);
  });

  it('two wrong CVVs and right ones at once: the card stays ACTIVE', async () => {
    const card = await fundedCard(first.baseUrl, db, 100_00, 'pgcvvok');
    const wrong = await wrongCvvOf(card);
    const { cvv } = (await revealCardSecrets(db.db, card.cardId))!;
    const results = await Promise.all(
      [wrong, cvv, wrong, cvv].map((given, i) =>
        callWallet<Authorization>(instance(i), 'simulateAuthorize', {
          cardId: card.cardId,
          ...purchase(),
          cvv: given,
        }),
      ),
    );
    expect(results.map((r) => r.body.data!.declineReason).sort()).toEqual([
      'CVV_MISMATCH',
      'CVV_MISMATCH',
      null,
      null,
    ]);
    const [row] = await db.db.select({ status: cards.status }).from(cards).where(eq(cards.id, card.cardId));
    expect(row!.status).toBe('ACTIVE');
    expect(await locksOf(card)).toEqual([]);
  });
});
