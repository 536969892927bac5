// The whole test suite behind `npm test` (and `.ci/run`): owns the order of the stages, the
// services they need (PostgreSQL, the production build, Chromium) and failing fast with a line
// that names the stage that failed.
//
//   npm test                          every stage
//   npm test -- --only unit,api       a subset (static, unit, api, pg, system, e2e)
//   npm test -- --only e2e --skip-build   reuse the existing .next build
//
// A whole run is static, build, then two lanes side by side (unit → api ‖ pg → system), then e2e
// (docs/testing.md "Lanes").
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './lib/chromium';
import { ensurePostgres } from './lib/postgres';
import { sourceFingerprint, stampBuild } from './lib/build';
import { createFreshPgDatabase } from '../tests/helpers/pg';

const STAGES = ['static', 'unit', 'api', 'pg', 'system', 'e2e'] as const;
type Stage = (typeof STAGES)[number];
type VitestStage = Extract<Stage, 'unit' | 'api' | 'pg' | 'system'>;
const VITEST_STAGES: readonly VitestStage[] = ['unit', 'api', 'pg', 'system'];

// api tests may opt into PostgreSQL too, so they get the same URL as in a full run.
const NEEDS_POSTGRES: readonly Stage[] = ['api', 'pg', 'system', 'e2e'];
const NEEDS_BUILD: readonly Stage[] = ['system', 'e2e'];

const ROOT = path.resolve(import.meta.dirname, '..');

type Options = { stages: Stage[]; full: boolean; skipBuild: boolean; specs: string[]; resultsFile?: string };

const USAGE = `Usage: npm test -- [--only <stage>[,<stage>...]] [--skip-build] [test files...]
  stages: ${STAGES.join(', ')} (default: all, in that order)
  --skip-build  reuse the existing .next build for the system and e2e stages`;

function isStage(value: string): value is Stage {
  return (STAGES as readonly string[]).includes(value);
}

function parseArgs(argv: readonly string[]): Options {
  let only: Set<Stage> | undefined;
  let skipBuild = false;
  let resultsFile: string | undefined;
  const specs: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    let list: string | undefined;
    if (arg === '--only') {
      list = argv[++i];
      if (list === undefined) throw new UsageError('--only needs a comma-separated list of stages');
    } else if (arg.startsWith('--only=')) {
      list = arg.slice('--only='.length);
    } else if (arg === '--skip-build') {
      skipBuild = true;
      continue;
    } else if (arg === '--results') {
      // Internal: a lane (below) reports its stages' results to the run that started it.
      resultsFile = argv[++i];
      if (resultsFile === undefined) throw new UsageError('--results needs a file');
      continue;
    } else if (/\.(spec|test)\.tsx?$/.test(arg)) {
      // A test file: narrows the stage that owns it (e2e specs go to Playwright).
      specs.push(arg);
      continue;
    } else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else {
      throw new UsageError(`unknown argument: ${arg}`);
    }
    only ??= new Set();
    for (const name of list
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')) {
      if (!isStage(name)) throw new UsageError(`unknown stage: ${name}`);
      only.add(name);
    }
  }
  if (only?.size === 0) throw new UsageError('--only was given no stages');
  // Stages always run in the canonical order, whatever order --only lists them in.
  const stages = STAGES.filter((s) => !only || only.has(s));
  return {
    stages,
    full: !only && specs.length === 0,
    skipBuild,
    specs,
    ...(resultsFile ? { resultsFile } : {}),
  };
}

class UsageError extends Error {}

/** A failed step; `message` is the one line printed after "FAILED". */
class StepFailure extends Error {
  /** The stage's slowest tests, when it got as far as running them. */
  slowest?: Timed[];
  /** What failed, a line each (test and the first line of its error), for the summary. */
  failures?: string[];
}

/** A test and how long it took, for the summary's slowest-five lines. */
type Timed = { name: string; seconds: number };
type StepResult = {
  name: string;
  status: 'passed' | 'failed';
  seconds: number;
  note?: string;
  slowest?: Timed[];
  failures?: string[];
};
/** What a stage reports back to its step: a note for the summary line, and its slowest tests. */
type StepOutcome = { note?: string; slowest?: Timed[] };
const SLOWEST = 5;

