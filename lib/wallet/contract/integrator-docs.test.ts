// docs/integrator-guide.md and the public reference say what the server does, and only what an
// integrator needs: every value of the guide's "Values" table is accepted or refused by the
// server's own schema as the table says (and the OpenAPI document accepts what the server does);
// neither the guide nor the document speaks of the service's configuration or source.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildOpenApiDocument } from '@/lib/wallet/contract/openapi';
import { walletOperationList, type WalletOperation } from '@/lib/wallet/contract/operations';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const guide = readFileSync(path.join(ROOT, 'docs/integrator-guide.md'), 'utf8');
const operations = walletOperationList as readonly WalletOperation[];
const doc = buildOpenApiDocument() as {
  paths: Record<string, Record<string, { parameters?: { name: string; schema: object }[] }>>;
};
const ajv = new Ajv2020({ strict: false, coerceTypes: true, validateFormats: false });

/** The operation a row means: the one its "(path)" names, else the first that takes the parameter. */
function operationFor(param: string, pathHint: string | undefined): WalletOperation {
  const op = operations.find(
    (o) => param in o.params.shape && (pathHint === undefined || o.path.endsWith(`/${pathHint}`)),
  );
  expect(op, `no operation takes ${param}${pathHint ? ` at ${pathHint}` : ''}`).toBeDefined();
  return op!;
}

function valuesTable(): { params: string[]; hint?: string; value: string; accepted: boolean }[] {
  const section = guide.slice(
    guide.indexOf('## Values'),
    guide.indexOf('\n## ', guide.indexOf('## Values') + 3),
  );
  const rows = section.split('\n').filter((l) => /^\| [a-zA-Z]/.test(l) && !l.startsWith('| parameter'));
  return rows.map((row) => {
    const [names, value, accepted] = row
      .split('|')
      .slice(1, 4)
      .map((c) => c.trim());
    const hint = /\(([^)]+)\)/.exec(names!)?.[1];
    const params = names!
      .replace(/\(.*\)/, '')
      .split(',')
      .map((p) => p.trim());
    expect(value, row).toMatch(/^`.*`$/);
    expect(['yes', 'no'], row).toContain(accepted);
    return { params, hint, value: value!.slice(1, -1), accepted: accepted === 'yes' };
  });
}

describe('docs/integrator-guide.md', () => {
  it('"Values": every example is accepted or refused by the server as the table says', () => {
    const rows = valuesTable();
    expect(rows.length).toBeGreaterThanOrEqual(25);
    for (const { params, hint, value, accepted } of rows) {
      for (const param of params) {
        const op = operationFor(param, hint);
        const schema = (op.params.shape as Record<string, z.ZodType>)[param]!;
        expect(schema.safeParse(value).success, `${op.name}.${param} = ${value}`).toBe(accepted);
        if (accepted) {
          const parameter = doc.paths[op.path]![op.method.toLowerCase()]!.parameters!.find(
            (p) => p.name === param,
          )!;
          const check = ajv.compile({ type: 'object', properties: { v: parameter.schema } });
          expect(check({ v: value }), `the document on ${op.name}.${param} = ${value}`).toBe(true);
        }
      }
    }
    expect(rows.some((r) => r.value === 'Smith Jr.' && !r.accepted)).toBe(true);
  });

  it('has the signature test vectors the service signs with', async () => {
    const { signRequest } = await import('@/lib/wallet/contract/signature');
    const first = signRequest('test-secret', 'POST', '/wallet/api/agency/assetList', [
      ['agencyCode', 'AG001'],
      ['appId', 'app-1'],
      ['nonce', 'abcdefghijklmnop'],
      ['timestamp', '1767225600000'],
    ]);
    expect(guide).toContain(first);
  });

  it('links only to files that exist', () => {
    for (const [, target] of guide.matchAll(/\]\(([^)#]+)(#[^)]*)?\)/g)) {
      if (/^https?:/.test(target!)) continue;
      expect(existsSync(path.join(ROOT, 'docs', target!)), target).toBe(true);
    }
  });
});

describe('what an integrator reads holds no operator matter', () => {
  // Configuration variables, source paths and imports, commands and storage of the service.
  const OPERATOR =
    /\bWALLET_[A-Z_]+|@\/lib|\blib\/|\.tsx?\b|npm (run|start|test)|[Dd]rizzle|\b[Mm]igrations?\b|PGlite|DATABASE_URL|process\.env/;

  it('docs/integrator-guide.md', () => {
    expect(guide.match(OPERATOR)).toBeNull();
  });

  it('docs/api-reference.md', () => {
    expect(readFileSync(path.join(ROOT, 'docs/api-reference.md'), 'utf8').match(OPERATOR)).toBeNull();
  });

  it('the OpenAPI document (and so the reference rendered from it)', () => {
    expect(JSON.stringify(buildOpenApiDocument()).match(OPERATOR)).toBeNull();
  });
});
