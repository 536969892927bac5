// The wallet's books in one statement: every asset's ledger sums to its balance, every ledger is
// numbered 1..n with its asset holding n (what asset/ledger's pages rely on), and no balance is
// below zero. The benchmark checks them after each load, and db:copy, db:backup and db:restore
// before they say a copy is good.
import type { DatabaseHandle } from '@/lib/db/open';

export const BOOKS_SQL = `select count(*) filter (where a.balance <> coalesce(l.s, 0))::int as unbalanced,
       count(*) filter (where a.ledger_count <> coalesce(l.n, 0) or coalesce(l.top, 0) <> coalesce(l.n, 0)
                           or coalesce(l.bottom, 1) <> 1)::int as misnumbered,
       count(*) filter (where a.balance < 0)::int as negative,
       count(*)::int as assets
  from wallet.assets a
  left join (select asset_id, sum(amount) as s, count(*) as n, max(seq) as top, min(seq) as bottom
               from wallet.ledger_entries group by asset_id) l
    on l.asset_id = a.id`;

export type Books = {
  /** Assets whose ledger does not sum to their balance. */
  unbalanced: number;
  /** Assets whose entries are not numbered 1..ledger_count. */
  misnumbered: number;
  /** Assets with a balance below zero. */
  negative: number;
  assets: number;
};

export async function checkBooks(handle: Pick<DatabaseHandle, 'query'>): Promise<Books> {
  const [row] = await handle.query<Books>(BOOKS_SQL);
  return {
    unbalanced: Number(row!.unbalanced),
    misnumbered: Number(row!.misnumbered),
    negative: Number(row!.negative),
    assets: Number(row!.assets),
  };
}

export const booksBalance = (books: Books) =>
  books.unbalanced === 0 && books.misnumbered === 0 && books.negative === 0;
