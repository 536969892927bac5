// What must hold after each fault (docs/reliability.md "What is checked"), read from the database
// and the agency's own record of what it sent and was answered:
// - every call that changes something has exactly one effect or none, and the agency knows which:
//   each was answered, and sent again now with its requestId it answers the same (a deposit, keyed
//   by its transaction, answers the same deposit); the rows of each kind of effect number exactly
//   the calls answered 0, so none is doubled and none lost;
// - every ledger sums to its balance, is numbered 1..n, and no balance is below zero (books.ts;
//   available = balance - held, and held <= balance is a constraint of the table);
// - no hold is left open past its expiry (a poll and some slack after it);
// - every event committed is delivered to the agency's receiver at least once, and the receiver got
//   no event the database does not hold (none of a change rolled back).
import pg from 'pg';
import { BOOKS_SQL } from '@/lib/wallet/service/db/books';
import type { AgencyEndpoints } from './agency-endpoints';
import type { Kind, World } from './load';
import { callUntilAnswered, emptyStats } from './wallet-client';

/** How each kind's effects are counted in the database: one row, or one event, per effect. */
const EFFECTS: Record<Kind, string> = {
  register: `select count(*)::int as n from wallet.users where app_user_id like 'f-%'`,
  issue: `select count(*)::int as n from wallet.cards`,
  transfer: `select count(*)::int as n from wallet.transfers`,
  authorize: `select count(*)::int as n from wallet.authorizations`,
  clear: `select count(*)::int as n from wallet.events where type = 'transaction.cleared'`,
  reverse: `select count(*)::int as n from wallet.events where type = 'authorization.reversed'`,
  refund: `select count(*)::int as n from wallet.card_refunds`,
  deposit: `select count(*)::int as n from wallet.deposits`,
  dispute: `select count(*)::int as n from wallet.disputes`,
  submit: `select count(*)::int as n from wallet.events where type = 'dispute.submitted'`,
  settle: `select count(*)::int as n from wallet.ledger_entries where reason = 'DISPUTE_CREDIT'`,
};

