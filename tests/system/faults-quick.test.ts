// The quick form of `npm run faults` (docs/reliability.md), with the same code
// (scripts/lib/faults): a PostgreSQL cluster of its own in a temporary directory (never the shared
// test server), two wallet instances of `npm run start:wallet` on it under the agency's mixed load,
// and two faults: PostgreSQL stopped fast and started 2 s later, then every service connection
// terminated over and over for 2 s. After each, every check of the full run holds: each call
// answered, with exactly one effect or none, and the same answer when sent again; the books
// balanced; no hold past its expiry; every event delivered, none unknown; both instances answer;
// readiness unready while the database was away and ready again within seconds. The cluster and
// the instances are ended in afterAll too, so a failure or a timeout leaves nothing running.
import { afterAll, expect, it } from 'vitest';
import { runFaults, type FaultRow } from '../../scripts/lib/faults/run';

let dispose: (() => Promise<void>) | undefined;

afterAll(async () => {
  await dispose?.();
});

it('a fast restart of PostgreSQL and a connection cut: nothing lost, nothing twice, ready again', async () => {
  const { rows } = await runFaults({
    faults: ['restart-fast', 'terminate'],
    clients: 4,
    beforeMs: 2_000,
    afterMs: 2_000,
    downMs: 2_000,
    stallMs: 0,
    dayMs: 5_000,
    holdExpiryMs: 15_000,
    log: (line) => console.log(`[faults-quick] ${line}`),
    onDispose: (d) => (dispose = d),
  });
  const summary = (r: FaultRow) => ({
    fault: r.fault,
    problems: r.problems,
    unexpected: r.stats.unexpected,
    unresolved: r.stats.unresolved,
    duplicates: r.check.duplicates,
    lost: r.check.lost,
    replayMismatches: r.check.replayMismatches,
    unbalancedLedgers: r.check.unbalancedLedgers,
    negativeBalances: r.check.negativeBalances,
    holdsPastExpiry: r.check.holdsPastExpiry,
    eventsUndelivered: r.check.eventsUndelivered,
    eventsUnknown: r.check.eventsUnknown,
  });
  const clean = { problems: [], unexpected: 0, unresolved: 0, duplicates: 0, lost: 0, replayMismatches: 0 };
  const books = { unbalancedLedgers: 0, negativeBalances: 0, holdsPastExpiry: 0 };
  const events = { eventsUndelivered: 0, eventsUnknown: 0 };
  expect(rows.map(summary)).toEqual([
    { fault: 'restart-fast', ...clean, ...books, ...events },
    { fault: 'terminate', ...clean, ...books, ...events },
  ]);
  const [restart, cut] = rows as [FaultRow, FaultRow];
  // The load was there, and the restart was met: calls told to come back, and came back.
  expect(restart.stats.unavailable).toBeGreaterThan(0);
  expect(restart.unreadyWhileAway).toBe(true);
  expect(restart.readyAgainMs).toBeLessThan(30_000);
  expect(cut.readyAgainMs).toBeLessThan(30_000);
  for (const row of rows) expect(row.check.effects).toBeGreaterThan(0);
}, 170_000);
