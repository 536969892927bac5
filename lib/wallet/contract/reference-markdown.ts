// The per-operation reference as Markdown (docs/api-reference.md), rendered from the OpenAPI
// document the service serves (openapi.ts), which is derived from the operation definitions: every
// parameter with its rule, the result data's fields, the result codes with their meaning. The same
// source as the served reference page (lib/wallet/service/http/reference-page.ts), so the two
// cannot disagree; `npm run docs:reference` writes the file and a unit test fails when it is stale
// (docs/testing.md "What integrators are given").

type Json = Record<string, unknown>;
type Schema = Json & {
  type?: string | string[];
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  additionalProperties?: boolean | Schema;
};
type Parameter = {
  name: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
  example?: unknown;
};
type Operation = {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  'x-result-codes'?: { code: number; status: number; meaning: string; advice?: string }[];
  'x-events'?: string[];
  'x-extension'?: boolean;
};

/** Where the generated file lives, from the repository's root. */
export const REFERENCE_MARKDOWN_PATH = 'docs/api-reference.md';

/** A table cell: one line, pipes escaped. */
const cell = (text: string) => text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').trim();

/** Inline code that holds any text (backticks in it get a longer fence). */
function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** GitHub's heading anchor of `text`. */
export function headingAnchor(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** A parameter's rule in a few words: its type, bounds, format, values, pattern, default. */
export function ruleSummary(schema: Schema | undefined): string {
  if (!schema) return '';
  const parts: string[] = [String(schema.type ?? 'any')];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) parts.push(`${String(min)}–${String(max)}${unit}`);
    else if (min !== undefined) parts.push(`at least ${String(min)}${unit}`);
    else if (max !== undefined) parts.push(`at most ${String(max)}${unit}`);
  };
  range(schema.minimum, schema.maximum, '');
  range(schema.minLength, schema.maxLength, ' characters');
  if (schema.format) parts.push(`format ${String(schema.format)}`);
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.map((v) => code(String(v))).join(', ')}`);
  if (typeof schema.pattern === 'string') parts.push(`pattern ${code(schema.pattern)}`);
  if (schema.default !== undefined) parts.push(`default ${code(JSON.stringify(schema.default))}`);
  return parts.join(', ');
}

type Field = { path: string; type: string; always: boolean; description: string };

/** The fields of a result schema, dotted paths (`[]` for an array's items), $refs followed. */
function fieldsOf(doc: Json, schema: Schema, prefix: string, seen: readonly string[]): Field[] {
  const out: Field[] = [];
  const props = resolve(doc, schema).properties ?? {};
  const required = new Set(resolve(doc, schema).required ?? []);
  for (const [name, raw] of Object.entries(props)) {
    const path = `${prefix}.${name}`;
    out.push({
      path,
      type: typeOf(doc, raw),
      always: required.has(name),
      description: raw.description ?? resolve(doc, raw).description ?? '',
    });
    out.push(...nested(doc, raw, path, seen));
  }
  return out;
}

/** The fields inside an object or an array of objects (each $ref once per branch: no cycles). */
function nested(doc: Json, raw: Schema, path: string, seen: readonly string[]): Field[] {
  const ref = raw.$ref ?? raw.items?.$ref;
  if (ref && seen.includes(ref)) return [];
  const next = ref ? [...seen, ref] : seen;
  const schema = resolve(doc, raw);
  if (schema.properties) return fieldsOf(doc, schema, path, next);
  const items = schema.items ? resolve(doc, schema.items) : undefined;
  if (items?.properties) return fieldsOf(doc, items, `${path}[]`, next);
  const variants = (schema.anyOf ?? schema.oneOf ?? []).map((v) => resolve(doc, v));
  const object = variants.find((v) => v.properties);
  if (object) return fieldsOf(doc, object, path, next);
  return [];
}

function resolve(doc: Json, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const found = ((doc.components as Json | undefined)?.schemas as Record<string, Schema> | undefined)?.[name];
  if (!found) throw new Error(`unresolved ${schema.$ref}`);
  return { ...found, ...(schema.description ? { description: schema.description } : {}) };
}

/** A field's type in words: `string`, `integer or null`, `array of CardRecord`, one of its values. */
function typeOf(doc: Json, raw: Schema): string {
  if (raw.$ref) return `object (${raw.$ref.replace('#/components/schemas/', '')})`;
  const variants = raw.anyOf ?? raw.oneOf;
  if (variants) return [...new Set(variants.map((v) => typeOf(doc, v)))].join(' or ');
  if (raw.const !== undefined) return `${code(JSON.stringify(raw.const))}`;
  const type = Array.isArray(raw.type) ? raw.type.join(' or ') : (raw.type ?? 'any');
  if (type === 'array' && raw.items) return `array of ${typeOf(doc, raw.items)}`;
  if (Array.isArray(raw.enum)) return `${type}, one of ${raw.enum.map((v) => code(String(v))).join(', ')}`;
  if (type === 'object' && raw.additionalProperties && typeof raw.additionalProperties === 'object') {
    return `object of ${typeOf(doc, raw.additionalProperties)}`;
  }
  return type;
}

/** A Markdown table with its columns padded to one width, as Prettier would lay it out. */
function table(head: string[], rows: string[][]): string[] {
  const cells = [head, ...rows.map((r) => r.map(cell))];
  const widths = head.map((_, i) => Math.max(3, ...cells.map((r) => [...(r[i] ?? '')].length)));
  const line = (r: string[]) =>
    `| ${r.map((c, i) => c + ' '.repeat(widths[i]! - [...c].length)).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...cells.slice(1).map(line)];
}

