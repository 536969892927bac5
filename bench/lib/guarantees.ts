// The money guarantees, checked with SQL after each write load. Card issuance
// (docs/wallet-api.md "Money"): every asset's ledger sums to its balance, no balance is negative,
// every card has exactly one CARD_FEE debit (of its fee, on the asset that paid) and every CARD_FEE
// belongs to one card, the live debits of the paying asset were serialised (each left a distinct
// balance), and the cards created during the load are exactly the ones the service reported
// issuing. Transfers (docs/wallet-api.md "Transfers"): the same two book checks, and every ledger
// numbered 1..n with its asset holding n (what asset/ledger's pages rely on); each transfer of the
// load has exactly its two entries (TRANSFER_OUT of its amount on the source, TRANSFER_IN on the
// target) and every transfer entry has its transfer; the source's live debits were serialised; the
// transfers made are exactly those the clients saw succeed; the source fell and the targets rose by
// exactly the amounts moved.
import { BOOKS_SQL } from '@/lib/wallet/service/db/books';
import { query } from './servers';

export type Mark = { cardId: number; ledgerId: number; balance: number; transferId?: number };

export type GuaranteeReport = {
  ok: boolean;
  checks: { name: string; ok: boolean; detail: string }[];
  cardsCreated: number;
};

export type TransferGuaranteeReport = Omit<GuaranteeReport, 'cardsCreated'> & { transfersCreated: number };

/**
 * Waits until no card (or transfer) has been created for a second (at most 20 s): requests left
 * in flight when a load stopped are still running in the servers for a moment, and must finish
 * before the books are checked.
 */
