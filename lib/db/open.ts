// Opening and migrating a database of either engine, and nothing of either part's domain: the
// wallet service and the back-office each bind their own Drizzle schema to the engine
// (lib/wallet/service/db, lib/backoffice/db). Kept free of env and server-only so that the
// service's own server, scripts, tests and the benchmark can open databases of their own.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { noteLostConnection } from './unavailable';

/** How long a new connection to PostgreSQL may take before the attempt fails. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** A Drizzle handle over one part's schema. */
export type SchemaDatabase<S extends Record<string, unknown>> = PgDatabase<PgQueryResultHKT, S>;

/** A transaction handle has the same query surface as the database. */
export type SchemaExecutor<S extends Record<string, unknown>> = Pick<
  SchemaDatabase<S>,
  'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'
>;

export type DatabaseHandle = {
  engine: 'pglite' | 'postgres';
  /**
   * One parameterised statement, rows as the driver returns them. With `name`, PostgreSQL keeps
   * it prepared per connection (parsed and planned once): the service's hot reads use this.
   */
  query<T = Record<string, unknown>>(text: string, values?: unknown[], name?: string): Promise<T[]>;
  /**
   * The same, on the connection of a Drizzle handle of this engine: inside an open transaction
   * (`db.transaction`'s handle), its statement runs in that transaction. The writes' hot path
   * (requestId records, transfers) sends its statements this way, prepared like the reads.
   */
  queryIn<T = Record<string, unknown>>(
    db: DrizzleHandle,
    text: string,
    values?: unknown[],
    name?: string,
  ): Promise<T[]>;
  /**
   * `db.transaction(run)` with the same handle given to `run`, for the writes' hot path
   * (idempotency.ts): on PostgreSQL, begin, commit and rollback go to the pool client as they are,
   * not built by Drizzle as statements of its own (docs/architecture.md "Transactions").
   */
  transaction<S extends Record<string, unknown>, T>(
    db: SchemaDatabase<S>,
    run: (tx: Parameters<Parameters<SchemaDatabase<S>['transaction']>[0]>[0]) => Promise<T>,
  ): Promise<T>;
  /** Drizzle over this engine with one part's schema; one handle per schema object. */
  bind<S extends Record<string, unknown>>(schema: S): SchemaDatabase<S>;
  /** Runs fn while holding the cross-instance migration lock (a no-op lock on PGlite). */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  /** Whether the database answers a trivial query now (readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The PGlite instance, for tests that clone it and for backups. */
  pglite?: PGlite;
  /** The PostgreSQL pool, for metrics and tests. */
  pool?: pg.Pool;
};

/** A Drizzle database or transaction handle (of any schema): its session holds the connection. */
export type DrizzleHandle = Pick<SchemaDatabase<never>, 'execute'>;

/**
 * The driver's client under a Drizzle handle: the pool or PGlite for a database, the pool client
 * or PGlite transaction for an open transaction (drizzle-orm's sessions keep it as `client`).
 */
function clientOf<C>(db: DrizzleHandle): C {
  const client = (db as unknown as { _?: { session?: { client?: C } } })._?.session?.client;
  if (!client) throw new Error('queryIn: not a Drizzle handle with a session client');
  return client;
}

export const migrationsFolder = path.join(process.cwd(), 'drizzle');

/** Where the embedded database of a data directory lives (the rest holds generated keys). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

// Any constant works; it only has to be the same in every instance of this app.
const MIGRATION_LOCK_KEY = 724_311_905;

function binder(make: (schema: Record<string, unknown>) => unknown) {
  const bound = new WeakMap<object, unknown>();
  return <S extends Record<string, unknown>>(schema: S): SchemaDatabase<S> => {
    let db = bound.get(schema);
    if (!db) bound.set(schema, (db = make(schema)));
    return db as SchemaDatabase<S>;
  };
}

export async function openPglite(
  source: { dataDir?: string; pglite?: PGlite } = {},
): Promise<DatabaseHandle> {
  let client = source.pglite;
  let release = () => undefined as void;
  if (!client) {
    const dir = source.dataDir ? pgliteDir(source.dataDir) : undefined;
    if (dir) {
      mkdirSync(dir, { recursive: true });
      release = lockDataDir(dir);
    }
    client = await PGlite.create(dir ? { dataDir: dir } : {}).catch((error: unknown) => {
      release();
      throw error;
    });
  }
  const pglite = client;
  await migratePglite(drizzlePglite({ client: pglite }), { migrationsFolder });
  return {
    engine: 'pglite',
    pglite,
    query: async <T>(text: string, values: unknown[] = []) => (await pglite.query<T>(text, values)).rows,
    queryIn: async <T>(db: DrizzleHandle, text: string, values: unknown[] = []) =>
      (await clientOf<Pick<PGlite, 'query'>>(db).query<T>(text, values)).rows,
    transaction: (db, run) => db.transaction(run),
    bind: binder((schema) => drizzlePglite({ client: pglite, schema })),
    withMigrationLock: (fn) => fn(),
    ping: () =>
      pglite.query('select 1').then(
        () => true,
        () => false,
      ),
    close: async () => {
      await pglite.close();
      release();
    },
  };
}

export async function openPostgres(databaseUrl: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    // A server that accepts no connection (stalled, failing over) is an answer within seconds,
    // a 503 (unavailable.ts), not a request that hangs for as long as the socket does.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => undefined);
  // Nor a checked-out one's: the pool listens only while a client is idle, so a connection lost
  // between two statements of a transaction (a restart, pg_terminate_backend) was an 'error'
  // event with no listener, which ends the process. Every client gets its own listener for life;
  // the error it emits is the one its running statement rejects with, noted as an outage.
  pool.on('connect', (client) =>
    client.on('error', (error) => {
      noteLostConnection(error);
      lostClients.add(client);
    }),
  );
  const withMigrationLock = async <T>(fn: () => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
  };
  await withMigrationLock(() => migrateNodePg(drizzleNodePg({ client: pool }), { migrationsFolder }));
  const { ping: pinger, pool: pingPool } = createPinger(databaseUrl);
  return {
    engine: 'postgres',
    pool,
    query: async <T>(text: string, values: unknown[] = [], name?: string) =>
      (await pool.query<T & pg.QueryResultRow>(name ? { name, text, values } : { text, values })).rows as T[],
    queryIn: async <T>(db: DrizzleHandle, text: string, values: unknown[] = [], name?: string) =>
      (
        await clientOf<pg.Pool | pg.PoolClient>(db).query<T & pg.QueryResultRow>(
          name ? { name, text, values } : { text, values },
        )
      ).rows as T[],
    transaction: (db, run) => rawTransaction(pool, db, run),
    bind: binder((schema) => drizzleNodePg({ client: pool, schema })),
    withMigrationLock,
    ping: pinger,
    close: async () => {
      await pool.end();
      await pingPool.end();
    },
  };
}

/** How long "does the database answer now" waits for its answer, connecting included. */
export const PING_TIMEOUT_MS = 2_000;

