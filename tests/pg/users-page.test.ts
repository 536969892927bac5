// 4.2's pages of users on PostgreSQL (docs/wallet-api.md "Deep pages"): every page, forward or
// walked back from the oldest user, is exactly the slice of the full order (ties on registered_at
// broken by id), for all users and for card holders; and the walk reads about one page of the
// index whatever the page's depth: the first and the deepest page read pageSize index entries,
// the middle one at most half the users, where OFFSET alone read every earlier entry; the rows
// themselves are read by key, never by a scan of the users.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import { CARD_HOLDERS_PAGE, USERS_PAGE } from '@/lib/wallet/service/db/statements';
import { createFreshPgDatabase } from '../helpers/pg';
import { createPostgresTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';

let pgDb: { url: string; drop(): Promise<void> };
let db: TestDatabase;
let appKey: number;

/** 1,000 users, registered four to a second (ties), every third a card holder. */
const USERS = 1_000;
const HOLDERS = Math.floor(USERS / 3);

beforeAll(async () => {
  pgDb = await createFreshPgDatabase();
  db = await createPostgresTestDatabase(pgDb.url, 4);
  const [app] = await rawRows<{ id: number }>(
    db.db,
    sql`select id from wallet.apps where app_id = ${TEST_AGENCY.appId}`,
  );
  appKey = app!.id;
  await db.db.execute(sql`
    insert into wallet.users (app_id, app_user_id, email, wallet_account_type, wallet_token_hash,
      first_name, last_name, birthday, mobile, region, document_type, document_no, photos, registered_at,
      card_count, has_cards)
    select ${appKey}, 'page-' || i, 'page-' || i || '@example.com', 'STANDARD', md5(i::text),
      'Page', 'User', '1990-01-01', '1-' || (4150000000 + i)::text, 'United States', 'PASSPORT', 'P' || i,
      array['https://files.example.com/p.png'], timestamptz '2026-01-01 00:00:00Z' + (i / 4) * interval '1 second',
      case when i % 3 = 0 then 1 else 0 end, i % 3 = 0
    from generate_series(1, ${USERS}) as i`);
  await db.db.execute(
    sql`update wallet.apps set user_count = ${USERS}, card_holder_count = ${HOLDERS} where id = ${appKey}`,
  );
  await db.db.execute(sql`vacuum analyze wallet.users`);
});

afterAll(async () => {
  await db?.close();
  await pgDb?.drop();
});

type Page = typeof USERS_PAGE | typeof CARD_HOLDERS_PAGE;

async function pageIds(statement: Page, size: number, offset: number): Promise<string[]> {
  const rows = await db.query<{ app_user_id: string }>(
    statement.text,
    [appKey, size, offset],
    statement.name,
  );
  return rows.map((r) => r.app_user_id);
}

async function fullOrder(holders: boolean): Promise<string[]> {
  const rows = await db.query<{ app_user_id: string }>(
    `select app_user_id from wallet.users where app_id = $1 ${holders ? 'and has_cards' : ''}
     order by registered_at desc, id desc`,
    [appKey],
  );
  return rows.map((r) => r.app_user_id);
}

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

/** The index entries the page's walk read: the rows its scan of the order's index returned. */
async function walked(statement: Page, index: string, size: number, offset: number): Promise<number> {
  const [plan] = await db.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
    `explain (analyze, format json) ${statement.text}`,
    [appKey, size, offset],
  );
  let rows = 0;
  const walk = (node: PlanNode) => {
    if (node['Index Name'] === index) rows += Number(node['Actual Rows']) * Number(node['Actual Loops']);
    // The page's rows are read by key, never by scanning the users.
    if (node['Relation Name'] === 'users') expect(node['Node Type']).not.toBe('Seq Scan');
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan!['QUERY PLAN'][0]!.Plan);
  return rows;
}

describe("4.2's pages", () => {
  it('are the slices of the full order at every page, for users and for card holders', async () => {
    for (const [statement, holders] of [
      [USERS_PAGE, false],
      [CARD_HOLDERS_PAGE, true],
    ] as const) {
      const all = await fullOrder(holders);
      expect(all).toHaveLength(holders ? HOLDERS : USERS);
      for (const size of [7, 20]) {
        const pages = Math.ceil(all.length / size);
        for (let n = 1; n <= pages + 1; n++) {
          const offset = (n - 1) * size;
          expect(await pageIds(statement, size, offset), `${statement.name} page ${n} of ${size}`).toEqual(
            all.slice(offset, offset + size),
          );
        }
      }
    }
  });

  it('read one page of the index at the first and the deepest page, at most half the users in the middle', async () => {
    const index = 'users_app_registered_idx';
    expect(await walked(USERS_PAGE, index, 20, 0)).toBe(20);
    expect(await walked(USERS_PAGE, index, 20, USERS - 20)).toBe(20);
    expect(await walked(USERS_PAGE, index, 20, USERS / 2)).toBeLessThanOrEqual(USERS / 2);
    const holders = 'users_app_card_holders_idx';
    expect(await walked(CARD_HOLDERS_PAGE, holders, 20, 0)).toBe(20);
    expect(await walked(CARD_HOLDERS_PAGE, holders, 20, 320)).toBe(13);
  });
});