export type CheckResult = {
  /** Effects found in the database, every kind. */
  effects: number;
  duplicates: number;
  lost: number;
  /** Calls sent again at the end whose answer differed from the first (or was none). */
  replayMismatches: number;
  /** Calls that never had an answer that said what was done. */
  unanswered: number;
  ledgersChecked: number;
  unbalancedLedgers: number;
  negativeBalances: number;
  holdsPastExpiry: number;
  eventsCommitted: number;
  eventsUndelivered: number;
  eventsUnknown: number;
  problems: string[];
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function checkInvariants(options: {
  databaseUrl: string;
  world: World;
  /** The calls of this fault (the replay sends these again). */
  since: number;
  baseUrls: string[];
  endpoints: AgencyEndpoints;
  holdExpiryMs: number;
  /** How long the hold worker and the webhook deliveries may take to catch up. */
  settleMs: number;
}): Promise<CheckResult> {
  const { world } = options;
  const problems: string[] = [];
  const client = new pg.Client({ connectionString: options.databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  const one = async (text: string) => Number(Object.values((await client.query(text)).rows[0] ?? {})[0] ?? 0);
  try {
    // Answered, and answered the same when sent again.
    const mine = world.mutations.slice(options.since);
    const unanswered = mine.filter((m) => m.code === undefined);
    let replayMismatches = 0;
    const replayStats = emptyStats();
    for (const [i, m] of mine.entries()) {
      // A refusal changed nothing, and sent again it might now succeed: a new call, not a replay.
      if (m.code !== undefined && m.code !== 0) continue;
      // Sent as the client sends everything: a 429 or 503 is waited out and sent again.
      const again = await callUntilAnswered({
        baseUrls: () => options.baseUrls,
        app: world.app,
        operation: m.operation,
        params: m.params,
        stats: replayStats,
        prefer: i,
        giveUpMs: 60_000,
      });
      if (!again) {
        replayMismatches++;
        problems.push(`${m.key}: no answer to the replay`);
        continue;
      }
      // An unanswered call is answered now: the retry says what was done.
      m.code ??= again.body.code;
      if (m.code === 0) m.data ??= JSON.stringify(again.body.data);
      if (m.code !== 0) continue;
      const same =
        m.kind === 'deposit'
          ? (again.body.data as { depositId?: number } | undefined)?.depositId ===
            (JSON.parse(m.data!) as { depositId: number }).depositId
          : again.body.code === 0 && JSON.stringify(again.body.data) === m.data;
      if (!same) {
        replayMismatches++;
        problems.push(
          `${m.key}: replay answered ${again.text.slice(0, 160)}, first ${m.data?.slice(0, 160)}`,
        );
      }
    }

    // Effects: each kind's rows against the calls answered 0, over the whole run.
    let effects = 0;
    let duplicates = 0;
    let lost = 0;
    for (const [kind, text] of Object.entries(EFFECTS)) {
      const found = await one(text);
      const answered = world.mutations.filter((m) => m.kind === kind && m.code === 0).length;
      effects += found;
      if (found > answered) {
        duplicates += found - answered;
        problems.push(`${kind}: ${found} effects for ${answered} calls answered 0`);
      } else if (found < answered) {
        lost += answered - found;
        problems.push(`${kind}: ${found} effects for ${answered} calls answered 0`);
      }
    }

    const [books] = (await client.query(BOOKS_SQL)).rows as {
      unbalanced: number;
      misnumbered: number;
      negative: number;
      assets: number;
    }[];
    if (books!.unbalanced || books!.misnumbered || books!.negative)
      problems.push(`books: ${JSON.stringify(books)}`);
    // Available is balance - held; the table's constraint keeps held within balance, checked anyway.
    const negativeAvailable = await one(`select count(*)::int from wallet.assets where balance - held < 0`);
    if (negativeAvailable) problems.push(`${negativeAvailable} assets with less than nothing available`);

    // Holds: the workers poll; a hold is past its expiry once a poll and the slack have passed.
    const slackS = Math.ceil(options.settleMs / 1000);
    let holdsPastExpiry = 0;
    for (const deadline = Date.now() + options.settleMs; ;) {
      holdsPastExpiry = await one(
        `select count(*)::int from wallet.authorizations
          where status = 'PENDING' and approved_at < now() - interval '${options.holdExpiryMs + slackS * 1000} milliseconds'`,
      );
      if (holdsPastExpiry === 0 || Date.now() > deadline) break;
      await pause(500);
    }
    if (holdsPastExpiry) problems.push(`${holdsPastExpiry} holds open past their expiry`);

    // Events: every one delivered at least once, and none the database does not hold.
    let committed: string[] = [];
    let undelivered: string[] = [];
    for (const deadline = Date.now() + options.settleMs * 4; ;) {
      committed = (await client.query<{ id: string }>('select public_id as id from wallet.events')).rows.map(
        (r) => r.id,
      );
      undelivered = committed.filter((id) => !options.endpoints.delivered.has(id));
      if (undelivered.length === 0 || Date.now() > deadline) break;
      await pause(500);
    }
    if (undelivered.length)
      problems.push(`${undelivered.length} events not delivered, e.g. ${undelivered[0]}`);
    const known = new Set(committed);
    const unknown = [...options.endpoints.delivered.keys()].filter((id) => !known.has(id));
    if (unknown.length) problems.push(`${unknown.length} events delivered that the database does not hold`);
    if (unanswered.some((m) => m.code === undefined)) problems.push('calls left without an answer');

    return {
      effects,
      duplicates,
      lost,
      replayMismatches,
      unanswered: unanswered.filter((m) => m.code === undefined).length,
      ledgersChecked: Number(books!.assets),
      unbalancedLedgers: Number(books!.unbalanced) + Number(books!.misnumbered),
      negativeBalances: Number(books!.negative) + negativeAvailable,
      holdsPastExpiry,
      eventsCommitted: committed.length,
      eventsUndelivered: undelivered.length,
      eventsUnknown: unknown.length,
      problems,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}
