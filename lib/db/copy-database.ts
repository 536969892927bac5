// Copying the app's data from one database into an empty PostgreSQL one (`npm run db:copy`):
// what a user who outgrows the embedded default does. The target is migrated to the same
// schema, then every table is copied in foreign-key order and every sequence set to where it
// stood, all in one transaction on the target: a copy that fails or does not verify leaves
// no row behind.
//
// Rows travel as PostgreSQL's own JSON of each row (json_agg on the source, read back with
// json_populate_recordset on the target), never as JavaScript values, so bigint, numeric,
// timestamps and bytea arrive exactly as they left. User triggers are off while a table loads:
// the rows already are what the triggers made (card status history, holder counts, ledger
// numbers), and running them again would write it twice. Foreign keys stay checked.
import pg from 'pg';
import { openPostgres, type DatabaseHandle } from './open';
import {
  countDifferences,
  qualified,
  quoteIdent,
  rowCounts,
  sequenceStates,
  tablesInDependencyOrder,
  tablesWithRows,
  type Table,
} from './tables';

export class TargetNotEmptyError extends Error {
  constructor(readonly tables: string[]) {
    super(
      `The target database is not empty: ${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ` and ${tables.length - 5} more` : ''} hold rows. ` +
        'db:copy only copies into an empty database (create one with `createdb`), so that nothing there is overwritten or mixed in.',
    );
    this.name = 'TargetNotEmptyError';
  }
}

export class CopyVerificationError extends Error {
  constructor(readonly problems: string[]) {
    super(`The copy did not verify, so it was rolled back: ${problems.join('; ')}`);
    this.name = 'CopyVerificationError';
  }
}

export type CopyProgress = { table: string; tableRows: number; copiedRows: number; totalRows: number };

export type CopyResult = {
  /** Rows per table, `schema.name`, as counted on both sides (equal, or the copy fails). */
  counts: Map<string, number>;
  sequences: number;
};

/** Rows per read from the source: big enough to amortise a round trip, small enough to hold. */
const CHUNK_ROWS = 5_000;

async function* chunksOf(
  source: DatabaseHandle,
  table: Table,
): AsyncGenerator<{ json: string; rows: number }> {
  const name = qualified(table);
  // Keyset paging on a one-column key; OFFSET otherwise (such tables are small here).
  if (table.primaryKey.length === 1) {
    const pk = quoteIdent(table.primaryKey[0]!);
    let last: string | null = null;
    for (;;) {
      type Chunk = { json: string; rows: number; last: string | null };
      const [chunk]: Chunk[] = await source.query<Chunk>(
        `with chunk as (select * from ${name} ${last === null ? '' : `where ${pk} > $2`} order by ${pk} limit $1)
         select coalesce((select json_agg(c)::text from chunk c), '[]') as json,
                (select count(*)::int from chunk) as rows, (select max(${pk})::text from chunk) as last`,
        last === null ? [CHUNK_ROWS] : [CHUNK_ROWS, last],
      );
      if (!chunk || chunk.rows === 0) return;
      yield { json: chunk.json, rows: chunk.rows };
      last = chunk.last;
    }
  }
  const order = table.primaryKey.length > 0 ? table.primaryKey.map(quoteIdent).join(', ') : '1';
  for (let offset = 0; ; offset += CHUNK_ROWS) {
    const [chunk] = await source.query<{ json: string; rows: number }>(
      `with chunk as (select * from ${name} order by ${order} limit $1 offset $2)
       select coalesce((select json_agg(c)::text from chunk c), '[]') as json, (select count(*)::int from chunk) as rows`,
      [CHUNK_ROWS, offset],
    );
    if (!chunk || chunk.rows === 0) return;
    yield { json: chunk.json, rows: chunk.rows };
  }
}

/**
 * Copies `source` into the empty PostgreSQL database at `targetUrl`. `verify` runs on the target
 * inside the transaction, after the rows are in: its problems roll the copy back.
 */
export async function copyDatabase(options: {
  source: DatabaseHandle;
  targetUrl: string;
  onProgress?: (progress: CopyProgress) => void;
  verify?: (query: DatabaseHandle['query']) => Promise<string[]>;
}): Promise<CopyResult> {
  const { source, targetUrl } = options;

  // Refuse before changing anything there, even before migrating.
  const probe = new pg.Client({ connectionString: targetUrl });
  await probe.connect();
  try {
    const occupied = await tablesWithRows(async (text, values) => (await probe.query(text, values)).rows);
    if (occupied.length > 0) throw new TargetNotEmptyError(occupied);
  } finally {
    await probe.end();
  }
  // The same migrations as the source (both were opened by this code): the same schema.
  await (await openPostgres(targetUrl, 2)).close();

  const tables = await tablesInDependencyOrder(source.query);
  const sourceCounts = await rowCounts(source.query, tables);
  const totalRows = [...sourceCounts.values()].reduce((a, b) => a + b, 0);
  const sequences = await sequenceStates(source.query);

  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  const query = async <T>(text: string, values?: unknown[]) =>
    (await target.query<T & pg.QueryResultRow>(text, values)).rows as T[];
  try {
    await target.query('begin');
    let copiedRows = 0;
    for (const table of tables) {
      const name = qualified(table);
      const key = `${table.schema}.${table.name}`;
      const tableRows = sourceCounts.get(key) ?? 0;
      options.onProgress?.({ table: key, tableRows, copiedRows, totalRows });
      await target.query(`alter table ${name} disable trigger user`);
      for await (const chunk of chunksOf(source, table)) {
        await target.query(
          `insert into ${name} select * from json_populate_recordset(null::${name}, $1::json)`,
          [chunk.json],
        );
        copiedRows += chunk.rows;
        options.onProgress?.({ table: key, tableRows, copiedRows, totalRows });
      }
      await target.query(`alter table ${name} enable trigger user`);
    }
    for (const s of sequences) {
      await target.query(`select setval($1::regclass, $2::bigint, $3)`, [
        qualified(s),
        s.lastValue,
        s.isCalled,
      ]);
    }

    const targetCounts = await rowCounts(query, tables);
    const problems = countDifferences(sourceCounts, targetCounts);
    const targetSequences = await sequenceStates(query);
    for (const s of sequences) {
      const t = targetSequences.find((x) => x.schema === s.schema && x.name === s.name);
      if (!t || t.lastValue !== s.lastValue || t.isCalled !== s.isCalled) {
        problems.push(`sequence ${s.schema}.${s.name} is not where the source's stands`);
      }
    }
    problems.push(...((await options.verify?.(query)) ?? []));
    if (problems.length > 0) throw new CopyVerificationError(problems);
    await target.query('commit');
    return { counts: targetCounts, sequences: sequences.length };
  } catch (error) {
    await target.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await target.end();
  }
}
