// The shapes of a benchmark run's results (results.json): what bench/run.ts measures and the
// report modules (report.ts, analysis.ts, derived.ts, spending.ts, deposit-report.ts) read. Kept
// apart from run.ts so that the report modules import types from here, not from the script that
// imports them (no import circle).
import type { RouteJs } from './backoffice';
import type { GuaranteeReport, TransferGuaranteeReport } from './guarantees';
import type { LoadResult } from './load';
import type { DepositFigures } from './deposits';
import type { Memory } from './processes';
import type { OpProfile } from './profile-op';
import type { Plan } from './plans';
import type { Heap, ServerKind } from './servers';
import type { Snapshot } from './snapshot';
import type { SlowDecision } from './slow-decision';
import type { WalFigure } from './wal-meter';
import type { CardholderFigures } from './cardholder';
import type { FloorCheck } from './verify-floor';
import type { OpKey, ReadKey } from './wallet-requests';

/**
 * One operation at one size: `app` is the wallet service as measured (`npm run start:wallet`
 * since issue 11; in older results, the app's Next.js route handlers), `floor` the floor, and
 * `npmStart` the same calls through `npm start`'s server (the wallet API beside the back-office).
 */
export type Pair = { app: LoadResult; floor?: LoadResult; npmStart?: LoadResult };
export type SizeResult = {
  cards: number;
  users: number;
  seedSeconds: number;
  /** pg_database_size after seeding. */
  dbBytes?: number;
  /** The 1-minute load average when this size's measurements started. */
  loadAverage?: number;
  /** EXPLAIN ANALYZE of the read statements (4.2, 4.6, user/search, asset/ledger) on this database. */
  plans?: Plan[];
  /** The spec's reads (READ_KEYS) and, since issue 12, the extension reads (SCALE_KEYS). */
  reads: Partial<Record<ReadKey, Pair>>;
  issuance?: Pair & { guarantees: GuaranteeReport; rounds?: { app: number[]; floor: number[] } };
  /**
   * Rows (users, or ledger entries) per answer of each extension read on the service: the mean
   * of its priming calls (absent in results before issue 12).
   */
  answerRows?: Partial<Record<OpKey, number>>;
  /** Each round's p50 (ms) of each extension read, service and floor (absent before stop 19). */
  scaleRounds?: Partial<Record<OpKey, { app: number[]; floor: number[] }>>;
  /** asset/transfer, agency asset -> a random user's wallet (absent in results before issue 12). */
  transfer?: Pair & {
    guarantees: TransferGuaranteeReport;
    rounds?: { app: number[]; floor: number[] };
    /**
     * The floor running asset/transfer in the statement order before issue 46 (both assets locked
     * at once, the agency's row first): the median of as many rounds (absent before issue 46).
     */
    oldOrderFloor?: LoadResult;
    /**
     * The WAL each side's windows wrote per transfer, and the disks' writes meanwhile: the median
     * of the rounds (bench/lib/wal-meter.ts; absent before stop 48).
     */
    wal?: { app: WalFigure; floor: WalFigure; oldOrderFloor: WalFigure };
  };
  /** 4.4 issuance into a user's wallet funded for `fundedFor` cards, past its funds (first size; absent before stop 20). */
  exhausted?: ExhaustedIssuance;
  /** Webhook delivery while issuance runs at full rate (first size; absent before issue 14). */
  events?: EventDelivery;
  /** Reads and another app's authorizations while 50 wait on a slow agency endpoint (first size; bench/lib/slow-decision.ts). */
  slowDecision?: SlowDecision;
  /** me/cards against its floor, and opening a card-details page (first size; bench/lib/cardholder.ts). */
  cardholder?: CardholderFigures;
  /** Deposits credited per second, and a deposit's latency over this size's history (issue 29). */
  deposits?: DepositFigures;
  /** Card spending: authorize and clear, service and floor (bench/lib/spending.ts; absent before issue 28). */
  spending?: SpendingSize;
  backoffice: Record<string, LoadResult | { status: number }>;
  /** Disputes: dispute/create and the WON outcome, service and floor (bench/lib/disputes.ts; absent before issue 43). */
  disputes?: DisputeSize;
  /** The disputes seeded before the loads, so /disputes is read over them (bench/lib/disputes.ts seedDisputes; absent before issue 46). */
  seededDisputes?: SeededDisputes;
};
/** How many disputes a database was seeded with (one per card), and how long it took. */
export type SeededDisputes = { count: number; seconds: number };
export type EventDelivery = {
  /** The issuance load on the service with one endpoint subscribed to card.issued. */
  load: LoadResult;
  /**
   * The same load with no endpoint, measured just before it (absent in results before issue 27:
   * the comparison was with the size's issuance figure).
   */
  baseline?: LoadResult;
  /** Each round's rate (req/s), with and without the endpoint, when there were several. */
  rounds?: { with: number[]; without: number[] };
  /** Where the receiver ran: 'process', its own (absent: in the load generator's). */
  receiver?: 'process';
  /** card.issued events written during the load (warm-up included) and received. */
  events: number;
  /** How the endpoint's deliveries ended: "DELIVERED: 2400", "PENDING (answered HTTP 503): 3". */
  outcomes: string[];
  received: number;
  /** Distinct event ids received more than once (at least once: allowed, counted). */
  duplicates: number;
  /** Deliveries that arrived during the load window, per second of it. */
  deliveredPerSecond: number;
  /** From the event's createdAt (in its transaction) to its arrival at the receiver, ms. */
  lagP50: number;
  lagP99: number;
  lagMax: number;
  /** After the load stopped, until the last delivery arrived, s. */
  drainSeconds: number;
};
export type ExhaustedIssuance = {
  load: LoadResult;
  fundedFor: number;
  issued: number;
  refused: number;
  guarantees: GuaranteeReport;
};
/** A server process's resident memory once it had served its loads. */
export type MemorySample = Memory & {
  server: ServerKind;
  storage: 'postgres' | 'pglite';
  cards: number;
  /** Requests the harness sent it, warm-ups included. */
  requests: number;
  /** What it served. */
  served: string;
  /** Its resident set when it was ready, before the harness's first request. */
  startRssBytes?: number;
  /** V8's heap and external memory at the end (the service's own /wallet/metrics). */
  heap?: Heap;
  /** The same once it was ready. */
  startHeap?: Heap;
};
export type Results = {
  command: string;
  date: string;
  quick: boolean;
  settings: {
    seconds: number;
    warmupSeconds: number;
    connections: number;
    cardsPerUser: number;
    /** What each transfer moved, in major units (absent before issue 12). */
    transferAmount?: string;
    /** Alternating rounds per write figure, each window after settleWrites (absent: 1, unsettled). */
    writeRounds?: number;
  };
  machine: Record<string, string | number>;
  loadBefore: number[];
  loadAfter?: number[];
  snapshot: Omit<Snapshot, 'dir'>;
  /** What each measured server was (absent in results from before issue 11: `app` was Next's). */
  servers?: Record<ServerKind, string>;
  /** Steps left out with --skip. */
  skipped?: string[];
  floorCheck?: FloorCheck;
  sizes: SizeResult[];
  memory?: MemorySample[];
  /** Peak RSS of an idle `node` and `node --import tsx` from the snapshot: the runtime alone. */
  runtime?: { node: number; nodeTsx: number };
  underTest?: {
    cards: number;
    issuance: LoadResult;
    vitest: { exitCode: number; seconds: number; summary: string };
    guarantees: GuaranteeReport;
  };
  backofficeAtUsers?: {
    users: number;
    cards: number;
    pages: Record<string, LoadResult | { status: number }>;
    seededDisputes?: SeededDisputes;
  };
  js?: RouteJs[];
  profiles?: (OpProfile & { cards: number })[];
  pglite?: {
    cards: number;
    users: number;
    seedSeconds: number;
    /** The wallet service alone on PGlite (in older results: `npm start`'s app). */
    reads: Partial<Record<ReadKey, LoadResult>>;
    /** `npm start`'s server on the same PGlite data: the embedded default as a fresh clone runs it. */
    npmStartReads?: Partial<Record<ReadKey, LoadResult>>;
    /** simulate/authorize (approved) on the wallet service alone (absent before issue 28). */
    authorize?: LoadResult;
  };
  totalSeconds?: number;
  errors: string[];
};

