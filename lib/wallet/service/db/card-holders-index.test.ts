// docs/architecture.md "Card holders and HOT updates": no index of wallet.users may name card_count,
// in its columns or its filter, or every card issued rewrites each index of its user's row. That
// has_cards follows the first card is held by 4.2's withCards tests (tests/api/card-programme.test.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@/tests/helpers/wallet-db';

let handle: TestDatabase;

// A migrated PGlite database: seconds on a busy machine, so the hook gets the time the others do.
beforeEach(async () => {
  handle = await createTestDatabase();
}, 120_000);

afterEach(async () => {
  await handle.close();
});

describe('the users table and card_count', () => {
  it('has no index that reads card_count, and the card holders index filters on has_cards', async () => {
    const indexes = await handle.query<{ name: string; definition: string }>(
      `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
         from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = 'wallet.users'::regclass order by 1`,
    );
    // The eleven of before and the walletToken's hash (migration 0030: me/* finds its user by it).
    expect(indexes.length).toBe(12);
    expect(indexes.filter((x) => x.definition.includes('card_count'))).toEqual([]);
    const holders = indexes.find((x) => x.name === 'users_app_card_holders_idx');
    expect(holders?.definition).toMatch(/ WHERE has_cards$/);
    const [options] = await handle.query<{ reloptions: string[] | null }>(
      `select reloptions from pg_class where oid = 'wallet.users'::regclass`,
    );
    expect(options?.reloptions).toEqual(['fillfactor=90']);
  });
});