/** The success reply's `data` schema, if the operation answers one. */
function dataSchema(op: Operation): Schema | undefined {
  const schema = op.responses?.['200']?.content?.['application/json']?.schema;
  const success = (schema?.oneOf ?? [schema]).find((s) => s?.properties?.code?.const === 0);
  return success?.properties?.data;
}

function renderOperation(doc: Json, path: string, method: string, op: Operation): string[] {
  const out: string[] = [];
  out.push(`### ${op.operationId}`, '');
  out.push(`${code(`${method.toUpperCase()} ${path}`)}: ${op.summary ?? ''}`, '');
  // The description's prose, without the paragraph that lists the codes (the table below has them)
  // nor the one every operation repeats about the query string.
  for (const para of (op.description ?? '').split(/\n\s*\n/)) {
    const text = para.replace(/\n/g, ' ').trim();
    if (
      text === '' ||
      text.startsWith('Result codes (x-result-codes)') ||
      text.startsWith('All parameters travel')
    )
      continue;
    out.push(text, '');
  }
  const params = op.parameters ?? [];
  out.push('Parameters (besides the signature):', '');
  if (params.length === 0) out.push('None.', '');
  else {
    out.push(
      ...table(
        ['name', 'required', 'rule', 'meaning', 'example'],
        params.map((p) => [
          code(p.name),
          p.required ? 'yes' : 'no',
          ruleSummary(p.schema),
          p.description ?? '',
          p.example === undefined ? '' : code(String(p.example)),
        ]),
      ),
      '',
    );
  }
  const data = dataSchema(op);
  out.push('Result data (`data` when `code` is 0):', '');
  const fields = data ? fieldsOf(doc, data, 'data', []) : [];
  if (!data) out.push('None.', '');
  else if (fields.length === 0) out.push(`${typeOf(doc, data)}.`, '');
  else {
    // The meaning column only where the document describes some field.
    const described = fields.some((f) => f.description !== '');
    out.push(
      ...table(
        ['field', 'type', 'always', ...(described ? ['meaning'] : [])],
        fields.map((f) => [
          code(f.path),
          f.type,
          f.always ? 'yes' : 'no',
          ...(described ? [f.description] : []),
        ]),
      ),
      '',
    );
  }
  const codes = op['x-result-codes'] ?? [];
  out.push('Result codes:', '');
  out.push(
    ...table(
      ['code', 'HTTP', 'meaning', 'what to do'],
      codes.map((c) => [code(String(c.code)), String(c.status), c.meaning, c.advice ?? '']),
    ),
    '',
  );
  const events = op['x-events'] ?? [];
  if (events.length > 0) out.push(`Events written on success: ${events.map(code).join(', ')}.`, '');
  return out;
}

