// Child processes and clean-up for the benchmark: every server, seed and test run is spawned in a
// process group of its own, registered, and ended by its id (SIGTERM, then SIGKILL) when the run
// ends, however it ends. Clean-up actions (dropping databases, removing data directories) run
// in reverse order of registration.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';

type Cleanup = { name: string; run: () => Promise<void> };

/**
 * How long a run may take before it stops itself and cleans up; RESULTS.md states the bound from
 * here. A full run took 30 min before issue 28; card spending added about 10 (seeding 10 million
 * authorizations at 1,000,000 cards takes 3-5 min on a shared 2-core machine, then its loads),
 * issue 29's deposits about 1.5 min per size and the 1M deposits' history a few more. It takes
 * about an hour since the write figures are taken in three rounds each (one run bounded at 50 min
 * stopped at 1M cards, before simulate/clear), and a quarter of an hour more with four.
 */
export const WATCHDOG_MINUTES = { full: 90, quick: 15 } as const;

const cleanups: Cleanup[] = [];

/**
 * Registers a clean-up action; returns a function that runs it now (once) and unregisters it,
 * and `forget`, which unregisters it without running it.
 */
export function onCleanup(
  name: string,
  run: () => Promise<void>,
): (() => Promise<void>) & { forget(): void } {
  const entry: Cleanup = { name, run };
  cleanups.push(entry);
  let done = false;
  const forget = () => {
    done = true;
    const index = cleanups.indexOf(entry);
    if (index >= 0) cleanups.splice(index, 1);
  };
  return Object.assign(
    async () => {
      if (done) return;
      forget();
      await run();
    },
    { forget },
  );
}

/** Runs every registered clean-up, newest first; failures are reported, not thrown. */
export async function cleanupAll(): Promise<void> {
  while (cleanups.length > 0) {
    const entry = cleanups.pop()!;
    try {
      await entry.run();
    } catch (error) {
      console.error(`[bench] clean-up "${entry.name}" failed: ${(error as Error).message}`);
    }
  }
}

export type Child = {
  name: string;
  pid: number;
  child: ChildProcess;
  output(): string;
  exited: Promise<number>;
  /** SIGTERM to the child's process group, SIGKILL after graceMs; resolves when it has exited. */
  stop(graceMs?: number): Promise<void>;
};

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    // The child leads a process group of its own (detached), so this reaches what it spawned.
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** The last `bytes` of a file, as text ('' if it cannot be read). */
function tail(file: string, bytes = 200_000): string {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    const length = Math.min(size, bytes);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    return buffer.toString('utf8');
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Spawns a command in its own process group, collecting (the tail of) its output. With
 * `logFile`, stdout and stderr go straight to that file instead of a pipe: a server that logs a
 * line per request then costs the load generator (this process) nothing to drain.
 */
export function spawnChild(options: {
  name: string;
  command: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Also echo the output, prefixed (piped output only). */
  echo?: boolean;
  logFile?: string;
}): Child {
  const fd = options.logFile ? openSync(options.logFile, 'a') : undefined;
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', fd ?? 'pipe', fd ?? 'pipe'],
    detached: true,
  });
  if (fd !== undefined) closeSync(fd);
  if (child.pid === undefined) throw new Error(`could not spawn ${options.command}`);
  const pid = child.pid;
  const logFile = options.logFile;
  let output = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    // Room for capture-sql's one line of JSON (every call's statements and answers, ~200 kB).
    if (output.length > 4_000_000) output = output.slice(-2_000_000);
    if (options.echo) {
      for (const line of text.split('\n'))
        if (line.trim() !== '') process.stderr.write(`  [${options.name}] ${line}\n`);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
    child.once('error', () => resolve(127));
  });
  let finished = false;
  void exited.then(() => (finished = true));

  const stop = async (graceMs = 5_000) => {
    if (finished) return;
    signalGroup(pid, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
    // Anything the child left behind in its group.
    signalGroup(pid, 'SIGKILL');
  };
  const registration = onCleanup(`stop ${options.name} (pid ${pid})`, () => stop());
  // Once exited there is nothing to stop (its group is still swept by stop() if called).
  void exited.then(() => registration.forget());
  return {
    name: options.name,
    pid,
    child,
    output: () => (logFile ? tail(logFile) : output),
    exited,
    stop,
  };
}

/** Runs a command to completion within timeoutMs; throws with its output tail when it fails. */
export async function runToEnd(options: {
  name: string;
  command: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  echo?: boolean;
}): Promise<{ output: string; seconds: number }> {
  const started = performance.now();
  const child = spawnChild(options);
  const timer = setTimeout(() => void child.stop(2_000), options.timeoutMs);
  const code = await child.exited;
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) {
    const timedOut = seconds * 1000 >= options.timeoutMs;
    throw new Error(
      `${options.name} ${timedOut ? `timed out after ${Math.round(seconds)} s` : `exited with code ${code}`}:\n${child.output().slice(-3_000)}`,
    );
  }
  return { output: child.output(), seconds };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until fn() is truthy or the deadline passes. */
export async function waitFor(what: string, timeoutMs: number, fn: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await fn()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * CPU time (user + system, ms) used so far by every live process of a process group: what a
 * server actually spent, whatever else the machine was doing (unlike latency, which contention
 * inflates).
 */
export function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp ... utime(14) stime(15): comm may hold spaces, so split after ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

const CLOCK_TICKS = 100;

export type Memory = {
  /** VmHWM of the group's leader (the server's Node process): its peak resident set, bytes. */
  peakRssBytes: number;
  /** VmRSS of the leader now, bytes. */
  rssBytes: number;
  /** Other live processes of the group (e.g. tsx's esbuild helper): their peak resident sets. */
  others: { name: string; peakRssBytes: number }[];
};

function statusKb(status: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : NaN;
}

/** Peak and current resident memory of a process group's leader, and of the rest of its group. */
export function groupMemory(pgid: number): Memory | undefined {
  let leader: string;
  try {
    leader = readFileSync(`/proc/${pgid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const others: Memory['others'] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === pgid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const name = /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '?';
      others.push({ name, peakRssBytes: statusKb(status, 'VmHWM') });
    } catch {
      continue;
    }
  }
  return { peakRssBytes: statusKb(leader, 'VmHWM'), rssBytes: statusKb(leader, 'VmRSS'), others };
}
