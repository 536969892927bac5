// Where a server's CPU goes, from a V8 .cpuprofile: self time per sample, charged to who spends it
// (the service's own code, zod, pino, prom-client, Drizzle, pg, Next.js, React, GC...). Bundled server code
// (Next's .next/server/** chunks, and the wallet service's esbuild bundle .wallet-build/server.cjs,
// which `npm run start:wallet` runs) is mapped back to its sources with its .map files; Node's internals and
// native code are charged to their nearest non-Node caller (web streams under Next are Next's),
// except socket writes, kept apart: the profiler samples wall time while the thread runs, and a
// busy process is often preempted right in the write that wakes PostgreSQL, so on a loaded
// machine that line holds waiting as well as work.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const CATEGORIES: [string, RegExp][] = [
  ['zod', /node_modules\/zod\//],
  [
    'pino (logs)',
    /node_modules\/(pino|pino-std-serializers|sonic-boom|thread-stream|fast-redact|quick-format-unescaped|atomic-sleep|on-exit-leak-free|safe-stable-stringify)\//,
  ],
  ['prom-client (metrics)', /node_modules\/(prom-client|tdigest|bintrees)\//],
  // Drizzle's maps name its TypeScript sources without the package (node_modules/src/...).
  ['drizzle', /drizzle-orm|node_modules\/src\//],
  ['pg driver', /node_modules\/(pg|pg-protocol|pg-types|pg-pool|pg-connection-string|postgres-[a-z]+)\//],
  ['react', /react-dom|react-server|node_modules\/react\/|next\/dist\/compiled\/react/],
  ['next-auth / jose', /next-auth|jose|openid/],
  ['next.js', /node_modules\/next\/|next-server/],
  ['next.js (Turbopack module runtime)', /turbopack/],
  ['app code (bundled, unmapped)', /\.next\/server\/|\.wallet-build\//],
  ['app code', /^(lib|app|bench|components|proxy|instrumentation)[./]|\/(lib|app|bench|components)\//],
  [
    'node: http/net/streams',
    /^node:(_http|http|net|stream|internal\/streams|internal\/http|_stream)|^node:internal\/(stream|http|net)/,
  ],
  ['node: crypto', /^node:(crypto|internal\/crypto)/],
  ['node: other', /^node:/],
  ['tsx loader', /tsx\/dist/],
];

/** Bundled server code is mapped back to its sources with its .map files. */
const BUNDLED = /\/\.next\/server\/|\/\.wallet-build\//;
const consumers = new Map<string, SourceMapConsumer | null>();
function originalSource(url: string, line: number, column: number): string | undefined {
  if (!BUNDLED.test(url)) return undefined;
  const file = url.startsWith('file:') ? fileURLToPath(url) : url;
  let consumer = consumers.get(file);
  if (consumer === undefined) {
    consumer = existsSync(`${file}.map`)
      ? new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap)
      : null;
    consumers.set(file, consumer);
  }
  const source = consumer?.originalPositionFor({ line: line + 1, column }).source;
  return source ? source.replace(/^(\.\.\/)+/, '') : undefined;
}

function categorize(node: Node): string {
  const { functionName, lineNumber, columnNumber } = node.callFrame;
  const url = originalSource(node.callFrame.url, lineNumber, columnNumber) ?? node.callFrame.url;
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(program)') return 'V8/native (program)';
  if (functionName === '(root)') return 'root';
  if (
    url === '' &&
    (functionName === 'writev' || functionName === 'writeUtf8String' || functionName === 'writeBuffer')
  )
    return 'socket writes (syscall)';
  if (url === '') return 'native/builtins';
  for (const [name, re] of CATEGORIES) {
    // A library's own lib/ or app/ folder is not the app's code.
    if (name === 'app code' && url.includes('node_modules/')) continue;
    if (re.test(url)) return name;
  }
  return `other: ${url.replace(/.*node_modules\//, '').split('/')[0]}`;
}

/**
 * CPU ms by category over the load window only: the longest run of busy half-seconds (start-up,
 * the idle wait while the other server is measured, and shutdown are left out).
 */
export function summarize(file: string): Map<string, number> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // Node's own internals and native code are charged to the library that called them (a socket
  // write under pg is pg's, web streams under Next are Next's): the nearest non-Node frame.
  const attributed = new Map<number, string>();
  const attribute = (id: number): string => {
    const known = attributed.get(id);
    if (known) return known;
    const node = byId.get(id)!;
    const own = categorize(node);
    let key = own;
    if (own.startsWith('node:') || own === 'native/builtins') {
      const up = parent.get(id);
      const above = up === undefined ? 'root' : attribute(up);
      key =
        above === 'root'
          ? own === 'native/builtins'
            ? 'native (no JS caller)'
            : 'Node internals (event loop, promises, async hooks)'
          : above;
    }
    attributed.set(id, key);
    return key;
  };
  let t = 0;
  const samples = profile.samples.map((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    return { t, dt: (profile.timeDeltas[i] ?? 0) / 1000, key: byId.has(id) ? attribute(id) : 'unknown' };
  });
  const BUCKET = 500_000;
  const busy = new Map<number, number>();
  for (const s of samples)
    if (s.key !== 'idle')
      busy.set(Math.floor(s.t / BUCKET), (busy.get(Math.floor(s.t / BUCKET)) ?? 0) + s.dt);
  const last = Math.floor(t / BUCKET);
  let best = { from: 0, to: -1 };
  let from = -1;
  let gap = 0;
  for (let b = 0; b <= last + 2; b++) {
    // A mostly waiting server (the floor) is busy only part of each half-second under load.
    const isBusy = (busy.get(b) ?? 0) > 0.05 * (BUCKET / 1000);
    if (isBusy) {
      if (from < 0) from = b;
      gap = 0;
    } else if (from >= 0 && ++gap > 1) {
      if (b - 2 - from > best.to - best.from) best = { from, to: b - 2 };
      from = -1;
      gap = 0;
    }
  }
  const totals = new Map<string, number>();
  for (const s of samples) {
    const b = Math.floor(s.t / BUCKET);
    if (b < best.from || b > best.to) continue;
    totals.set(s.key, (totals.get(s.key) ?? 0) + s.dt);
  }
  return totals;
}

/** The busiest profile of a directory (a process may write more than one: worker threads). */
export function busiestProfile(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  let best: { file: string; busy: number } | undefined;
  for (const f of files) {
    const totals = summarize(path.join(dir, f));
    const busy = [...totals].filter(([k]) => k !== 'idle').reduce((a, [, v]) => a + v, 0);
    if (!best || busy > best.busy) best = { file: path.join(dir, f), busy };
  }
  return best?.file;
}

export type Breakdown = {
  /** Busy ms (all categories) in the load window of the profile. */
  busyMs: number;
  shares: { category: string; share: number }[];
};

/** The busiest profile of a directory, as shares of its busy time. */
export function breakdown(dir: string): Breakdown | undefined {
  const file = busiestProfile(dir);
  if (!file) return undefined;
  const totals = [...summarize(file)].filter(([k]) => k !== 'idle' && k !== 'root');
  const busyMs = totals.reduce((a, [, v]) => a + v, 0);
  return {
    busyMs,
    shares: totals.sort((a, b) => b[1] - a[1]).map(([category, v]) => ({ category, share: v / busyMs })),
  };
}
