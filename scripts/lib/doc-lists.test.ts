// The README's and the guides' lists and counts of the catalogue are what it says today (else run
// `npm run docs:reference`), every fragment is one the generator knows, and the guide's "Coming"
// names nothing that is served.
import { describe, expect, it } from 'vitest';
import { walletOperationList } from '@/lib/wallet/contract/operations';
import { catalogueFragments, DOCS_WITH_LISTS, fragmentsIn, readDoc, withFragments } from './doc-lists';

const fold = (s: string) => s.replace(/\s+/g, ' ');

describe.each(DOCS_WITH_LISTS)('%s', (doc) => {
  it("states the catalogue's lists and counts as it is today (else run `npm run docs:reference`)", () => {
    const text = readDoc(doc);
    const found = fragmentsIn(text);
    expect(Object.keys(found).length, `${doc} holds no catalogue fragment`).toBeGreaterThan(0);
    const fragments = catalogueFragments();
    for (const [name, values] of Object.entries(found)) {
      for (const value of values) expect(value, `${doc}: ${name}`).toBe(fold(fragments[name]!));
    }
    expect(() => withFragments(text)).not.toThrow();
  });
});

describe('the generator', () => {
  it('fills a fragment from the catalogue and refuses one it does not know', () => {
    const count = String(walletOperationList.length);
    expect(withFragments('a <!-- catalogue:operation-count -->1<!-- /catalogue --> b')).toBe(
      `a <!-- catalogue:operation-count -->${count}<!-- /catalogue --> b`,
    );
    expect(() => withFragments('<!-- catalogue:nothing -->1<!-- /catalogue -->')).toThrow(/nothing/);
  });

  it('lists what the guide says is coming as not served: no path of the catalogue', () => {
    const guide = readDoc('docs/integrator-guide.md');
    const coming = guide.slice(guide.indexOf('## Coming'));
    for (const op of walletOperationList) expect(coming).not.toContain(op.path.replace('/wallet/api/', ''));
  });

  it('names every operation in the changelog', () => {
    const changelog = readDoc('docs/changelog.md');
    const missing = walletOperationList
      .map((op) => op.path.replace('/wallet/api/', ''))
      .filter((p) => !changelog.includes(`\`${p}\``));
    expect(missing).toEqual([]);
  });
});
