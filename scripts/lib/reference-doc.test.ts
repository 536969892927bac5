// docs/api-reference.md cannot drift from the operations: it is exactly what `npm run docs:reference`
// renders from today's definitions (through the OpenAPI document), and it covers every operation.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { walletOperationList } from '@/lib/wallet/contract/operations';
import { REFERENCE_DOC_FILE, referenceDocText } from './reference-doc';

const onDisk = readFileSync(REFERENCE_DOC_FILE, 'utf8');

describe('docs/api-reference.md', () => {
  it('is what the operation definitions render today (else run `npm run docs:reference`)', async () => {
    const expected = referenceDocText();
    expect(onDisk === expected, 'docs/api-reference.md is stale: run `npm run docs:reference`').toBe(true);
  });

  it('has every operation with its parameters, result data and result codes', () => {
    for (const op of walletOperationList) {
      const start = onDisk.indexOf(`\n### ${op.name}\n`);
      expect(start, op.name).toBeGreaterThan(0);
      const section = onDisk.slice(start, onDisk.indexOf('\n### ', start + 1));
      expect(section, op.name).toContain(`\`${op.method} ${op.path}\``);
      for (const param of Object.keys(op.params.shape)) {
        if (['agencyCode', 'appId', 'timestamp', 'nonce', 'sign'].includes(param)) continue;
        expect(section, `${op.name}.${param}`).toMatch(new RegExp(`\\| \`${param}\` +\\|`));
      }
      expect(section, op.name).toContain('Result data');
      for (const code of op.codes)
        expect(section, `${op.name} ${code}`).toMatch(new RegExp(`\\| \`${code}\` +\\|`));
    }
  });
});
