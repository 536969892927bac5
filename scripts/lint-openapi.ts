// Lints the OpenAPI document the wallet service serves (/wallet/api/openapi.json) with Redocly's
// recommended-strict rules (redocly.yaml). Part of the static stage of `npm test`; `npm run lint:openapi`
// runs it alone. The document is built from the contract's zod schemas, so it is written to a
// temporary file first; any problem, warning or error, fails.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildOpenApiDocument } from '../lib/wallet/contract/openapi';

type Problem = { ruleId: string; severity: string; message: string; location?: { pointer?: string }[] };
type Report = { totals: { errors: number; warnings: number }; problems: Problem[] };

const ROOT = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-openapi-'));
const file = path.join(dir, 'openapi.json');
try {
  writeFileSync(file, JSON.stringify(buildOpenApiDocument(), null, 2));
  const run = spawnSync(
    path.join(ROOT, 'node_modules', '.bin', 'redocly'),
    ['lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json'],
    // No update check or telemetry: CI has no internet, and neither is wanted from a lint.
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  let report: Report;
  try {
    report = JSON.parse(run.stdout) as Report;
  } catch {
    console.error(run.stdout, run.stderr);
    throw new Error(`redocly lint gave no report (exit code ${run.status})`);
  }
  for (const p of report.problems) {
    console.error(`${p.severity} ${p.ruleId} at ${p.location?.[0]?.pointer ?? '#'}: ${p.message}`);
  }
  const { errors, warnings } = report.totals;
  const paths = Object.keys((buildOpenApiDocument() as { paths: object }).paths).length;
  if (errors + warnings > 0) {
    console.error(`OpenAPI lint: ${errors} errors, ${warnings} warnings (rules: redocly.yaml)`);
    process.exitCode = 1;
  } else {
    console.log(`OpenAPI lint: ${paths} paths, no problem under Redocly's recommended-strict rules`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
