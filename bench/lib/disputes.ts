// Disputes in the benchmark (docs/disputes.md; issue 43): dispute/create and the WON outcome
// (simulate/disputeOutcome) on the service and on the floor (bench/floor-dispute.ts, the same
// statements), in turns, and the guarantees after them.
//
// The purchases: one cleared purchase of PURCHASE_AMOUNT on each of DISPUTE_CARDS ACTIVE cards
// drawn at random from the population, each funded through asset/transfer (bench/lib/spending.ts's
// fundSpendCards). dispute/create disputes DISPUTE_AMOUNT of a random one (25,000 disputes fit in
// a purchase), reason OTHER. The disputes the create loads made are then submitted in bulk (one
// UPDATE: submission is not what is measured), and the WON loads settle each of them once.
import { randomInt, randomUUID } from 'node:crypto';
import { BOOKS_SQL } from '@/lib/wallet/service/db/books';
import { medianRate, type LoadResult, type RequestFactory } from './load';
import { BENCH_APP, query, settleWrites, turns, type Server } from './servers';
import { fundSpendCards, measurer } from './spending';
import { signedPath, type Population } from './wallet-requests';

/** Funded cards the disputed purchases are spread over (hot rows are not what this measures). */
export const DISPUTE_CARDS = 100;
const PURCHASE_AMOUNT = '250.00';
const DISPUTE_AMOUNT = '0.01';
/** Issue 43's bound: each figure at least this share of the floor's rate. */
export const DISPUTE_RATE_BOUND = 0.9;

export type DisputeGuarantees = { ok: boolean; checks: { name: string; ok: boolean; detail: string }[] };

export type DisputeSize = {
  purchases: number;
  create: { app: LoadResult; floor: LoadResult };
  won: { app: LoadResult; floor: LoadResult };
  rounds?: {
    create: { app: number[]; floor: number[] };
    won: { app: number[]; floor: number[] };
  };
  guarantees: DisputeGuarantees;
};

type Log = (line: string) => void;
type Answer = { code: number; msg?: string; data?: unknown };

async function call(server: Server, path: { method: string; path: string }): Promise<Answer> {
  server.requests++;
  const response = await fetch(`${server.baseUrl}${path.path}`, { method: path.method });
  return (await response.json()) as Answer;
}

/** One cleared purchase of PURCHASE_AMOUNT on each funded card, made through the service: their transactionIds. */
export async function clearedPurchases(wallet: Server, p: Population): Promise<number[]> {
  const cards = await fundSpendCards(wallet, p, DISPUTE_CARDS);
  const purchases: number[] = [];
  for (const cardId of cards) {
    const authorized = await call(
      wallet,
      signedPath(BENCH_APP, 'simulateAuthorize', {
        cardId,
        amount: PURCHASE_AMOUNT,
        merchantName: 'BENCH DISPUTED SHOP',
        mcc: '5732',
        merchantCountry: 'US',
        requestId: `bench-dispute-buy-${randomUUID()}`,
      }),
    );
    const authorizationId = (authorized.data as { authorizationId?: number; status?: string } | undefined)
      ?.authorizationId;
    if (authorized.code !== 0 || authorizationId === undefined)
      throw new Error(`a purchase to dispute on card ${cardId}: ${authorized.code} ${authorized.msg ?? ''}`);
    const cleared = await call(
      wallet,
      signedPath(BENCH_APP, 'simulateClear', {
        authorizationId,
        requestId: `bench-dispute-clear-${randomUUID()}`,
      }),
    );
    const transactionId = (cleared.data as { transactionId?: number } | undefined)?.transactionId;
    if (cleared.code !== 0 || !transactionId)
      throw new Error(`clearing the purchase on card ${cardId}: ${cleared.code} ${cleared.msg ?? ''}`);
    purchases.push(transactionId);
  }
  return purchases;
}

const OPENED = /"disputeId":(\d+)/;
const createCheck = (status: number, body: string) =>
  status === 200 && body.startsWith('{"code":0,') && body.includes('"status":"OPEN"');