function slowestOf(tests: Timed[]): Timed[] {
  return [...tests].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST);
}
const results: StepResult[] = [];

const childEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  // Vite 8 warns that vitest.config.ts is ESM in a CommonJS package (a concern only for its
  // future native config loader); harmless, and it would open every vitest stage.
  VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
};

let interrupted = false;
let current: ReturnType<typeof spawn> | undefined;
// Ctrl-C reaches the children through the process group; wait for them so the summary still
// prints. SIGTERM (CI cancelling the job) is sent to us alone, so pass it on, as SIGINT: on
// SIGTERM Playwright exits without stopping its web server, which then outlives the run.
process.on('SIGINT', () => {
  interrupted = true;
});
process.on('SIGTERM', () => {
  interrupted = true;
  current?.kill('SIGINT');
  for (const lane of laneChildren) lane.kill('SIGTERM');
});

function bin(name: string): string {
  const local = path.join(ROOT, 'node_modules', '.bin', name);
  if (!existsSync(local)) throw new StepFailure(`${local} is missing: run \`npm ci\` first`);
  return local;
}

/** Runs a command with inherited stdio; resolves with its exit code (signals count as failure). */
function exec(command: string, args: readonly string[], env: NodeJS.ProcessEnv = childEnv): Promise<number> {
  if (interrupted) return Promise.reject(new StepFailure('interrupted'));
  return new Promise((resolve, reject) => {
    console.log(`$ ${path.relative(ROOT, command) || command} ${args.join(' ')}`);
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    current = child;
    child.on('error', reject);
    child.on('close', (code, signal) => {
      current = undefined;
      resolve(signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1));
    });
  });
}

/** Runs a command with its output kept for `show()`: for commands run side by side. */
function execCaptured(command: string, args: readonly string[]): Promise<{ code: number; show: () => void }> {
  if (interrupted) return Promise.reject(new StepFailure('interrupted'));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const show = () => {
        console.log(`$ ${path.relative(ROOT, command) || command} ${args.join(' ')}`);
        if (output !== '') process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      };
      resolve({ code: signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1), show });
    });
  });
}

async function execOrFail(what: string, command: string, args: readonly string[], env?: NodeJS.ProcessEnv) {
  const code = await exec(command, args, env);
  if (code !== 0) throw new StepFailure(`${what} exited with code ${code}`);
}

function banner(name: string): void {
  console.log(`\n==> ${name}`);
}

async function step(name: string, fn: () => Promise<string | StepOutcome | void>): Promise<void> {
  if (interrupted) throw new StepFailure('interrupted');
  banner(name);
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const outcome = await fn();
    if (interrupted) throw new StepFailure('interrupted');
    const { note, slowest } =
      typeof outcome === 'string' ? { note: outcome, slowest: undefined } : (outcome ?? {});
    results.push({
      name,
      status: 'passed',
      seconds: seconds(),
      ...(note ? { note } : {}),
      ...(slowest ? { slowest } : {}),
    });
  } catch (error) {
    const message = interrupted ? 'interrupted' : error instanceof Error ? error.message : String(error);
    const slowest = error instanceof StepFailure ? error.slowest : undefined;
    const failures = error instanceof StepFailure ? error.failures : undefined;
    results.push({
      name,
      status: 'failed',
      seconds: seconds(),
      note: message,
      ...(slowest ? { slowest } : {}),
      ...(failures ? { failures } : {}),
    });
    throw new StepFailure(`stage "${name}" failed: ${message}`);
  }
}

function printSummary(): void {
  console.log('\nSummary:');
  for (const r of results) {
    const note = r.note ? `  ${r.note.split('\n')[0]}` : '';
    console.log(`  ${r.name.padEnd(9)} ${r.status.padEnd(6)} ${r.seconds.toFixed(1).padStart(7)}s${note}`);
    // A stage's slowest tests beside its time, so that a regression shows in every run's log.
    for (const t of r.slowest ?? [])
      console.log(`  ${''.padEnd(16)} ${t.seconds.toFixed(1).padStart(7)}s  ${t.name}`);
    // What failed, at the end of the log where a CI page that shows only the tail still has it.
    for (const f of r.failures ?? []) console.log(`  ${''.padEnd(16)} FAILED  ${f}`);
  }
}

