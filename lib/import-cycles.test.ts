// No import circles (docs/architecture.md "The folders"): a module that imports, even a type
// only, from a module that imports it back makes the two one unit that neither side owns. The
// benchmark had one (bench/run.ts and its five report modules); its types now live in
// bench/lib/results.ts. This walks every source file of the repository's own code and fails on any
// strongly connected group of files, naming it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
// The benchmark first: issue 46 named its circle. The back-office's component pairs (a dialog and
// its body importing each other) and the auth module's four-file circle are the next to go, then
// every folder of the repository is walked.
const FOLDERS = ['bench', 'scripts', 'sdk/src'];
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The file an import specifier names, when it is one of ours (relative, or `@/` for the root). */
function resolveSpecifier(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  const stem = base.replace(/\.(m?js)$/, '');
  for (const candidate of [
    base,
    ...EXTENSIONS.map((e) => stem + e),
    ...EXTENSIONS.map((e) => path.join(base, `index${e}`)),
  ]) {
    if (known.has(candidate)) return candidate;
  }
  return undefined;
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importGraph(): Map<string, string[]> {
  const files = FOLDERS.flatMap((f) => sourceFiles(path.join(root, f)));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveSpecifier(file, m[1] ?? m[2] ?? '', known);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one file. */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(path.relative(root, w));
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found;
}

it('finds a circle when there is one', () => {
  const a = path.join(root, 'a.ts');
  const b = path.join(root, 'b.ts');
  expect(
    circles(
      new Map([
        [a, [b]],
        [b, [a]],
      ]),
    ),
  ).toEqual([['a.ts', 'b.ts']]);
});

it('has no import circle in the repository', () => {
  expect(circles(importGraph())).toEqual([]);
});
