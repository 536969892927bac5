// The slow agency decision endpoint (docs/card-spending.md "How it is built", "The agency is asked
// with nothing held"), measured: while WAITING authorizations of one app wait DELAY_MS each on its
// decision endpoint (a server of the harness's on 127.0.0.1 that answers approved after 1.5 s,
// inside the app's 2 s deadline), the p50 of card/detail reads and of another app's authorizations
// (an app without an endpoint) against the same figures with no one waiting. Target: within
// SLOW_DECISION_BOUND of themselves. The waiting authorizations are kept at WAITING all through the
// "with" windows (each answered one is followed by another at once), and every one of them must be
// decided by the agency (a fallback would mean the service answered the agency late). The two
// states alternate over run.ts's write rounds (without first, then with first...), and each ratio
// is the median of the rounds' own: one pair of windows a minute apart moved it by a quarter.
//
// `--only slow-decision` measures this alone (at the first size); the tests of the same promise,
// which assert no timing, are tests/pg/card-spending-slow-agency.test.ts.
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { kycParams } from '../../tests/helpers/wallet-call';
import { writeRatio } from './format';
import { measure, medianP50, type LoadResult } from './load';
import { BENCH_APP, BENCH_MASTER_KEY, query } from './servers';
import { signedPath, type Population, type WalletApp } from './wallet-requests';

/** Authorizations kept waiting on the endpoint, and how long it takes to answer each. */
export const WAITING = 50;
export const DELAY_MS = 1_500;
/** The bound: p50 with the waiting authorizations ≤ this × p50 without. */
export const SLOW_DECISION_BOUND = 1.3;
export const SLOW_DECISION_TARGET = `While ${WAITING} authorizations wait ${DELAY_MS / 1000} s on an agency endpoint, reads and another app's authorizations keep p50 within ${SLOW_DECISION_BOUND}×`;

/** The app whose endpoint is slow: provisioned in the size's database by this module. */
const SLOW_APP: WalletApp = {
  agencyCode: 'BENCHSLOW',
  appId: 'bench-slow-app',
  secret: 'bench-slow-app-secret-0123456789abcdef',
};

export type SlowDecision = {
  waiting: number;
  delayMs: number;
  /** card/detail of a card of the bench app (not the one authorized), without and with. */
  reads: { without: LoadResult; with: LoadResult };
  /** simulate/authorize of 0.01 on a card of the bench app (no endpoint), without and with. */
  otherApp: { without: LoadResult; with: LoadResult };
  /**
   * Each round's p50s (ms), when measured in several alternating rounds: the ratios are then the
   * median of the rounds' own (with ÷ without); `reads` and `otherApp` hold each side's median window.
   */
  rounds?: {
    reads: { without: number[]; with: number[] };
    otherApp: { without: number[]; with: number[] };
  };
  /** The slow app's authorizations answered during the "with" windows, by outcome. */
  slow: { answered: number; byAgency: number; other: string[] };
  /** Authorizations the endpoint was asked to decide. */
  asked: number;
};

type Envelope<T> = { code: number; msg: string; data?: T };

async function call<T>(
  baseUrl: string,
  app: WalletApp,
  operation: Parameters<typeof signedPath>[1],
  params: Record<string, string | number>,
): Promise<T> {
  const { method, path } = signedPath(app, operation, params);
  const body = (await (
    await fetch(`${baseUrl}${path}`, { method, signal: AbortSignal.timeout(60_000) })
  ).json()) as Envelope<T>;
  if (body.code !== 0) throw new Error(`${operation} (${app.appId}): ${body.code} ${body.msg}`);
  return body.data as T;
}

/** A new user of `app` with an ACTIVE virtual card paid by `paymentAssetId`, credited `minor` cents. */
async function fundedCard(
  url: string,
  baseUrl: string,
  app: WalletApp,
  appUserId: string,
  paymentAssetId: number,
  categoryId: number,
  minor: number,
): Promise<{ appUserId: string; cardId: number }> {
  await call(baseUrl, app, 'registerAndKyc', kycParams(appUserId) as Record<string, string>);
  const { cardId } = await call<{ cardId: number }>(baseUrl, app, 'agencyApplyUserCard', {
    appUserId,
    paymentAssetId,
    categoryId,
    embossedName: 'BENCH SLOW',
  });
  if (minor > 0)
    await query(
      url,
      `with up as (update wallet.assets set balance = balance + $2
                   where id = (select card_asset_id from wallet.cards where id = $1) returning id, balance)
     insert into wallet.ledger_entries (asset_id, amount, balance_after, reason)
     select id, $2, balance, 'CREDIT' from up`,
      [cardId, minor],
    );
  return { appUserId, cardId };
}

