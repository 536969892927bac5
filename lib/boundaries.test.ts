// The boundary between the two parts is enforced by ESLint (eslint.config.mjs); this proves the
// rule fires on a deliberate violation, so a config change cannot silently switch it off.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function importErrors(file: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, {
    filePath: path.join(root, file),
  });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the boundary between the wallet service and the back-office', () => {
  it.each([
    ['lib/backoffice/x.ts', '@/lib/wallet/service/card/apply-card'],
    ['lib/backoffice/x.ts', '@/lib/wallet/service/db/schema'],
    ['lib/backoffice/cards/x.ts', '../../wallet/service/db'],
    ['app/(backoffice)/x/page.tsx', '@/lib/wallet/service/app'],
    ['components/x.tsx', '@/lib/wallet/service/router'],
  ])(
    '%s may not import %s',
    async (file, specifier) => {
      const errors = await importErrors(file, specifier);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(`'${specifier}' import is restricted`);
      expect(errors[0]).toContain('The back-office never imports the wallet service or its schema');
    },
    60_000,
  );

  it('lets the back-office import the contract and the engine', async () => {
    expect(await importErrors('lib/backoffice/x.ts', '@/lib/wallet/contract/operations')).toEqual([]);
    expect(await importErrors('lib/backoffice/x.ts', '@/lib/db/client')).toEqual([]);
  }, 60_000);

  it('keeps the contract pure and the service ignorant of the back-office', async () => {
    expect(await importErrors('lib/wallet/contract/x.ts', '@/lib/wallet/service/db')).toHaveLength(1);
    expect(await importErrors('lib/wallet/contract/x.ts', '@/lib/backoffice/shared/format')).toHaveLength(1);
    expect(await importErrors('lib/wallet/contract/x.ts', '@/lib/db/open')).toHaveLength(1);
    expect(await importErrors('lib/wallet/service/x.ts', '@/lib/backoffice/db/schema')).toHaveLength(1);
    expect(await importErrors('lib/wallet/service/x.ts', '@/lib/wallet/contract/schemas')).toEqual([]);
  }, 60_000);
});