/** The Markdown reference of an OpenAPI document as this service builds it. */
export function renderReferenceMarkdown(doc: Json): string {
  const info = (doc.info ?? {}) as { title?: string; version?: string };
  const tags = (doc.tags ?? []) as { name: string; description?: string }[];
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  const webhooks = (doc.webhooks ?? {}) as Record<string, Record<string, Operation>>;
  const schemes = ((doc.components as Json | undefined)?.securitySchemes ?? {}) as Record<
    string,
    { name?: string; description?: string }
  >;
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  const out: string[] = [];
  out.push(`# ${info.title ?? 'API'} ${info.version ?? ''}: the operations`.replace(/ +:/, ':'), '');
  out.push(
    '<!-- Generated from the OpenAPI document the service serves (built from the operation definitions). Do not edit: regenerate it. -->',
    '',
  );
  out.push(
    'Every operation: its parameters with their rules, the fields of its result, its result codes with',
    'their meaning and what to do. The same as the reference the service serves at',
    '`/wallet/api/reference` and the OpenAPI document at `/wallet/api/openapi.json`, from which this',
    'page is generated; how to sign, page, retry and read a reply is in the',
    "[integrator's guide](integrator-guide.md).",
    '',
  );
  out.push('## Contents', '');
  out.push('- [The signature (every operation)](#the-signature-every-operation)');
  for (const tag of tags) {
    out.push(`- [${tag.name}](#${headingAnchor(tag.name)})`);
    for (const { op } of operations.filter((o) => o.op.tags?.includes(tag.name))) {
      out.push(`  - [${op.operationId}](#${headingAnchor(op.operationId)})`);
    }
  }
  out.push('- [Events (webhooks)](#events-webhooks)', '');
  out.push('## The signature (every operation)', '');
  out.push(
    ...table(
      ['query parameter', 'rule'],
      Object.values(schemes).map((s) => [code(s.name ?? ''), s.description ?? '']),
    ),
    '',
  );
  for (const tag of tags) {
    out.push(`## ${tag.name}`, '');
    if (tag.description) out.push(tag.description.replace(/\n/g, ' '), '');
    for (const { path, method, op } of operations.filter((o) => o.op.tags?.includes(tag.name))) {
      out.push(...renderOperation(doc, path, method, op));
    }
  }
  out.push(...renderWebhooks(doc, webhooks));
  return `${out.join('\n').trimEnd()}\n`;
}

type Webhook = Operation & {
  parameters?: (Parameter & { in?: string })[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<
    string,
    { content?: Record<string, { schema?: Schema; examples?: Record<string, { value: unknown }> }> }
  >;
};

/**
 * What the service POSTs to the app: the events (one table, then each type's `data` fields), and
 * the webhooks that wait for an answer (the agency's decision): their headers, body and answer.
 */
function renderWebhooks(doc: Json, all: Record<string, Record<string, Operation>>): string[] {
  const entries = Object.entries(all).flatMap(([type, item]) =>
    item.post ? [[type, item.post as Webhook] as const] : [],
  );
  const answered = (w: Webhook) => w.responses?.['200']?.content !== undefined;
  const events = entries.filter(([, w]) => !answered(w));
  const out: string[] = ['## Events (webhooks)', ''];
  const intro = events[0]?.[1].description;
  if (intro) out.push(intro.replace(/\n/g, ' '), '');
  out.push(
    ...table(
      ['event type', 'meaning'],
      events.map(([type, w]) => [code(type), w.summary ?? '']),
    ),
    '',
  );
  for (const [type, w] of events) {
    const body = w.requestBody?.content?.['application/json']?.schema;
    const data = body?.properties?.data;
    out.push(`### ${type}`, '', w.summary ?? '', '');
    const fields = data ? fieldsOf(doc, data, 'data', []) : [];
    if (fields.length === 0) out.push(`\`data\`: ${data ? typeOf(doc, data) : 'none'}.`, '');
    else
      out.push(
        ...table(
          ['field', 'type', 'always'],
          fields.map((f) => [code(f.path), f.type, f.always ? 'yes' : 'no']),
        ),
        '',
      );
  }
  for (const [name, w] of entries.filter(([, w]) => answered(w))) {
    out.push(`### ${name}`, '', w.summary ?? '', '');
    for (const para of (w.description ?? '').split(/\n\s*\n/)) out.push(para.replace(/\n/g, ' ').trim(), '');
    out.push('Headers:', '');
    out.push(
      ...table(
        ['header', 'always', 'meaning'],
        (w.parameters ?? []).map((p) => [code(p.name), p.required ? 'yes' : 'no', p.description ?? '']),
      ),
      '',
    );
    const body = w.requestBody?.content?.['application/json']?.schema;
    out.push('Body (JSON):', '');
    if (body) out.push(...fieldTable(doc, body, 'body'), '');
    const answer = w.responses?.['200']?.content?.['application/json'];
    out.push('Answer (JSON, with a 2xx status):', '');
    if (answer?.schema) out.push(...fieldTable(doc, answer.schema, 'answer'), '');
    for (const [example, { value }] of Object.entries(answer?.examples ?? {})) {
      out.push(`- ${example}: ${code(JSON.stringify(value))}`);
    }
    out.push('');
  }
  return out;
}

/** A schema's fields as a table, with the meaning column where the schema describes one. */
function fieldTable(doc: Json, schema: Schema, prefix: string): string[] {
  const fields = fieldsOf(doc, schema, prefix, []);
  return table(
    ['field', 'type', 'always', 'meaning'],
    fields.map((f) => [code(f.path), f.type, f.always ? 'yes' : 'no', f.description]),
  );
}