/** Card spending at one size: authorize and clear, service and floor (bench/lib/spending.ts). */
export type SpendGuarantees = {
  ok: boolean;
  checks: { name: string; ok: boolean; detail: string }[];
  /** Authorizations the loads approved (the clients saw PENDING), and clears. */
  approved: number;
  cleared: number;
};

export type SpendingSize = {
  /** Authorizations seeded before the measurements, and how long their seeding took. */
  seeded: number;
  seedSeconds: number;
  authorize: { app: LoadResult; floor: LoadResult };
  clear?: { app: LoadResult; floor: LoadResult };
  /** Each round's rate (req/s) when there were several (--rounds): the median round is kept. */
  rounds?: {
    authorize: { app: number[]; floor: number[] };
    clear: { app: number[]; floor: number[] };
  };
  guarantees: SpendGuarantees;
};

/** One row of the report's targets table: met, missed, or not measured (undefined). */
export type Target = { name: string; met: boolean | undefined; detail: string };

// The dispute figures (bench/lib/disputes.ts): here, with every other figure's shape, so that the
// modules measuring them import this one and not the reverse.
export type DisputeGuarantees = { ok: boolean; checks: { name: string; ok: boolean; detail: string }[] };

/** dispute/create and the WON outcome, the service against its floor. */
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
