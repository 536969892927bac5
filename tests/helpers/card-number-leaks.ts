// No whole card number or CVV outside its sealed column (docs/security.md "Card numbers at rest",
// docs/testing.md "Card numbers written nowhere"): when an api test file's database is closed or
// emptied (wallet-db.ts), every whole number of the cards that file issued is looked for in what
// the service wrote: every log line of its test servers (at every level: wallet-server.ts logs
// at trace) and every column of every row of both schemas (events, the audit log, idempotency
// records, ...). One statement per database, so the check costs the suite little.
import { luhnValid } from '@/lib/wallet/contract/card-number';
import { openCardSecrets } from '@/lib/wallet/service/card/card-secrets';
import { configuredSecretBox } from '@/lib/wallet/service/secrets/app-secrets';

type Query = <T>(text: string, values?: unknown[]) => Promise<T[]>;

const logSources: (() => string)[] = [];

/** A test server's log, searched when its file's database is closed (wallet-server.ts). */
export function watchLog(logs: () => string): void {
  logSources.push(logs);
}

/** A CVV as a value under its name, in JSON or a log line. */
const CVV_VALUE = /"?cvv"?\s*[:=]\s*"?\d{3}\b/i;
/** The same in a row's text, where quotes come escaped (`\"` in JSON, `""` in a record). */
const CVV_IN_ROW = 'cvv[\\\\"]*\\s*[:=]\\s*[\\\\"]*[0-9]{3}([^0-9]|$)';

/** The maximal runs of 12-19 digits in a text that pass the Luhn check (a card number's shape). */
export function luhnRuns(text: string): string[] {
  return [...text.matchAll(/(?<!\d)\d{12,19}(?!\d)/g)].map((m) => m[0]).filter(luhnValid);
}

/**
 * Where a whole card number (or a CVV) of the database's cards was written: `[]` when nowhere.
 * The cards' own sealed column is the one place it may be, sealed.
 */
export async function wholeCardNumberLeaks(query: Query): Promise<string[]> {
  const stored = await query<{ id: number; sealed_secrets: string | null; card_number: string | null }>(
    'select id, sealed_secrets, card_number from wallet.cards',
  );
  const found: string[] = [];
  const numbers: string[] = [];
  for (const card of stored) {
    if (card.card_number !== null)
      found.push(`card ${card.id} is stored in plain (wallet.cards.card_number)`);
    if (card.sealed_secrets === null) continue;
    try {
      numbers.push(openCardSecrets(configuredSecretBox(), card.sealed_secrets).cardNumber);
    } catch {
      // Sealed by a key a rotation test left behind: not readable here, not a leak either.
    }
  }
  const logs = logSources.map((read) => read()).join('\n');
  for (const number of numbers)
    if (logs.includes(number)) found.push(`a log line holds card number ${mask(number)}`);
  if (CVV_VALUE.test(logs)) found.push(`a log line holds a CVV: ${CVV_VALUE.exec(logs)![0]}`);
  const tables = await query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname in ('wallet', 'backoffice') order by 1`,
  );
  // Each row as text (every column, jsonb included), but the cards' own sealed value.
  const rowText = (name: string) =>
    name === 'wallet.cards' ? `(to_jsonb(t) - 'sealed_secrets')::text` : `t::text`;
  const hits = await query<{ place: string; what: string }>(
    tables
      .map(
        ({ name }) => `select '${name}' as place, n as what from ${name} t, unnest($1::text[]) n
          where strpos(${rowText(name)}, n) > 0
        union all select '${name}', 'a CVV' from ${name} t where ${rowText(name)} ~* '${CVV_IN_ROW}'`,
      )
      .join('\nunion all\n'),
    [numbers],
  );
  for (const hit of hits)
    found.push(`${hit.place} holds ${hit.what === 'a CVV' ? hit.what : mask(hit.what)}`);
  return found;
}

const mask = (n: string) => `${n.slice(0, 6)}…${n.slice(-4)}`;

/** Throws, naming each place, when the check found whole numbers or CVVs. */
export function assertNoLeaks(found: string[]): void {
  if (found.length > 0) {
    throw new Error(`whole card numbers or CVVs written outside their sealed column:\n${found.join('\n')}`);
  }
}
