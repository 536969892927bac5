// The query plans PostgreSQL picks for the read statements on each seeded database (EXPLAIN
// ANALYZE of the exact SQL the service runs, which the floor runs too): 4.2's and 4.6's and
// user/search's and asset/ledger's page, the texts of lib/wallet/service/db/statements.ts. So a
// size-dependent plan (a sequential scan where an index range scan was meant) shows up in the
// results with its cost.
import {
  CARD_HOLDERS_PAGE,
  CARDS_OF_USERS,
  LEDGER_PAGE,
  userSearchStatement,
  USER_WITH_CARDS,
  USERS_BY_EMAIL,
  USERS_PAGE,
} from '@/lib/wallet/service/db/statements';
import { query } from './servers';
import { deepPage, ledgerDeepPage, type Population } from './wallet-requests';

export type Plan = { query: string; plan: string; ms: number };

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

function describePlan(node: PlanNode): string {
  const own = `${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`;
  const children = (node.Plans ?? []).map(describePlan);
  return children.length === 0
    ? own
    : `${own} → ${children.length === 1 ? children[0] : `(${children.join(' + ')})`}`;
}

export async function explainPlans(url: string, p: Population): Promise<Plan[]> {
  const [app] = await query<{ id: number }>(url, `select app_id as id from wallet.assets where id = $1`, [
    p.agencyAssetId,
  ]);
  const appKey = app!.id;
  const ids = (
    await query<{ id: number }>(
      url,
      `select id from wallet.users where app_id = $1 order by id desc limit 20`,
      [appKey],
    )
  ).map((r) => r.id);
  // asset/ledger's page N of 20 is the seq range (top - 20, top], top = n - (N - 1) * 20.
  const [ledger] = await query<{ n: string }>(
    url,
    `select ledger_count as n from wallet.assets where id = $1`,
    [p.agencyAssetId],
  );
  const ledgerTop = (page: number) => Number(ledger!.n) - (page - 1) * 20;
  const cases: [string, string, unknown[]][] = [
    ['4.2 first page of users', USERS_PAGE.text, [appKey, 20, 0]],
    ['4.2 deep page of users', USERS_PAGE.text, [appKey, 20, (deepPage(p) - 1) * 20]],
    ['4.2 users filtered by email', USERS_BY_EMAIL.text, [appKey, `${p.prefix}-1@seed.example.com`, 0]],
    ['4.2 first page of card holders (withCards)', CARD_HOLDERS_PAGE.text, [appKey, 20, 0]],
    // user/search (docs/wallet-api.md "Finding a user"): the statement of each shape, each key
    // through its own index.
    ...[
      ['user/search by an appUserId prefix', `${p.prefix}-12`],
      ['user/search by a name prefix', 'seed'],
      ['user/search by a full name', 'seed user'],
      ['user/search by last four digits', '0042'],
    ].map(([label, q]): [string, string, unknown[]] => {
      const statement = userSearchStatement(appKey, q!, 20);
      return [label!, statement.text, statement.values];
    }),
    [`4.2 cards of ${ids.length} users`, CARDS_OF_USERS.text, [ids]],
    ['4.6 one user with their cards', USER_WITH_CARDS.text, [appKey, `${p.prefix}-1`]],
    [
      'asset/ledger first page (agency asset)',
      LEDGER_PAGE.text,
      [p.agencyAssetId, ledgerTop(1), ledgerTop(1) - 20],
    ],
    [
      'asset/ledger deepest page (agency asset)',
      LEDGER_PAGE.text,
      [p.agencyAssetId, ledgerTop(ledgerDeepPage(p)), ledgerTop(ledgerDeepPage(p)) - 20],
    ],
  ];
  const plans: Plan[] = [];
  for (const [name, sql, values] of cases) {
    const [row] = await query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
      url,
      `explain (analyze, format json) ${sql}`,
      values,
    );
    const result = row!['QUERY PLAN'][0];
    plans.push({ query: name, plan: describePlan(result.Plan), ms: result['Execution Time'] });
  }
  return plans;
}