/** The decision endpoint: every request answered `{"approved": true}` after DELAY_MS. */
async function startSlowEndpoint(): Promise<{
  url: string;
  asked: () => number;
  waiting: () => number;
  close(): Promise<void>;
}> {
  let asked = 0;
  let answered = 0;
  const server: HttpServer = createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on('end', () => {
      asked += 1;
      setTimeout(() => {
        answered += 1;
        if (res.destroyed) return;
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"approved":true}');
      }, DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/decide`,
    asked: () => asked,
    waiting: () => asked - answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** One state's two loads, measured back to back. */
type Window = { reads: LoadResult; otherApp: LoadResult };

const PURCHASE = { amount: '0.01', merchantName: 'Bench Shop', mcc: '5812', merchantCountry: 'US' };

export async function measureSlowDecision(options: {
  url: string;
  baseUrl: string;
  population: Population;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Alternating rounds of the two states (run.ts's write rounds); 1 by default. */
  rounds?: number;
  log: (line: string) => void;
  /** Told how many requests the wallet service was sent (its memory sample counts them). */
  sent?: (requests: number) => void;
}): Promise<SlowDecision> {
  const { url, baseUrl, population: p, log } = options;
  const rounds = Math.max(1, options.rounds ?? 1);
  // Loaded here, not at the top: the report imports this module for its target alone.
  const [{ openPostgres }, { walletDb }, { provision }, { createSecretBox }] = await Promise.all([
    import('@/lib/db/open'),
    import('@/lib/wallet/service/db'),
    import('@/lib/wallet/service/provision'),
    import('@/lib/wallet/service/secrets/secret-box'),
  ]);
  const engine = await openPostgres(url, 2);
  let slowAssetId: number;
  try {
    slowAssetId = (
      await provision(
        walletDb(engine),
        { agencyCode: SLOW_APP.agencyCode, appId: SLOW_APP.appId, appSecret: SLOW_APP.secret },
        createSecretBox(BENCH_MASTER_KEY),
      )
    ).agencyAssetId;
  } finally {
    await engine.close();
  }
  const endpoint = await startSlowEndpoint();
  try {
    const slowCard = await fundedCard(url, baseUrl, SLOW_APP, 'slow-1', slowAssetId, p.categoryId, 1e9);
    // The bench app's: one card authorized, another read (a read of the card under authorization
    // would queue behind nothing, but keep the two figures apart).
    const buyCard = await fundedCard(
      url,
      baseUrl,
      BENCH_APP,
      'slow-bench-buy',
      p.agencyAssetId,
      p.categoryId,
      1e9,
    );
    const readCard = await fundedCard(
      url,
      baseUrl,
      BENCH_APP,
      'slow-bench-read',
      p.agencyAssetId,
      p.categoryId,
      0,
    );
    await call(baseUrl, SLOW_APP, 'decisionSet', { url: endpoint.url, fallback: 'DECLINE', timeoutMs: 2000 });

    const load = (next: () => { method: 'GET' | 'POST'; path: string }) =>
      measure({
        url: baseUrl,
        connections: options.connections,
        seconds: options.seconds,
        warmupSeconds: options.warmupSeconds,
        next,
      });
    const readNext = () => signedPath(BENCH_APP, 'cardDetail', readCard);
    const buyNext = () => signedPath(BENCH_APP, 'simulateAuthorize', { cardId: buyCard.cardId, ...PURCHASE });

    // WAITING slow authorizations in flight from `start` until `stop`.
    const slow = { answered: 0, byAgency: 0, other: new Map<string, number>() };
    const startWaiters = async () => {
      let stopped = false;
      const waiter = async () => {
        while (!stopped) {
          const { method, path } = signedPath(SLOW_APP, 'simulateAuthorize', {
            cardId: slowCard.cardId,
            ...PURCHASE,
          });
          let outcome: string;
          try {
            const response = await fetch(`${baseUrl}${path}`, {
              method,
              signal: AbortSignal.timeout(30_000),
            });
            const body = (await response.json()) as Envelope<{ status: string; decidedBy: string }>;
            outcome =
              body.code === 0 ? `${body.data!.status} by ${body.data!.decidedBy}` : `code ${body.code}`;
          } catch (error) {
            outcome = (error as Error).name;
          }
          slow.answered += 1;
          if (outcome === 'PENDING by AGENCY') slow.byAgency += 1;
          else slow.other.set(outcome, (slow.other.get(outcome) ?? 0) + 1);
        }
      };
      const waiters = Array.from({ length: WAITING }, waiter);
      // Until all of them are at the endpoint.
      const deadline = Date.now() + 30_000;
      while (endpoint.waiting() < WAITING && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      return async () => {
        stopped = true;
        await Promise.all(waiters);
      };
    };

    // Alternating rounds (without first, then with first...), each measuring both loads, so that a
    // drift of the machine's speed over the windows cancels in each round's ratio.
    const windows = { without: [] as Window[], with: [] as Window[] };
    for (let round = 0; round < rounds; round++) {
      for (const side of round % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const)) {
        log(
          side === 'without'
            ? `  slow decision endpoint (round ${round + 1} of ${rounds}): reads and another app's authorizations with none waiting`
            : `  ... and with ${WAITING} authorizations waiting ${DELAY_MS} ms each on the endpoint`,
        );
        const stop = side === 'with' ? await startWaiters() : undefined;
        try {
          windows[side].push({ reads: await load(readNext), otherApp: await load(buyNext) });
        } finally {
          await stop?.();
        }
      }
    }
    const all = [...windows.without, ...windows.with].flatMap((w) => [w.reads, w.otherApp]);
    options.sent?.(all.reduce((sum, r) => sum + r.total + (r.warmupTotal ?? 0), 0) + slow.answered + 7);
    const loads = (side: 'without' | 'with', load: keyof Window) => windows[side].map((w) => w[load]);
    const median = (side: 'without' | 'with', load: keyof Window) => medianP50(loads(side, load));
    const p50s = (side: 'without' | 'with', load: keyof Window) => loads(side, load).map((r) => r.p50);
    const result: SlowDecision = {
      waiting: WAITING,
      delayMs: DELAY_MS,
      reads: { without: median('without', 'reads'), with: median('with', 'reads') },
      otherApp: { without: median('without', 'otherApp'), with: median('with', 'otherApp') },
      ...(rounds > 1
        ? {
            rounds: {
              reads: { without: p50s('without', 'reads'), with: p50s('with', 'reads') },
              otherApp: { without: p50s('without', 'otherApp'), with: p50s('with', 'otherApp') },
            },
          }
        : {}),
      slow: {
        answered: slow.answered,
        byAgency: slow.byAgency,
        other: [...slow.other].map(([what, n]) => `${what}: ${n}`),
      },
      asked: endpoint.asked(),
    };
    log(`  ${describeSlowDecision(result)}`);
    return result;
  } finally {
    await endpoint.close();
  }
}