const wonCheck = (status: number, body: string) =>
  status === 200 && body.startsWith('{"code":0,') && body.includes('"status":"WON"');

/**
 * dispute/create on the service then the floor (in turns over the rounds), one more create load on
 * the floor per round (not measured) so that the outcomes do not run out, the bulk submit, then the
 * WON outcome on the service then the floor, then the guarantees.
 */
export async function measureDisputes(options: {
  url: string;
  wallet: Server;
  floor: Server;
  purchases: readonly number[];
  settings: { connections: number; seconds: number; warmupSeconds: number; rounds?: number };
  log: Log;
}): Promise<DisputeSize> {
  const { url, wallet, floor, purchases, log } = options;
  const unsettled = measurer(options.settings);
  const measure = async (
    server: Server,
    next: RequestFactory,
    o: {
      check: (status: number, body: string) => boolean;
      onSuccess: (body: string) => void;
      warmup: number;
    },
  ) => {
    if (o.warmup !== 0) await settleWrites(url);
    return unsettled(server, next, o);
  };
  const rounds = options.settings.rounds ?? 1;
  const opened: number[] = [];
  const collect = (body: string) => {
    const match = OPENED.exec(body);
    if (match) opened.push(Number(match[1]));
  };
  const create: RequestFactory = () => {
    const requestId = `bench-${randomUUID()}`;
    const transactionId = purchases[randomInt(purchases.length)]!;
    return {
      ...signedPath(BENCH_APP, 'disputeCreate', {
        transactionId,
        reason: 'OTHER',
        amount: DISPUTE_AMOUNT,
        requestId,
      }),
      tag: requestId,
    };
  };
  const creating = { app: [] as LoadResult[], floor: [] as LoadResult[] };
  for (let round = 0; round < rounds; round++) {
    for (const side of turns(round)) {
      creating[side].push(
        await measure(side === 'app' ? wallet : floor, create, {
          check: createCheck,
          onSuccess: collect,
          warmup: 1,
        }),
      );
    }
  }
  for (let round = 0; round < rounds; round++)
    await measure(floor, create, { check: createCheck, onSuccess: collect, warmup: 0 });
  const ca = medianRate(creating.app);
  const cf = medianRate(creating.floor);
  log(
    `  dispute/create (${purchases.length} cleared purchases)${rounds > 1 ? ` (median of ${rounds} rounds; wallet ${creating.app.map((r) => r.rps.toFixed(0)).join(', ')}/s; floor ${creating.floor.map((r) => r.rps.toFixed(0)).join(', ')}/s)` : ''}\n      wallet ${short(ca)}\n      floor  ${short(cf)}\n      wallet/floor rate ${(ca.rps / cf.rps).toFixed(2)}, p50 ${(ca.p50 / cf.p50).toFixed(2)}x`,
  );

  // Submitted in bulk: what the outcome needs, not what is measured.
  await query(
    url,
    `update wallet.disputes set status = 'SUBMITTED', evidence = 'bench', submitted_at = now() where status = 'OPEN'`,
  );
  for (let i = opened.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [opened[i], opened[j]] = [opened[j]!, opened[i]!];
  }
  let ranOut = false;
  const settle: RequestFactory = () => {
    const disputeId = opened.pop();
    if (disputeId === undefined) ranOut = true;
    const requestId = `bench-${randomUUID()}`;
    return {
      ...signedPath(BENCH_APP, 'simulateDisputeOutcome', {
        disputeId: disputeId ?? 1,
        outcome: 'WON',
        requestId,
      }),
      tag: requestId,
    };
  };
  const winning = { app: [] as LoadResult[], floor: [] as LoadResult[] };
  for (let round = 0; round < rounds; round++) {
    for (const side of turns(round)) {
      winning[side].push(
        await measure(side === 'app' ? wallet : floor, settle, {
          check: wonCheck,
          onSuccess: () => {},
          warmup: 1,
        }),
      );
    }
  }
  const wa = medianRate(winning.app);
  const wf = medianRate(winning.floor);
  log(
    `  simulate/disputeOutcome WON${rounds > 1 ? ` (median of ${rounds} rounds; wallet ${winning.app.map((r) => r.rps.toFixed(0)).join(', ')}/s; floor ${winning.floor.map((r) => r.rps.toFixed(0)).join(', ')}/s)` : ''}\n      wallet ${short(wa)}\n      floor  ${short(wf)}\n      wallet/floor rate ${(wa.rps / wf.rps).toFixed(2)}${ranOut ? '; RAN OUT of disputes to settle' : ''}`,
  );
  await settleWrites(url);
  const guarantees = await checkDisputeGuarantees(url, purchases);
  log(`      dispute guarantees ${guarantees.ok ? 'all held' : 'BROKEN'}`);
  for (const c of guarantees.checks) if (!c.ok) log(`      BROKEN: ${c.name}: ${c.detail}`);
  return {
    purchases: purchases.length,
    create: { app: ca, floor: cf },
    won: { app: wa, floor: wf },
    ...(rounds > 1
      ? {
          rounds: {
            create: { app: creating.app.map((r) => r.rps), floor: creating.floor.map((r) => r.rps) },
            won: { app: winning.app.map((r) => r.rps), floor: winning.floor.map((r) => r.rps) },
          },
        }
      : {}),
    guarantees,
  };
}