/**
 * Whether the database answers a trivial query now (readiness, and lib/db/unavailable.ts's
 * question about a failure with no code), asked on a connection of its own: through the service's
 * pool it queued behind the very operations it was asked about, so a pool whose every connection
 * was stuck on a stalled database took the pool's 5 s wait for a connection to answer, and a
 * healthy database with a busy pool was called away. One question at a time: callers asking at
 * once share its answer.
 */
function createPinger(databaseUrl: string): { ping: () => Promise<boolean>; pool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 1,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 60_000,
  });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  let asking: Promise<boolean> | undefined;
  const ask = async (): Promise<boolean> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    });
    const answered = pool.query({ text: 'select 1', query_timeout: PING_TIMEOUT_MS } as pg.QueryConfig).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([answered, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    pool,
    ping: () => (asking ??= ask().finally(() => (asking = undefined))),
  };
}

/** Pool clients that emitted an error: their connection is gone (openPostgres's listener). */
const lostClients = new WeakSet<pg.PoolClient>();

/** What drizzle-orm's NodePgSession keeps, and its own transaction() hands to a new one. */
type SessionParts = {
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
};

/**
 * The transaction handle of a pool client, made once per client and database handle and reused by
 * its later transactions (a client runs one at a time): building one builds a relational query
 * builder for every table of the schema, most of what Drizzle's transaction() costs. The handle
 * keeps no state of its own between transactions; each transaction gets a new object over it.
 */
const handles = new WeakMap<object, WeakMap<pg.PoolClient, NodePgTransaction<never, never>>>();

function transactionHandle(db: object, client: pg.PoolClient): NodePgTransaction<never, never> {
  let byClient = handles.get(db);
  if (!byClient) handles.set(db, (byClient = new WeakMap()));
  let tx = byClient.get(client);
  if (!tx) {
    const parts = (db as { _: { session: SessionParts } })._.session;
    const session = new NodePgSession(client, parts.dialect, parts.schema, parts.options);
    tx = new NodePgTransaction<never, never>(parts.dialect, session, parts.schema as never);
    byClient.set(client, tx);
  }
  return tx;
}

/**
 * drizzle-orm's NodePgSession.transaction, less its statement building for begin, commit and
 * rollback and its new handle per transaction: the same session and transaction classes over one
 * pool client, so `run` gets the handle Drizzle would give. A client whose rollback failed is
 * discarded, not returned to the pool.
 */
async function rawTransaction<S extends Record<string, unknown>, T>(
  pool: pg.Pool,
  db: SchemaDatabase<S>,
  run: (tx: Parameters<Parameters<SchemaDatabase<S>['transaction']>[0]>[0]) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    // A new object per transaction over the client's handle: what keys per-transaction notes
    // (a WeakSet of handles, as record-event.ts keeps) must not outlive the transaction.
    const tx = Object.create(transactionHandle(db, client)) as NodePgTransaction<never, never>;
    await client.query('begin');
    try {
      const result = await run(tx as unknown as Parameters<typeof run>[0]);
      await client.query('commit');
      return result;
    } catch (error) {
      // A client that lost its connection fails its next statement with an error of its own
      // ("not queryable"), not the one it emitted: the failure is still the connection's.
      if (lostClients.has(client)) noteLostConnection(error);
      await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize)
    : openPglite({ dataDir: options.dataDir });
}

/** Rows of a raw Drizzle query, whichever driver ran it. */
export async function rawRows<T>(
  db: Pick<SchemaDatabase<never>, 'execute'>,
  query: ReturnType<typeof sql>,
): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
