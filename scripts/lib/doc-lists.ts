// The lists and counts the README and the guides state about the operation catalogue, generated
// from it so that they cannot drift (docs/testing.md "What integrators are given"): each sits in
// its doc between `<!-- catalogue:NAME -->` and `<!-- /catalogue -->`. `npm run docs:reference`
// writes them; scripts/lib/doc-lists.test.ts fails when a doc's text is not what the catalogue
// says today.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { walletOperationList, type WalletOperation } from '../../lib/wallet/contract/operations';
import { resultCodeMeaning } from '../../lib/wallet/contract/result-codes';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The docs that hold generated fragments. */
export const DOCS_WITH_LISTS = ['README.md', 'docs/integrator-guide.md', 'docs/wallet-api.md'] as const;

const operations = walletOperationList as readonly WalletOperation[];
const short = (op: WalletOperation) => `\`${op.path.replace('/wallet/api/', '')}\``;

/** "`a`, `b` and `c`". */
function listed(ops: readonly WalletOperation[]): string {
  const names = ops.map(short);
  return names.length <= 1 ? (names[0] ?? 'none') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function codeRange(from: number, to: number): string {
  const codes = Object.keys(resultCodeMeaning)
    .map(Number)
    .filter((c) => c >= from && c < to);
  return codes.length > 1 ? `${Math.min(...codes)}–${Math.max(...codes)}` : String(codes[0]);
}

/** Each fragment's text, from today's catalogue. */
export function catalogueFragments(): Record<string, string> {
  const takes = (name: string) => (op: WalletOperation) => name in op.params.shape;
  return {
    'operation-count': String(operations.length),
    'spec-operation-count': String(operations.filter((op) => !op.extension).length),
    'extension-count': String(operations.filter((op) => op.extension).length),
    'cursor-paged': listed(operations.filter(takes('cursor'))),
    'page-numbered': listed(operations.filter((op) => takes('pageNum')(op) && !takes('cursor')(op))),
    'mutating-without-request-id': listed(operations.filter((op) => op.mutating && !takes('requestId')(op))),
    'business-codes': codeRange(4000, 5000),
  };
}

const FRAGMENT = /<!-- catalogue:([a-z-]+) -->([\s\S]*?)<!-- \/catalogue -->/g;

/** The doc's text with every fragment replaced by today's; throws on a fragment it does not know. */
export function withFragments(text: string, fragments = catalogueFragments()): string {
  return text.replace(FRAGMENT, (_whole, name: string) => {
    const value = fragments[name];
    if (value === undefined) throw new Error(`unknown catalogue fragment: ${name}`);
    return `<!-- catalogue:${name} -->${value}<!-- /catalogue -->`;
  });
}

/** The fragments a doc holds, by name, as written (white space folded: Prettier may rewrap). */
export function fragmentsIn(text: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const m of text.matchAll(FRAGMENT)) (found[m[1]!] ??= []).push(m[2]!.replace(/\s+/g, ' '));
  return found;
}

/** Rewrites every doc's fragments; answers the docs that changed. */
export function writeCatalogueFragments(): string[] {
  const changed: string[] = [];
  for (const doc of DOCS_WITH_LISTS) {
    const file = path.join(ROOT, doc);
    const before = readFileSync(file, 'utf8');
    const after = withFragments(before);
    if (after !== before) {
      writeFileSync(file, after);
      changed.push(doc);
    }
  }
  return changed;
}

export function readDoc(doc: string): string {
  return readFileSync(path.join(ROOT, doc), 'utf8');
}
