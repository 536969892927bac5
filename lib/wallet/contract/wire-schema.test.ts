import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { walletOperationList, type WalletOperation } from '@/lib/wallet/contract/operations';
import { boundedInt, booleanParam, positiveIdParam, text } from '@/lib/wallet/contract/schemas';
import { undeclaredRefinements, wireSchemaOf, withWireForm } from '@/lib/wallet/contract/wire-schema';

describe('wireSchemaOf', () => {
  it('renders a typed value a string merely spells as its type, with the bounds of the pipe', () => {
    expect(wireSchemaOf(boundedInt(1, 100).default(20)).schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 20,
    });
    expect(wireSchemaOf(positiveIdParam).schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 2147483647,
    });
    expect(wireSchemaOf(booleanParam.optional())).toEqual({ schema: { type: 'boolean' }, example: false });
  });

  it('takes the tighter bound of a pipe of strings, and keeps the declared pattern', () => {
    const q = wireSchemaOf(text(64).pipe(z.string().min(2, 'must be 2-64 characters')));
    expect(q.schema).toMatchObject({ type: 'string', minLength: 2, maxLength: 64 });
    expect(typeof q.schema.pattern).toBe('string');
  });

  it('uses a declared form as it is, and splits off its example and what JSON Schema cannot say', () => {
    const even = withWireForm(
      z.string().refine((v) => Number(v) % 2 === 0, 'must be even'),
      { type: 'string', pattern: '^\\d*[02468]$', example: '42', inexpressible: 'must be even' },
    );
    expect(wireSchemaOf(even.optional())).toEqual({
      schema: { type: 'string', pattern: '^\\d*[02468]$' },
      example: '42',
      inexpressible: 'must be even',
    });
  });
});

describe('undeclaredRefinements', () => {
  it('finds a refinement no building block states in JSON Schema', () => {
    expect(undeclaredRefinements(z.string().refine((v) => v !== 'x'))).toEqual(['$']);
    expect(
      undeclaredRefinements(
        z
          .string()
          .refine((v) => v !== 'x')
          .optional(),
      ),
    ).toEqual(['$.inner']);
    expect(undeclaredRefinements(text(10))).toEqual([]);
  });

  // Every parameter of every operation: a rule the server checks with a function is stated in the
  // document as far as JSON Schema can (schemas.ts, withWireForm), so the document cannot be
  // looser than the server without a test failing here.
  it('finds none in any operation of the catalogue', () => {
    const undeclared: string[] = [];
    for (const op of walletOperationList as readonly WalletOperation[]) {
      for (const [name, schema] of Object.entries(op.params.shape as Record<string, z.ZodType>)) {
        for (const at of undeclaredRefinements(schema)) undeclared.push(`${op.name}.${name} ${at}`);
      }
    }
    expect(undeclared).toEqual([]);
  });
});
