// The money guarantees of card issuance (DESIGN §5), checked with SQL after each issuance load:
// every asset's ledger sums to its balance, no balance is negative, every card has exactly one
// CARD_FEE debit (of its fee, on the asset that paid) and every CARD_FEE belongs to one card,
// the live debits of the paying asset were serialised (each left a distinct balance), and the
// cards created during the load are exactly the ones the service reported issuing.
import { query } from './servers';

export type Mark = { cardId: number; ledgerId: number; balance: number };

export type GuaranteeReport = {
  ok: boolean;
  checks: { name: string; ok: boolean; detail: string }[];
  cardsCreated: number;
};

/**
 * Waits until no card has been created for a second (at most 20 s): requests left in flight
 * when a load stopped are still running in the servers for a moment, and must finish before
 * the books are checked.
 */
export async function settle(url: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  let last = '';
  for (;;) {
    const [row] = await query<{ n: string }>(url, `select coalesce(max(id), 0) as n from wallet.cards`);
    if (row?.n === last || Date.now() > deadline) return;
    last = row?.n ?? '';
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Where the ledger and cards stand before a load, to tell the load's own rows apart. */
export async function mark(url: string, agencyAssetId: number): Promise<Mark> {
  const [row] = await query<{ card_id: string; ledger_id: string; balance: string }>(
    url,
    `select (select coalesce(max(id), 0) from wallet.cards) as card_id,
            (select coalesce(max(id), 0) from wallet.ledger_entries) as ledger_id,
            (select balance from wallet.assets where id = $1) as balance`,
    [agencyAssetId],
  );
  return { cardId: Number(row!.card_id), ledgerId: Number(row!.ledger_id), balance: Number(row!.balance) };
}

export async function checkGuarantees(options: {
  url: string;
  agencyAssetId: number;
  since: Mark;
  /** Successful issuance responses the clients received (app and floor) since the mark. */
  reportedIssued: number;
  /** requestIds sent but left unanswered when a load's time was up. */
  abandoned: readonly string[];
}): Promise<GuaranteeReport> {
  const { url, agencyAssetId, since } = options;
  await settle(url);
  // An abandoned request either committed (its requestId has a stored response) or did nothing.
  const [committed] = await query<{ n: string }>(
    url,
    `select count(*) as n from wallet.idempotency_keys where request_id = any($1::text[]) and response is not null`,
    [options.abandoned],
  );
  const abandonedCommitted = Number(committed?.n ?? 0);
  const expected = options.reportedIssued + abandonedCommitted;
  const one = async (text: string, values: unknown[] = []) => {
    const [row] = await query<{ n: string }>(url, text, values);
    return Number(row?.n ?? NaN);
  };
  const checks: GuaranteeReport['checks'] = [];
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  const unbalanced = await one(
    `select count(*) as n from wallet.assets a
       left join (select asset_id, sum(amount) as s from wallet.ledger_entries group by asset_id) l
         on l.asset_id = a.id
      where a.balance <> coalesce(l.s, 0)`,
  );
  add('every ledger sums to its balance', unbalanced === 0, `${unbalanced} asset(s) whose ledger differs`);

  const negative = await one(`select count(*) as n from wallet.assets where balance < 0`);
  add('no balance negative', negative === 0, `${negative} negative balance(s)`);

  const cardsWithoutOneFee = await one(
    `select count(*) as n from wallet.cards c
       left join (select card_id, count(*) as entries,
                         count(*) filter (where reason = 'CARD_FEE') as fees,
                         min(amount) as amount, min(asset_id) as asset_id
                    from wallet.ledger_entries where card_id is not null group by card_id) l
         on l.card_id = c.id
      where l.entries is distinct from 1 or l.fees <> 1
         or l.amount <> -c.fee or l.asset_id <> c.payment_asset_id`,
  );
  add(
    'each card has exactly one CARD_FEE (its fee, on the paying asset)',
    cardsWithoutOneFee === 0,
    `${cardsWithoutOneFee} card(s) without exactly one matching fee`,
  );

  const orphanFees = await one(
    `select count(*) as n from wallet.ledger_entries l
      where l.reason = 'CARD_FEE' and (l.card_id is null or not exists (select 1 from wallet.cards c where c.id = l.card_id))`,
  );
  add('each CARD_FEE belongs to a card', orphanFees === 0, `${orphanFees} fee(s) without a card`);

  const [live] = await query<{ n: string; distinct_after: string }>(
    url,
    `select count(*) as n, count(distinct balance_after) as distinct_after from wallet.ledger_entries
      where asset_id = $1 and reason = 'CARD_FEE' and id > $2`,
    [agencyAssetId, since.ledgerId],
  );
  const liveFees = Number(live!.n);
  add(
    'concurrent debits serialised (each left a distinct balance)',
    liveFees === Number(live!.distinct_after),
    `${liveFees} live debit(s), ${live!.distinct_after} distinct balance_after`,
  );

  const cardsCreated = await one(`select count(*) as n from wallet.cards where id > $1`, [since.cardId]);
  add(
    'cards created = issuances the clients saw succeed (+ those committed while the load was stopping)',
    cardsCreated === expected && liveFees === cardsCreated,
    `${cardsCreated} card(s) created, ${options.reportedIssued} successes seen + ${abandonedCommitted} of ${options.abandoned.length} in flight at the stop committed, ${liveFees} fee(s) debited`,
  );

  const [after] = await query<{ balance: string; fees: string }>(
    url,
    `select (select balance from wallet.assets where id = $1) as balance,
            (select coalesce(sum(fee), 0) from wallet.cards where id > $2 and payment_asset_id = $1) as fees`,
    [agencyAssetId, since.cardId],
  );
  const drop = since.balance - Number(after!.balance);
  add(
    "the paying asset's balance fell by exactly the fees of the new cards",
    drop === Number(after!.fees),
    `fell by ${drop}, fees ${after!.fees} (minor units)`,
  );

  return { ok: checks.every((c) => c.ok), checks, cardsCreated };
}
