// The committed report is what its data says: RESULTS.md and growth.svg, rendered again from the
// committed results.json (what `npm run bench -- --report-only` does), must be identical to the
// committed files. A hand edit of RESULTS.md, or prose that reads anything but the results
// (the clock, this machine), fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load';
import type { Results } from './results';
import { disputesSeededText, renderReport } from './report';

const dir = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');

describe('bench/RESULTS.md', () => {
  const results = JSON.parse(read('results.json')) as Results;
  const rendered = renderReport(results);

  it('is what --report-only renders from bench/results.json', () => {
    expect(rendered.markdown).toBe(read('RESULTS.md'));
  });

  it('growth.svg too', () => {
    expect(rendered.svg).toBe(read('growth.svg'));
  });
});

describe('disputesSeededText', () => {
  const page = { p50: 10 } as unknown as LoadResult;

  it('says over how many seeded disputes /disputes was measured', () => {
    expect(disputesSeededText({ '/disputes': page }, { count: 1_000_000, seconds: 42.25 }, 999_999)).toBe(
      ' `/disputes` was measured over 1,000,000 seeded disputes (one per card, seeded in 42.3 s).',
    );
    // A run before one per card: one card in every 20.
    expect(disputesSeededText({ '/disputes': page }, { count: 49_999, seconds: 4.3 }, 999_999)).toBe(
      ' `/disputes` was measured over 49,999 seeded disputes (one card in every 20, seeded in 4.3 s).',
    );
  });

  it('says nothing when the page was not measured or nothing was seeded (results before issue 46)', () => {
    expect(disputesSeededText({ '/disputes': { status: 500 } }, { count: 50, seconds: 0.1 }, 999)).toBe('');
    expect(disputesSeededText({ '/disputes': page }, undefined, 999)).toBe('');
  });
});