async function runStatic(): Promise<void> {
  // Route and PageProps types come from .next/types; generate them so a fresh clone (or a stale
  // build) typechecks the same as after `next build`.
  await execOrFail('next typegen', bin('next'), ['typegen']);
  // All four always run so one pass reports every type, lint, formatting and OpenAPI problem; two
  // at a time, as each is one thread (their output is shown whole, one after the other).
  const [tsc, eslint] = await Promise.all([
    execCaptured(bin('tsc'), ['--noEmit']),
    execCaptured(bin('eslint'), ['.', '--max-warnings', '0']),
  ]);
  const [prettier, openapi] = await Promise.all([
    execCaptured(bin('prettier'), ['--check', '.', '--log-level', 'warn']),
    // The served OpenAPI document under Redocly's recommended rules (redocly.yaml).
    execCaptured(bin('tsx'), ['scripts/lint-openapi.ts']),
  ]);
  for (const run of [tsc, eslint, prettier, openapi]) run.show();
  const failed = [
    tsc.code !== 0 && `tsc exited with code ${tsc.code}`,
    eslint.code !== 0 && `eslint exited with code ${eslint.code}`,
    prettier.code !== 0 && `prettier found unformatted files (run npm run format)`,
    openapi.code !== 0 && `the OpenAPI document has lint problems (npm run lint:openapi)`,
  ];
  const reasons = failed.filter((f): f is string => typeof f === 'string');
  if (reasons.length > 0) throw new StepFailure(reasons.join('; '));
}

type VitestJson = {
  numTotalTests?: number;
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: {
    name: string;
    status?: string;
    message?: string;
    assertionResults?: {
      fullName: string;
      status?: string;
      duration?: number | null;
      failureMessages?: string[];
    }[];
  }[];
};