export async function settle(url: string, table: 'cards' | 'transfers' = 'cards'): Promise<void> {
  const deadline = Date.now() + 20_000;
  let last = '';
  for (;;) {
    const [row] = await query<{ n: string }>(url, `select coalesce(max(id), 0) as n from wallet.${table}`);
    if (row?.n === last || Date.now() > deadline) return;
    last = row?.n ?? '';
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Where the ledger and cards stand before a load, to tell the load's own rows apart. */
export async function mark(url: string, agencyAssetId: number): Promise<Mark> {
  const [row] = await query<{ card_id: string; ledger_id: string; transfer_id: string; balance: string }>(
    url,
    `select (select coalesce(max(id), 0) from wallet.cards) as card_id,
            (select coalesce(max(id), 0) from wallet.ledger_entries) as ledger_id,
            (select coalesce(max(id), 0) from wallet.transfers) as transfer_id,
            (select balance from wallet.assets where id = $1) as balance`,
    [agencyAssetId],
  );
  return {
    cardId: Number(row!.card_id),
    ledgerId: Number(row!.ledger_id),
    transferId: Number(row!.transfer_id),
    balance: Number(row!.balance),
  };
}

type Check = GuaranteeReport['checks'][number];

/** A count from SQL. */
async function count(url: string, text: string, values: unknown[] = []): Promise<number> {
  const [row] = await query<{ n: string }>(url, text, values);
  return Number(row?.n ?? NaN);
}

/** An abandoned request either committed (its requestId has a stored response) or did nothing. */
async function committedOf(url: string, abandoned: readonly string[]): Promise<number> {
  return count(
    url,
    `select count(*) as n from wallet.idempotency_keys where request_id = any($1::text[]) and response is not null`,
    [abandoned],
  );
}

/** Every asset's books: its ledger sums to its balance (and, with `numbering`, is numbered 1..n, n held by the asset); no balance below zero. */
async function bookChecks(url: string, numbering: boolean): Promise<Check[]> {
  const [books] = await query<{ unbalanced: number; misnumbered: number; negative: number }>(url, BOOKS_SQL);
  const unbalanced = Number(books!.unbalanced);
  const misnumbered = Number(books!.misnumbered);
  const negative = Number(books!.negative);
  return [
    {
      name: 'every ledger sums to its balance',
      ok: unbalanced === 0,
      detail: `${unbalanced} asset(s) whose ledger differs`,
    },
    ...(numbering
      ? [
          {
            name: 'every ledger numbered 1..n, n held by its asset',
            ok: misnumbered === 0,
            detail: `${misnumbered} asset(s) whose entries are not numbered 1..ledger_count`,
          },
        ]
      : []),
    { name: 'no balance negative', ok: negative === 0, detail: `${negative} negative balance(s)` },
  ];
}

export async function checkTransferGuarantees(options: {
  url: string;
  /** The asset every transfer of the load moved money from. */
  fromAssetId: number;
  since: Mark;
  /** Successful transfer responses the clients received (service and floor) since the mark. */
  reportedTransfers: number;
  /** requestIds sent but left unanswered when a load's time was up. */
  abandoned: readonly string[];
}): Promise<TransferGuaranteeReport> {
  const { url, fromAssetId, since } = options;
  const sinceTransfer = since.transferId ?? 0;
  await settle(url, 'transfers');
  const abandonedCommitted = await committedOf(url, options.abandoned);
  const checks = await bookChecks(url, true);
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  const [pairs] = await query<{ bad: string; orphans: string }>(
    url,
    // Entries are written after their transfer, so those of the load's transfers are all past
    // the ledger mark: both sides read from the mark on (no index on transfer_id is needed).
    `select (select count(*) from wallet.transfers t
               left join (select transfer_id, count(*) as n,
                                 count(*) filter (where reason = 'TRANSFER_OUT') as outs,
                                 count(*) filter (where reason = 'TRANSFER_IN') as ins,
                                 min(asset_id) filter (where reason = 'TRANSFER_OUT') as out_asset,
                                 min(amount) filter (where reason = 'TRANSFER_OUT') as out_amount,
                                 min(asset_id) filter (where reason = 'TRANSFER_IN') as in_asset,
                                 min(amount) filter (where reason = 'TRANSFER_IN') as in_amount
                            from wallet.ledger_entries where id > $2 and transfer_id is not null
                           group by transfer_id) l on l.transfer_id = t.id
              where t.id > $1
                and (l.n is distinct from 2 or l.outs <> 1 or l.ins <> 1
                     or l.out_asset <> t.from_asset_id or l.out_amount <> -t.amount
                     or l.in_asset <> t.to_asset_id or l.in_amount <> t.amount)) as bad,
            (select count(*) from wallet.ledger_entries l
               left join wallet.transfers t on t.id = l.transfer_id
              where l.id > $2 and l.reason in ('TRANSFER_OUT', 'TRANSFER_IN') and t.id is null) as orphans`,
    [sinceTransfer, since.ledgerId],
  );
  add(
    'each transfer has exactly its two entries (TRANSFER_OUT on the source, TRANSFER_IN on the target, of its amount)',
    Number(pairs!.bad) === 0,
    `${pairs!.bad} transfer(s) without exactly their two matching entries`,
  );
  add(
    'each transfer entry belongs to a transfer',
    Number(pairs!.orphans) === 0,
    `${pairs!.orphans} entry(ies) without a transfer`,
  );

  const [live] = await query<{ n: string; distinct_after: string }>(
    url,
    `select count(*) as n, count(distinct balance_after) as distinct_after from wallet.ledger_entries
      where asset_id = $1 and reason = 'TRANSFER_OUT' and id > $2`,
    [fromAssetId, since.ledgerId],
  );
  add(
    'concurrent debits of the source serialised (each left a distinct balance)',
    Number(live!.n) === Number(live!.distinct_after),
    `${live!.n} live debit(s), ${live!.distinct_after} distinct balance_after`,
  );

  const [made] = await query<{ n: string; moved: string; out_of_source: string; into_targets: string }>(
    url,
    `select count(*) as n, coalesce(sum(amount), 0) as moved,
            coalesce(sum(amount) filter (where from_asset_id = $2), 0) as out_of_source,
            (select coalesce(sum(l.amount), 0) from wallet.ledger_entries l
              where l.id > $3 and l.reason = 'TRANSFER_IN') as into_targets
       from wallet.transfers where id > $1`,
    [sinceTransfer, fromAssetId, since.ledgerId],
  );
  const transfersCreated = Number(made!.n);
  const expected = options.reportedTransfers + abandonedCommitted;
  add(
    'transfers made = transfers the clients saw succeed (+ those committed while the load was stopping)',
    transfersCreated === expected && transfersCreated === Number(live!.n),
    `${transfersCreated} transfer(s) made, ${options.reportedTransfers} successes seen + ${abandonedCommitted} of ${options.abandoned.length} in flight at the stop committed, ${live!.n} debit(s) of the source`,
  );

  const [after] = await query<{ balance: string }>(url, `select balance from wallet.assets where id = $1`, [
    fromAssetId,
  ]);
  const drop = since.balance - Number(after!.balance);
  add(
    'the source fell, and the targets rose, by exactly the amounts moved',
    drop === Number(made!.out_of_source) && Number(made!.into_targets) === Number(made!.moved),
    `source fell by ${drop}, transfers out of it ${made!.out_of_source}; targets rose by ${made!.into_targets} of ${made!.moved} moved (minor units)`,
  );

  return { ok: checks.every((c) => c.ok), checks, transfersCreated };
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
  const abandonedCommitted = await committedOf(url, options.abandoned);
  const expected = options.reportedIssued + abandonedCommitted;
  const one = (text: string, values: unknown[] = []) => count(url, text, values);
  const checks = await bookChecks(url, false);
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  const cardsWithoutOneFee = await one(
    // Only the fees: a card's other entries (the CARD_SPEND of a clear, when the run's floor check
    // or spending loads cleared on it) are not issuance's.
    `select count(*) as n from wallet.cards c
       left join (select card_id, count(*) as fees, min(amount) as amount, min(asset_id) as asset_id
                    from wallet.ledger_entries where card_id is not null and reason = 'CARD_FEE'
                   group by card_id) l
         on l.card_id = c.id
      where l.fees is distinct from 1
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

/**
 * Issuance into an asset that runs dry under load: funds for exactly `fundedFor` cards, then more
 * concurrent applications than that. Besides issuance's own guarantees (on the paying asset), the
 * funds paid for exactly `fundedFor` cards and the asset ended at 0, and the load went past the
 * funds: the refusals (4001, and only 4001) came after it was empty. Without this, "no balance
 * negative" could not fail: the other loads run on an asset funded far beyond what they spend.
 */
export async function checkExhaustedGuarantees(options: {
  url: string;
  assetId: number;
  since: Mark;
  fundedFor: number;
  reportedIssued: number;
  refused: number;
  abandoned: readonly string[];
}): Promise<GuaranteeReport> {
  const report = await checkGuarantees({
    url: options.url,
    agencyAssetId: options.assetId,
    since: options.since,
    reportedIssued: options.reportedIssued,
    abandoned: options.abandoned,
  });
  const checks = [...report.checks];
  const [after] = await query<{ balance: string }>(
    options.url,
    `select balance from wallet.assets where id = $1`,
    [options.assetId],
  );
  checks.push(
    {
      name: 'the funds paid for exactly the cards they cover, and the asset ended at 0',
      ok: report.cardsCreated === options.fundedFor && Number(after!.balance) === 0,
      detail: `${report.cardsCreated} card(s) for funds of ${options.fundedFor}; balance now ${after!.balance}`,
    },
    {
      name: 'the load went past the funds (refused with 4001)',
      ok: options.refused > 0,
      detail: `${options.refused} application(s) refused with 4001`,
    },
  );
  return { ok: checks.every((c) => c.ok), checks, cardsCreated: report.cardsCreated };
}
