// sdk/python/wallet_client.py's operation table, written from the catalogue between its
// `# <catalogue:operations>` markers by `npm run docs:reference` (scripts/lib/python-client.test.ts
// fails when the file's table is not today's): each operation's method, path and clearable
// parameters, so the Python client can call every operation and send an emptied clearable one.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { walletOperationList, type WalletOperation } from '../../lib/wallet/contract/operations';

export const PYTHON_CLIENT_FILE = path.resolve(import.meta.dirname, '../../sdk/python/wallet_client.py');

const START = '# <catalogue:operations> written by `npm run docs:reference`; do not edit by hand\n';
const END = '# </catalogue:operations>';

function tuple(items: readonly string[]): string {
  if (items.length === 0) return '()';
  return `(${items.map((i) => JSON.stringify(i)).join(', ')}${items.length === 1 ? ',' : ''})`;
}

/** The OPERATIONS dict as Python source. */
export function pythonOperationTable(): string {
  const rows = (walletOperationList as readonly WalletOperation[]).map(
    (op) =>
      `    ${JSON.stringify(op.name)}: (${JSON.stringify(op.method)}, ${JSON.stringify(op.path)}, ${tuple(op.clearable ?? [])}),`,
  );
  return `OPERATIONS = {\n${rows.join('\n')}\n}\n`;
}

/** The file's text with today's table between the markers. */
export function pythonClientText(text = readFileSync(PYTHON_CLIENT_FILE, 'utf8')): string {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${PYTHON_CLIENT_FILE}: the catalogue markers are missing`);
  return text.slice(0, start + START.length) + pythonOperationTable() + text.slice(end);
}

/** Rewrites the table; whether the file changed. */
export function writePythonOperationTable(): boolean {
  const before = readFileSync(PYTHON_CLIENT_FILE, 'utf8');
  const after = pythonClientText(before);
  if (after !== before) writeFileSync(PYTHON_CLIENT_FILE, after);
  return after !== before;
}