/**
 * p50 with ÷ p50 without, for reads and for the other app's authorizations: with rounds, the
 * median of the rounds' own ratios (format.ts's writeRatio, with in the service's place).
 */
export function slowDecisionRatios(s: SlowDecision): { reads: number; otherApp: number } {
  const ratio = (load: 'reads' | 'otherApp') => {
    const r = s.rounds?.[load];
    return writeRatio(s[load].with.p50, s[load].without.p50, r && { app: r.with, floor: r.without });
  };
  return { reads: ratio('reads'), otherApp: ratio('otherApp') };
}

function describeSlowDecision(s: SlowDecision): string {
  const r = slowDecisionRatios(s);
  const f = (x: number) => x.toFixed(2);
  const each = (load: 'reads' | 'otherApp') => {
    const x = s.rounds?.[load];
    if (!x) return '';
    const ratios = x.with.map((w, i) => f(w / x.without[i]!));
    return `, the median of ${ratios.length} rounds' ratios ${ratios.join(', ')}`;
  };
  return (
    `card/detail p50 ${f(s.reads.with.p50)} ms with vs ${f(s.reads.without.p50)} ms without (${f(r.reads)}×${each('reads')}); ` +
    `another app's simulate/authorize p50 ${f(s.otherApp.with.p50)} vs ${f(s.otherApp.without.p50)} ms (${f(r.otherApp)}×${each('otherApp')}); ` +
    `the slow app's: ${s.slow.answered} answered, ${s.slow.byAgency} approved by the agency${s.slow.other.length ? `, other: ${s.slow.other.join(', ')}` : ''}`
  );
}

/** The report's target row: met when both ratios are within the bound and every slow one was the agency's. */
export function slowDecisionTarget(measured: SlowDecision | undefined): {
  name: string;
  met: boolean | undefined;
  detail: string;
} {
  if (!measured) return { name: SLOW_DECISION_TARGET, met: undefined, detail: 'not measured in this run' };
  const r = slowDecisionRatios(measured);
  const failed = [measured.reads, measured.otherApp].some(
    (x) => x.with.failed || x.without.failed || !x.with.ok,
  );
  const allByAgency = measured.slow.answered > 0 && measured.slow.byAgency === measured.slow.answered;
  return {
    name: SLOW_DECISION_TARGET,
    met: r.reads <= SLOW_DECISION_BOUND && r.otherApp <= SLOW_DECISION_BOUND && allByAgency && !failed,
    detail: `${describeSlowDecision(measured)}${failed ? '; some responses failed' : ''}`,
  };
}
