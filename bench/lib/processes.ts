// Child processes and clean-up for the benchmark: every server, seed and test run is spawned in a
// process group of its own, registered, and ended by its id (SIGTERM, then SIGKILL) when the run
// ends, however it ends. Clean-up actions (dropping databases, removing data directories) run
// in reverse order of registration.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

type Cleanup = { name: string; run: () => Promise<void> };

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

/** Spawns a command in its own process group, collecting (the tail of) its output. */
export function spawnChild(options: {
  name: string;
  command: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Also echo the output, prefixed. */
  echo?: boolean;
}): Child {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  if (child.pid === undefined) throw new Error(`could not spawn ${options.command}`);
  const pid = child.pid;
  let output = '';
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    if (output.length > 200_000) output = output.slice(-100_000);
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
  return { name: options.name, pid, child, output: () => output, exited, stop };
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
