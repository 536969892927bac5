// What the load generators need to know of a seeded database (scripts/seed-large.ts), read once
// per size: the agency asset and the cheapest virtual category (issuance), the users' wallet
// assets (transfers), the agency ledger's length (its deep page) and a sample of the seeded
// cards' last four digits (user/search); and the funding of the agency asset for the write loads.
import { BENCH_APP, query } from './servers';
import type { Population } from './wallet-requests';

/** How many seeded cards' last four digits the search load draws from. */
const LAST4_SAMPLE = 200;

export async function loadPopulation(url: string, users: number): Promise<Population> {
  const [row] = await query<{ asset_id: number; category_id: number; app_key: number }>(
    url,
    `select a.id as asset_id, a.app_id as app_key,
            (select id from wallet.card_categories where type = 'VIRTUAL' order by fee, id limit 1) as category_id
       from wallet.assets a join wallet.apps p on p.id = a.app_id
      where p.app_id = $1 and a.user_id is null and a.code = 'CARD_MARGIN_USD'`,
    [BENCH_APP.appId],
  );
  if (!row?.asset_id || !row.category_id) throw new Error('seeded database has no agency asset or category');
  // Consecutive ids collapse into one run: a handful of rows however many users there are.
  const runs = await query<{ first: number; count: string }>(
    url,
    `select min(id) as first, count(*) as count
       from (select id, id - row_number() over (order by id) as run from wallet.assets
              where app_id = $1 and type = 'WALLET' and user_id is not null) w
      group by run order by first`,
    [row.app_key],
  );
  const [ledger] = await query<{ n: string }>(
    url,
    `select ledger_count as n from wallet.assets where id = $1`,
    [row.asset_id],
  );
  const last4s = await query<{ last4: string }>(
    url,
    `select last4 from wallet.cards where app_id = $1 order by random() limit $2`,
    [row.app_key, LAST4_SAMPLE],
  );
  return {
    users,
    prefix: 'seed',
    agencyAssetId: row.asset_id,
    categoryId: row.category_id,
    walletAssets: runs.map((r) => [Number(r.first), Number(r.count)]),
    agencyLedgerLength: Number(ledger?.n ?? 0),
    last4s: last4s.map((r) => r.last4),
  };
}

/** Credits the agency asset (with its ledger entry, as creditAsset does) so the write loads never run dry. */
export async function fund(url: string, assetId: number, amountMinor: number): Promise<void> {
  await query(
    url,
    `with up as (update wallet.assets set balance = balance + $2 where id = $1 returning balance)
     insert into wallet.ledger_entries (asset_id, amount, balance_after, reason)
     select $1, $2, balance, 'CREDIT' from up`,
    [assetId, amountMinor],
  );
}
