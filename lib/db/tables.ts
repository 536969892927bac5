// What a database holds, read from its catalog rather than from either part's schema, so the
// data tools (db:copy, db:backup, db:restore) cover a table added by a later migration without
// being told: the tables of the app's schemas in foreign-key order, their row counts, and
// their sequences.
import type { DatabaseHandle } from './open';

/** The schemas that hold the app's data: the wallet service's and the back-office's. */
export const DATA_SCHEMAS = ['wallet', 'backoffice'] as const;

export type Table = {
  schema: string;
  name: string;
  /** Primary-key columns in key order (empty when the table has none). */
  primaryKey: string[];
};

type Query = Pick<DatabaseHandle, 'query'>['query'];

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (t: { schema: string; name: string }) =>
  `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;

/** The tables of `schemas`, each after every table it references (parents first). */
export async function tablesInDependencyOrder(
  query: Query,
  schemas: readonly string[] = DATA_SCHEMAS,
): Promise<Table[]> {
  const tables = await query<{ schema: string; name: string; primary_key: string[] | null }>(
    `select n.nspname as schema, c.relname as name,
            (select array_agg(a.attname::text order by k.ord)
               from pg_index i
               cross join unnest(i.indkey) with ordinality k(attnum, ord)
               join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
              where i.indrelid = c.oid and i.indisprimary) as primary_key
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = any($1::text[])
      order by n.nspname, c.relname`,
    [schemas],
  );
  const edges = await query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || cc.relname as child, pn.nspname || '.' || pc.relname as parent
       from pg_constraint f
       join pg_class cc on cc.oid = f.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
       join pg_class pc on pc.oid = f.confrelid join pg_namespace pn on pn.oid = pc.relnamespace
      where f.contype = 'f' and cn.nspname = any($1::text[]) and f.conrelid <> f.confrelid`,
    [schemas],
  );
  const key = (t: { schema: string; name: string }) => `${t.schema}.${t.name}`;
  const parentsOf = new Map<string, Set<string>>();
  for (const { child, parent } of edges) {
    if (!parentsOf.has(child)) parentsOf.set(child, new Set());
    parentsOf.get(child)!.add(parent);
  }
  const ordered: Table[] = [];
  const done = new Set<string>();
  const visiting = new Set<string>();
  const byKey = new Map(tables.map((t) => [key(t), t]));
  const visit = (k: string) => {
    if (done.has(k) || !byKey.has(k)) return;
    if (visiting.has(k)) throw new Error(`foreign keys form a cycle through ${k}: no order to copy in`);
    visiting.add(k);
    for (const parent of parentsOf.get(k) ?? []) visit(parent);
    visiting.delete(k);
    done.add(k);
    const t = byKey.get(k)!;
    ordered.push({ schema: t.schema, name: t.name, primaryKey: t.primary_key ?? [] });
  };
  for (const t of tables) visit(key(t));
  return ordered;
}

/** Row count of each table, keyed `schema.name`. */
export async function rowCounts(query: Query, tables: readonly Table[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const t of tables) {
    const [row] = await query<{ n: string | number }>(`select count(*) as n from ${qualified(t)}`);
    counts.set(`${t.schema}.${t.name}`, Number(row!.n));
  }
  return counts;
}

/** Where `actual` row counts differ from `expected` (none: every table has what it should). */
export function countDifferences(expected: Map<string, number>, actual: Map<string, number>): string[] {
  return [...expected].flatMap(([table, n]) =>
    actual.get(table) === n ? [] : [`${table}: ${actual.get(table) ?? 'missing'} rows, expected ${n}`],
  );
}

export type SequenceState = { schema: string; name: string; lastValue: string; isCalled: boolean };

/** Each sequence of `schemas` as it stands (what setval needs to put it back exactly). */
export async function sequenceStates(
  query: Query,
  schemas: readonly string[] = DATA_SCHEMAS,
): Promise<SequenceState[]> {
  const sequences = await query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'S' and n.nspname = any($1::text[]) order by 1, 2`,
    [schemas],
  );
  const states: SequenceState[] = [];
  for (const s of sequences) {
    const [row] = await query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from ${qualified(s)}`,
    );
    states.push({ ...s, lastValue: row!.last_value, isCalled: row!.is_called });
  }
  return states;
}

/** Tables of any schema but PostgreSQL's own and the migrations' that hold at least one row. */
export async function tablesWithRows(query: Query): Promise<string[]> {
  const tables = await query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'drizzle')
        and n.nspname not like 'pg\\_%' order by 1, 2`,
  );
  const withRows: string[] = [];
  for (const t of tables) {
    const [row] = await query<{ any: boolean }>(`select exists (select 1 from ${qualified(t)}) as any`);
    if (row!.any) withRows.push(`${t.schema}.${t.name}`);
  }
  return withRows;
}
