// After the whole browser run: the server's log must not hold a sentinel card or document
// number (docs/wallet-api.md "Signature": no log line may contain a wallet request's query string).
import { existsSync, readFileSync } from 'node:fs';
import { sentinelLeaks } from './support/sentinels';

export default function globalTeardown(): void {
  const file = process.env.E2E_SERVER_LOG;
  if (!file || !existsSync(file))
    throw new Error('the e2e server log is missing: the sentinel log check cannot run');
  const log = readFileSync(file, 'utf8');
  if (!log.includes('[card-wallet] database ready'))
    throw new Error(`the e2e server log ${file} does not look like the server's output`);
  const leaks = log
    .split('\n')
    .flatMap((line, i) => sentinelLeaks(line).map((leak) => `line ${i + 1}: ${leak}`));
  if (leaks.length > 0) throw new Error(`sentinel values in the server log ${file}:\n${leaks.join('\n')}`);
}
