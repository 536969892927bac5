// A query parameter's JSON Schema as it travels (docs/wallet-api.md "Parameters on the wire"): what
// the OpenAPI document says of it, derived from the zod schema the service validates it with. A
// zod refinement is a function no generator can read, so the building block that carries one
// (schemas.ts: dates, URLs, amounts, names, countries...) states here, once, the JSON Schema
// keywords that express it as far as JSON Schema can (a pattern, a format, an enum, bounds) and
// an example; everything else is converted from the zod definition. Pure, zod only.
import { z } from 'zod';

/** JSON Schema keywords (draft 2020-12, as OpenAPI 3.1 uses them). */
export type JsonSchema = Record<string, unknown>;

/**
 * A building block's wire form: JSON Schema keywords, `example` (a value the server accepts) and
 * `rule` (what JSON Schema cannot say, in the contract's wording, e.g. "must not be in the
 * future"; kept for the description).
 */
export type WireForm = JsonSchema & { example?: unknown; inexpressible?: string };

const forms = new WeakMap<z.core.$ZodType, WireForm>();

/**
 * Declares `schema`'s wire form (the keywords its refinements amount to, and an example) and
 * returns the schema unchanged, to be exported as the building block.
 */
export function withWireForm<T extends z.core.$ZodType>(schema: T, form: WireForm): T {
  forms.set(schema, form);
  return schema;
}

type Def = {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
  options?: readonly z.core.$ZodType[];
  defaultValue?: unknown;
};

const TYPED = new Set(['integer', 'number', 'boolean']);

/** Of a union's renderings, the one a query parameter is: the typed one when a string merely spells it. */
function collapse(branches: JsonSchema[]): JsonSchema {
  if (branches.length === 1) return branches[0]!;
  const typed = branches.filter((b) => TYPED.has(String(b.type)));
  const strings = branches.filter((b) => b.type === 'string');
  if (typed.length === 1 && typed.length + strings.length === branches.length) return typed[0]!;
  if (strings.length === branches.length) {
    const enums = strings.flatMap((s) => (Array.isArray(s.enum) ? (s.enum as unknown[]) : []));
    if (strings.every((s) => Array.isArray(s.enum))) return { type: 'string', enum: enums };
  }
  return { anyOf: branches };
}

const TIGHTER_MIN = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems'];
const TIGHTER_MAX = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems'];

/** A pipe's input and output renderings as one: the typed one's type, the tighter of each bound. */
function merge(a: JsonSchema, b: JsonSchema): JsonSchema {
  if (Object.keys(b).length === 0) return a;
  if (Object.keys(a).length === 0) return b;
  const [base, other] = TYPED.has(String(b.type)) && !TYPED.has(String(a.type)) ? [b, a] : [a, b];
  const out: JsonSchema = { ...base };
  const sameType =
    other.type === base.type || (TYPED.has(String(other.type)) && TYPED.has(String(base.type)));
  if (!sameType) return out;
  if (base.type === 'number' && other.type === 'integer') out.type = 'integer';
  for (const key of TIGHTER_MIN) {
    if (typeof other[key] === 'number') {
      out[key] = typeof out[key] === 'number' ? Math.max(out[key], other[key]) : other[key];
    }
  }
  for (const key of TIGHTER_MAX) {
    if (typeof other[key] === 'number') {
      out[key] = typeof out[key] === 'number' ? Math.min(out[key], other[key]) : other[key];
    }
  }
  for (const key of ['pattern', 'format', 'enum']) {
    if (other[key] === undefined || out[key] === other[key]) continue;
    if (out[key] === undefined) out[key] = other[key];
    else if (key === 'pattern') out.allOf = [...((out.allOf as JsonSchema[]) ?? []), { pattern: other[key] }];
  }
  return out;
}

/** zod's own rendering of a schema without a declared form, minus its noise. */
function rendered(schema: z.core.$ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  if (json.minimum === Number.MIN_SAFE_INTEGER) delete json.minimum;
  if (json.maximum === Number.MAX_SAFE_INTEGER) delete json.maximum;
  return json;
}

function convert(schema: z.core.$ZodType): WireForm {
  const declared = forms.get(schema);
  if (declared) return { ...declared };
  const def = schema._zod.def as unknown as Def;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'prefault':
      return convert(def.innerType!);
    case 'default': {
      const inner = convert(def.innerType!);
      const fallback = def.defaultValue;
      if (fallback !== undefined && typeof fallback !== 'function') inner.default = fallback;
      return inner;
    }
    case 'pipe': {
      const out = def.out!._zod.def.type === 'transform' ? {} : convert(def.out!);
      const into = convert(def.in!);
      const example = into.example ?? out.example;
      const merged: WireForm = merge(into, out);
      if (example !== undefined) merged.example = example;
      return merged;
    }
    case 'union':
      return collapse((def.options ?? []).map(convert));
    case 'transform':
      return {};
    default:
      return rendered(schema);
  }
}

/**
 * The JSON Schema of a query parameter as sent (a typed value a string merely spells, e.g.
 * pageSize, is its type with its bounds), with `example` and `inexpressible` split off.
 */
export function wireSchemaOf(schema: z.core.$ZodType): {
  schema: JsonSchema;
  example?: unknown;
  inexpressible?: string;
} {
  const { example, inexpressible, ...json } = convert(schema);
  return {
    schema: json,
    ...(example !== undefined ? { example } : {}),
    ...(inexpressible !== undefined ? { inexpressible: String(inexpressible) } : {}),
  };
}

/**
 * The refinements under `schema` that no declared wire form covers, as paths ("in", "options.1",
 * ...): a zod `.refine` is a function, so unless the building block states what it amounts to
 * (withWireForm), the document would be looser than the server there.
 */
export function undeclaredRefinements(schema: z.core.$ZodType, at = '$'): string[] {
  if (forms.has(schema)) return [];
  const def = schema._zod.def as unknown as Def & { checks?: { _zod: { def: { check: string } } }[] };
  const found = (def.checks ?? []).some((c) => c._zod.def.check === 'custom') ? [at] : [];
  const children: [string, z.core.$ZodType | undefined][] = [
    ['inner', def.innerType],
    ['in', def.in],
    ['out', def.out],
    ...(def.options ?? []).map((o, i): [string, z.core.$ZodType] => [`options.${i}`, o]),
  ];
  for (const [key, child] of children) {
    if (child) found.push(...undeclaredRefinements(child, `${at}.${key}`));
  }
  return found;
}
