// `npm run faults` (issue 45; docs/reliability.md): the fault run, every fault in turn, on a
// PostgreSQL cluster of its own (never the user's databases), two wallet instances and the
// agency's load; prints a line per fault and the table, writes the table into docs/reliability.md,
// and exits 1 when any check failed. FAULTS=restart-fast,terminate runs those alone (the document
// is then left as it is).
import { readFileSync, writeFileSync } from 'node:fs';
import * as prettier from 'prettier';
import path from 'node:path';
import { FAULTS, runFaults, type FaultName } from './lib/faults/run';
import { generatedSection, markdownTable, replaceSection } from './lib/faults/report';
import { exitOnError } from './lib/exit-on-error';

const chosen = process.env.FAULTS?.split(',').map((f) => f.trim()) ?? Object.keys(FAULTS);
const unknown = chosen.filter((f) => !(f in FAULTS));
if (unknown.length) {
  console.error(`unknown fault(s): ${unknown.join(', ')}; known: ${Object.keys(FAULTS).join(', ')}`);
  process.exit(2);
}

// CommonJS under tsx: no top-level await.
async function main(): Promise<void> {
  const started = Date.now();
  const { rows, postgres } = await runFaults({
    faults: chosen as FaultName[],
    clients: 8,
    beforeMs: 5_000,
    afterMs: 5_000,
    downMs: 5_000,
    stallMs: 10_000,
    // A day of the webhook retry schedule in 20 s: a receiver down that long still gets everything.
    dayMs: 20_000,
    holdExpiryMs: 15_000,
    log: (line) => console.log(`[faults] ${line}`),
    // Interrupted, it ends what it started (a stalled cluster is continued first) and exits.
    onDispose: (dispose) =>
      process.once('SIGINT', () => {
        console.log('[faults] interrupted: cleaning up');
        void dispose().finally(() => process.exit(130));
      }),
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\n${markdownTable(rows)}\n`);

  if (!process.env.FAULTS) {
    const file = path.join(import.meta.dirname, '..', 'docs', 'reliability.md');
    const text = replaceSection(
      readFileSync(file, 'utf8'),
      generatedSection(rows, { command: 'npm run faults', seconds, pg: postgres }),
    );
    // As the repository's Prettier writes it (the static stage checks docs/), tables aligned.
    const options = (await prettier.resolveConfig(file)) ?? {};
    writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
    console.log(`wrote ${file}`);
  }
  const problems = rows.reduce((n, r) => n + r.problems.length, 0);
  console.log(problems === 0 ? `every check held (${seconds} s)` : `${problems} problem(s) (${seconds} s)`);
  process.exit(problems === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error((error as Error)?.cause ?? error);
  exitOnError('faults', error);
});