/** The first line of an error message, cut to a line's length. */
function firstLine(text: string | undefined): string {
  // Colour codes stripped: both runners colour their messages.
  const plain = (text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const line = plain.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

const MAX_FAILURES = 12;

/**
 * What failed in a vitest run: each failed test, each file that failed outside its tests (a
 * hook, an import), and, when vitest failed with neither, that the error came from outside.
 */
function vitestFailures(json: VitestJson | undefined): string[] {
  if (!json) return ['vitest wrote no JSON report: see the stage output above'];
  const out: string[] = [];
  for (const file of json.testResults ?? []) {
    const where = path.relative(ROOT, file.name);
    const tests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of tests) out.push(`${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
    if (tests.length === 0 && file.status === 'failed') out.push(`${where}: ${firstLine(file.message)}`);
  }
  if (out.length === 0)
    out.push('no test failed: vitest reported an error outside the tests (unhandled rejection?): see above');
  return out.length > MAX_FAILURES
    ? [...out.slice(0, MAX_FAILURES), `… and ${out.length - MAX_FAILURES} more`]
    : out;
}

/** Every test of a vitest JSON report with its duration, named by file and full name. */
function vitestTimes(json: VitestJson): Timed[] {
  return (json.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((t) => ({
      name: `${path.relative(ROOT, file.name)} > ${t.fullName}`,
      seconds: (t.duration ?? 0) / 1000,
    })),
  );
}

type PlaywrightSuite = {
  title: string;
  specs?: {
    title: string;
    file: string;
    tests: { results: { duration: number; status?: string; error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
};
type PlaywrightJson = { suites?: PlaywrightSuite[] };

/** Every run of a test in Playwright's JSON report, named by file and titles (retries add up). */
function playwrightTimes(json: PlaywrightJson): Timed[] {
  const out: Timed[] = [];
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const seconds = t.results.reduce((sum, r) => sum + r.duration, 0) / 1000;
        out.push({ name: `${spec.file} > ${[...titles, spec.title].join(' > ')}`, seconds });
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  // The top suites are the files; their titles repeat the file name.
  for (const file of json.suites ?? []) visit(file, []);
  return out;
}

/** The tests whose last try failed, with the first line of its error (a flaky pass is no failure). */
function playwrightFailures(json: PlaywrightJson): string[] {
  const out: string[] = [];
  const visit = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const last = t.results.at(-1);
        if (last && last.status !== 'passed' && last.status !== 'skipped')
          out.push(
            `${spec.file} > ${[...titles, spec.title].join(' > ')}: ${last.status}: ${firstLine(last.error?.message)}`,
          );
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const file of json.suites ?? []) visit(file, []);
  return out.length > MAX_FAILURES
    ? [...out.slice(0, MAX_FAILURES), `… and ${out.length - MAX_FAILURES} more`]
    : out;
}

/** Runs one vitest project; returns how many tests it ran, skipped ones not counted (JSON report). */
async function runVitest(
  project: VitestStage,
  files: readonly string[],
  env: NodeJS.ProcessEnv = childEnv,
): Promise<{ count: number; slowest: Timed[] }> {
  const report = path.join(os.tmpdir(), `wallet-vitest-${project}-${process.pid}.json`);
  rmSync(report, { force: true });
  try {
    const code = await exec(
      bin('vitest'),
      [
        'run',
        '--project',
        project,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...files,
      ],
      env,
    );
    const json = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as VitestJson) : undefined;
    const slowest = json ? slowestOf(vitestTimes(json)) : [];
    if (code !== 0)
      throw Object.assign(new StepFailure(`vitest exited with code ${code}`), {
        slowest,
        failures: vitestFailures(json),
      });
    if (!json) throw new StepFailure('vitest wrote no JSON report');
    return { count: (json.numPassedTests ?? 0) + (json.numFailedTests ?? 0), slowest };
  } finally {
    rmSync(report, { force: true });
  }
}

type PrismLine = {
  file: string;
  calls: number;
  requestViolations: number;
  responseViolations: number;
  responses: string[];
  acceptedViolations: string[];
};

/**
 * What Prism saw in front of every wallet server of the api stage (tests/helpers/prism-proxy.ts
 * appends one line per server): the summary's note, or a failure on any reply that breaks the
 * document or any request it refuses that the service accepted. Request violations on calls the
 * service refused too are the tests' deliberate bad input, counted.
 */
function prismVerdict(reportFile: string): string {
  const lines = existsSync(reportFile)
    ? readFileSync(reportFile, 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as PrismLine)
    : [];
  if (lines.length === 0) throw new StepFailure('Prism reported nothing: no wallet server ran behind it');
  const sum = (f: (l: PrismLine) => number) => lines.reduce((n, l) => n + f(l), 0);
  const calls = sum((l) => l.calls);
  const responses = sum((l) => l.responseViolations);
  const accepted = sum((l) => l.acceptedViolations.length);
  const refused = sum((l) => l.requestViolations) - accepted;
  const note = `Prism: ${calls} calls, ${responses + accepted} violations (${responses} in replies, ${accepted} in requests the service accepted); ${refused} deliberate bad requests refused by both`;
  console.log(`\n${note}`);
  if (responses + accepted > 0) {
    for (const l of lines.filter((x) => x.responseViolations + x.acceptedViolations.length > 0)) {
      console.error(`  ${l.file}:\n    ${[...l.responses, ...l.acceptedViolations].join('\n    ')}`);
    }
    throw new StepFailure(note);
  }
  return note;
}

// The vitest stages run in two lanes side by side (docs/testing.md "Lanes"): unit and api keep
// both cores busy, while pg and system mostly wait (on PostgreSQL's locks and fsyncs, on servers
// they start and stop, on timed windows), so the second lane costs the first little and its own
// time mostly disappears from the run's. Each lane is this script again with `--only`, its output
// kept apart (the first lane's shown as it runs, the second's after) and its results sent back
// in a file for the one summary.
const LANES: readonly (readonly VitestStage[])[] = [
  ['unit', 'api'],
  ['pg', 'system'],
];

/** `stages` split into the lanes that have any of them (one lane: run them in this process). */
function lanesOf(stages: readonly VitestStage[]): VitestStage[][] {
  return LANES.map((lane) => lane.filter((s) => stages.includes(s))).filter((lane) => lane.length > 0);
}

type LaneOutcome = { lane: readonly VitestStage[]; code: number; results: StepResult[]; log: string };
const laneChildren = new Set<ReturnType<typeof spawn>>();

/** Runs one lane as a child run of this script; its output is shown live or kept for later. */
function runLane(lane: readonly VitestStage[], live: boolean): Promise<LaneOutcome> {
  const resultsFile = path.join(os.tmpdir(), `wallet-lane-${process.pid}-${lane.join('-')}.json`);
  rmSync(resultsFile, { force: true });
  const args = ['scripts/test.ts', '--only', lane.join(','), '--skip-build', '--results', resultsFile];
  console.log(`$ tsx ${args.join(' ')}${live ? '' : '   (its output follows when both lanes are done)'}`);
  return new Promise((resolve, reject) => {
    const child = spawn(bin('tsx'), args, {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'],
    });
    laneChildren.add(child);
    let log = '';
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      laneChildren.delete(child);
      const results = existsSync(resultsFile)
        ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as StepResult[]).filter((r) =>
            (lane as readonly string[]).includes(r.name),
          )
        : [];
      rmSync(resultsFile, { force: true });
      resolve({ lane, code: signal ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1), results, log });
    });
  });
}

/** Runs the lanes side by side; their results join this run's, a failed stage fails it. */
async function runLanes(lanes: readonly (readonly VitestStage[])[]): Promise<void> {
  banner(`lanes: ${lanes.map((lane) => lane.join(' → ')).join('  ‖  ')}`);
  const outcomes = await Promise.all(lanes.map((lane, index) => runLane(lane, index === 0)));
  for (const outcome of outcomes) {
    if (outcome.log !== '')
      console.log(`\n==> the lane ${outcome.lane.join(' → ')}, as it ran\n${outcome.log}`);
  }
  for (const outcome of outcomes) results.push(...outcome.results);
  results.sort((a, b) => STEP_ORDER.indexOf(a.name) - STEP_ORDER.indexOf(b.name));
  if (interrupted) throw new StepFailure('interrupted');
  const failed = results.find((r) => r.status === 'failed');
  if (failed) throw new StepFailure(`stage "${failed.name}" failed: ${failed.note ?? 'see its output'}`);
  // A lane that failed before any of its stages could report (it could not start, say).
  const silent = outcomes.find((o) => o.code !== 0 || o.results.length < o.lane.length);
  if (silent) throw new StepFailure(`the lane ${silent.lane.join(' → ')} exited with code ${silent.code}`);
}

/** The order of the summary's lines (stages and the steps between them). */
const STEP_ORDER: readonly string[] = ['static', 'postgres', 'build', ...STAGES.slice(1)];

async function main(): Promise<void> {
  let options: Options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
  const { stages } = options;
  // A lane of a whole run (runLanes): its results go back to that run, however it ends.
  const { resultsFile } = options;
  if (resultsFile) process.on('exit', () => writeFileSync(resultsFile, JSON.stringify(results)));
  const wants = (list: readonly Stage[]) => stages.some((s) => list.includes(s));
  console.log(`Stages: ${stages.join(', ')}`);

  if (stages.includes('static')) await step('static', runStatic);

  if (wants(NEEDS_POSTGRES)) {
    await step('postgres', async () => {
      const url = await ensurePostgres();
      childEnv.TEST_DATABASE_URL = url;
      process.env.TEST_DATABASE_URL = url;
      return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
    });
  }

  if (wants(NEEDS_BUILD)) {
    if (options.skipBuild) {
      if (!existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
        throw new StepFailure('--skip-build given but there is no .next build: run without it once');
      }
      console.log('\n==> build skipped (--skip-build): using the existing .next');
    } else {
      const fingerprint = sourceFingerprint();
      await step('build', async () => {
        await execOrFail('next build', bin('next'), ['build'], { ...childEnv, NODE_ENV: 'production' });
        // The system stage drives `npm start`, which must find this build current, not rebuild.
        stampBuild(fingerprint);
      });
    }
  }

  const vitestStages = VITEST_STAGES.filter((s) => stages.includes(s));
  const lanes = options.specs.length === 0 && !options.resultsFile ? lanesOf(vitestStages) : [vitestStages];
  if (lanes.length > 1) await runLanes(lanes);
  else await runVitestStages(vitestStages, options.specs);

  if (stages.includes('e2e')) await step('e2e', () => runE2e(options.specs));
}

/** The vitest stages one after the other, in this process. */
async function runVitestStages(
  vitestStages: readonly VitestStage[],
  specs: readonly string[],
): Promise<void> {
  let vitestTests = 0;
  for (const project of vitestStages) {
    await step(project, async () => {
      // The api stage runs behind Stoplight Prism (docs/testing.md "The api stage behind Prism"):
      // every wallet server a test starts answers through a validating proxy.
      const prismReport = path.join(os.tmpdir(), `wallet-prism-${process.pid}.jsonl`);
      rmSync(prismReport, { force: true });
      const viaPrism = project === 'api';
      const env = viaPrism
        ? { ...childEnv, WALLET_TEST_VIA_PRISM: '1', WALLET_TEST_PRISM_REPORT: prismReport }
        : childEnv;
      let prismNote: string | undefined;
      try {
        const { count, slowest } = await runVitest(
          project,
          specs.filter((f) => !f.startsWith('e2e/')),
          env,
        );
        vitestTests += count;
        // A stage that ran nothing is broken (a moved folder, a wrong include), not green. With
        // spec files named, a stage may have none of them: only the whole run must run something.
        if (count === 0 && specs.length === 0) {
          throw new StepFailure(`the ${project} stage ran no tests`);
        }
        if (viaPrism && count > 0) prismNote = prismVerdict(prismReport);
        return {
          note: `${count} test${count === 1 ? '' : 's'}${prismNote ? `; ${prismNote}` : ''}`,
          slowest,
        };
      } finally {
        rmSync(prismReport, { force: true });
      }
    });
  }
  if (vitestTests === 0 && vitestStages.length > 0) {
    throw new StepFailure('the vitest stages ran no tests at all');
  }
}

/** The e2e stage: Playwright against the production build, on a database of its own. */
async function runE2e(specs: readonly string[]): Promise<StepOutcome> {
  const chromium = await ensureChromium();
  // Set here rather than left to playwright.config.ts so this script can remove it after.
  const dataDir = path.join(os.tmpdir(), `wallet-e2e-${Date.now()}`);
  // A database of its own on PostgreSQL, so fixtures can seed staff and data while the
  // server runs (an embedded PGlite directory admits one process only).
  const database = await createFreshPgDatabase();
  const e2eSpecs = specs.filter((f) => f.startsWith('e2e/'));
  const report = path.join(os.tmpdir(), `wallet-playwright-${process.pid}.json`);
  rmSync(report, { force: true });
  const code = await exec(bin('playwright'), ['test', ...e2eSpecs], {
    ...childEnv,
    CHROMIUM_PATH: chromium,
    E2E_DATA_DIR: dataDir,
    E2E_DATABASE_URL: database.url,
    E2E_JSON_REPORT: report,
  });
  const json = existsSync(report) ? (JSON.parse(readFileSync(report, 'utf8')) as PlaywrightJson) : undefined;
  const tests = json ? playwrightTimes(json) : [];
  rmSync(report, { force: true });
  const slowest = slowestOf(tests);
  // Kept on failure, for a look at what the run left; removed on success.
  if (code !== 0) {
    throw Object.assign(
      new StepFailure(
        `playwright test exited with code ${code} (database kept: ${database.url.replace(/\/\/[^@]*@/, '//')})`,
      ),
      { slowest, failures: json ? playwrightFailures(json) : ['playwright wrote no JSON report'] },
    );
  }
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
  return { note: `${tests.length} test${tests.length === 1 ? '' : 's'}`, slowest };
}

main().then(
  () => {
    printSummary();
    console.log('\nAll stages passed');
  },
  (error: unknown) => {
    printSummary();
    const message =
      error instanceof StepFailure ? error.message : error instanceof Error ? error.stack : error;
    console.error(`\nFAILED: ${message}`);
    process.exit(1);
  },
);