const short = (r: LoadResult) =>
  `${Math.round(r.rps)}/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.failed} failed${r.cpuMsPerRequest === undefined ? '' : `, ${r.cpuMsPerRequest.toFixed(2)} ms CPU/req`}`;

/**
 * After the loads (docs/disputes.md "Rules"): no purchase is disputed beyond what is left of it;
 * each WON dispute has its one DISPUTE_CREDIT entry of its amount, and there is no other; every
 * ledger sums to its balance.
 */
export async function checkDisputeGuarantees(
  url: string,
  purchases: readonly number[],
): Promise<DisputeGuarantees> {
  const checks: DisputeGuarantees['checks'] = [];
  const [over] = await query<{ n: string }>(
    url,
    `select count(*) as n from (
       select a.id from wallet.authorizations a join wallet.disputes d on d.authorization_id = a.id
        where a.transaction_id = any($1::bigint[]) and d.status in ('OPEN', 'SUBMITTED', 'WON')
        group by a.id, a.cleared, a.refunded having sum(d.amount) > a.cleared - a.refunded) x`,
    [`{${purchases.join(',')}}`],
  );
  checks.push({
    name: 'no purchase disputed beyond what is left',
    ok: Number(over!.n) === 0,
    detail: `${over!.n} over`,
  });
  const [credits] = await query<{ won: string; entries: string; matched: string }>(
    url,
    `select (select count(*) from wallet.disputes where status = 'WON') as won,
            (select count(*) from wallet.ledger_entries where reason = 'DISPUTE_CREDIT') as entries,
            (select count(*) from wallet.disputes d join wallet.ledger_entries e on e.id = d.credit_entry_id
              where d.status = 'WON' and e.reason = 'DISPUTE_CREDIT' and e.amount = d.amount
                and e.card_id = d.card_id) as matched`,
  );
  const c = credits!;
  checks.push({
    name: 'each WON dispute credited once, nothing else credited',
    ok: c.won === c.entries && c.won === c.matched,
    detail: `${c.won} WON, ${c.entries} DISPUTE_CREDIT entries, ${c.matched} matching`,
  });
  const [books] = await query<{ unbalanced: number; misnumbered: number; negative: number }>(url, BOOKS_SQL);
  checks.push({
    name: 'every ledger sums to its balance, numbered, none below zero',
    ok: books!.unbalanced === 0 && books!.misnumbered === 0 && books!.negative === 0,
    detail: JSON.stringify(books),
  });
  return { ok: checks.every((x) => x.ok), checks };
}
