// deposit-statements.ts's DEPOSIT_OWNER finds the wallet through assets_app_user_idx by both of its
// columns: by user_id alone PostgreSQL walks the whole index, and the first statement of every
// deposit grew with the number of assets (19.7 ms at 1M cards in the benchmark, 0.95 ms at 1k).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/wallet-db';
import { DEPOSIT_OWNER } from './deposit-statements';

let handle: TestDatabase;

// A migrated PGlite database: seconds on a busy machine, so the hook gets the time the others do.
beforeEach(async () => {
  handle = await createTestDatabase();
}, 120_000);

afterEach(async () => {
  await handle.close();
});

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

describe('DEPOSIT_OWNER', () => {
  it('looks the wallet up by app and user in assets_app_user_idx', async () => {
    const text = DEPOSIT_OWNER.text.replace('$1', '1').replace('$2', `'ETHEREUM'`).replace('$3', `'0xabc'`);
    // An empty database is read whole; without sequential scans the planner shows the index it would use.
    await handle.query('set enable_seqscan = off');
    const [row] = await handle.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${text}`);
    const assets = nodes(row!['QUERY PLAN'][0].Plan).filter((n) => n['Index Name'] === 'assets_app_user_idx');
    expect(assets).toHaveLength(1);
    expect(assets[0]!['Index Cond']).toMatch(/app_id = .*user_id = /);
  });
});
