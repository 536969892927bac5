// The public API reference (docs/integrator-guide.md "The reference"): one HTML page rendered on
// the server from the OpenAPI document the service serves, so it cannot say anything the document
// does not. Served unsigned at /wallet/api/reference, with no script at all, no resource from
// anywhere (the style is inline, allowed by its hash) and a Content-Security-Policy that allows
// nothing else; it reads offline and without JavaScript (<details> opens by itself).
import { createHash } from 'node:crypto';

type Json = Record<string, unknown>;
type Parameter = { name: string; required?: boolean; description?: string; schema?: Json; example?: unknown };
type Media = {
  schema?: Json;
  example?: unknown;
  examples?: Record<string, { summary?: string; value: unknown }>;
};
type Operation = Json & {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>;
  'x-result-codes'?: { code: number; status: number; meaning: string; advice?: string }[];
  'x-events'?: string[];
  'x-extension'?: boolean;
};

export const REFERENCE_PATH = '/wallet/api/reference';

const STYLE = [
  ':root{color-scheme:light dark;--fg:#1b1f24;--muted:#57606a;--line:#d0d7de;--code:#f3f4f6;--accent:#0b5cad}',
  '@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9da7b3;--line:#30363d;--code:#161b22;--accent:#58a6ff}}',
  'body{font:16px/1.5 system-ui,sans-serif;color:var(--fg);margin:0 auto;max-width:72rem;padding:1rem 1.5rem}',
  'a{color:var(--accent)}code,pre{font:0.875em/1.45 ui-monospace,SFMono-Regular,Menlo,monospace}',
  'code{background:var(--code);padding:0.1em 0.3em;border-radius:4px;overflow-wrap:anywhere}',
  'pre{background:var(--code);padding:0.75rem;border-radius:6px;overflow:auto;max-height:28rem}',
  'pre code{background:none;padding:0}',
  'table{border-collapse:collapse;width:100%;margin:0.5rem 0 1rem;font-size:0.9375rem}',
  'th,td{border:1px solid var(--line);padding:0.35rem 0.5rem;text-align:left;vertical-align:top}',
  'th{background:var(--code)}article{border-top:1px solid var(--line);padding-top:0.5rem;margin-top:1.5rem}',
  'h3 code{font-size:0.95em}.muted{color:var(--muted)}nav ul{padding-left:1.25rem}',
  'summary{cursor:pointer;font-weight:600}',
].join('\n');

/** The style's CSP source: the page allows exactly this inline style and nothing else. */
export const REFERENCE_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

export const REFERENCE_CSP = [
  "default-src 'none'",
  `style-src ${REFERENCE_STYLE_HASH}`,
  "img-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The document's prose: paragraphs at blank lines, `code` spans; everything else is text. */
function prose(text: string | undefined): string {
  if (!text) return '';
  return text
    .split(/\n\s*\n/)
    .map((para) => `<p>${inline(para.replace(/\n/g, ' '))}</p>`)
    .join('\n');
}

function inline(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

const anchor = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '-');

function json(value: unknown): string {
  return `<pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre>`;
}

/** A parameter's rule in a few words: its type, bounds, format, values or pattern. */
export function schemaSummary(schema: Json | undefined): string {
  if (!schema) return '';
  const parts: string[] = [];
  parts.push(String(schema.type ?? 'any'));
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) parts.push(`${String(min)}–${String(max)}${unit}`);
    else if (min !== undefined) parts.push(`at least ${String(min)}${unit}`);
    else if (max !== undefined) parts.push(`at most ${String(max)}${unit}`);
  };
  range(schema.minimum, schema.maximum, '');
  range(schema.minLength, schema.maxLength, ' characters');
  if (schema.format) parts.push(`format ${String(schema.format)}`);
  if (Array.isArray(schema.enum)) {
    parts.push(
      schema.enum.length <= 12
        ? `one of ${schema.enum.map(String).join(', ')}`
        : `one of ${schema.enum.length} values (${schema.enum.slice(0, 3).map(String).join(', ')}, …)`,
    );
  }
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  const text = escapeHtml(parts.join(', '));
  return typeof schema.pattern === 'string'
    ? `${text}<br>pattern <code>${escapeHtml(schema.pattern)}</code>`
    : text;
}

function renderOperation(path: string, method: string, op: Operation): string {
  const out: string[] = [];
  out.push(`<article id="${anchor(op.operationId)}">`);
  out.push(
    `<h3><code>${method.toUpperCase()}</code> <code>${escapeHtml(path)}</code> <span class="muted">${escapeHtml(op.operationId)}</span></h3>`,
  );
  out.push(`<p><strong>${inline(op.summary ?? '')}</strong></p>`);
  out.push(prose(op.description));
  const params = op.parameters ?? [];
  out.push('<h4>Parameters</h4>');
  if (params.length === 0) {
    out.push('<p>None besides the signature.</p>');
  } else {
    out.push(
      '<table><thead><tr><th>name</th><th>required</th><th>rule</th><th>meaning</th><th>example</th></tr></thead><tbody>',
    );
    for (const p of params) {
      out.push(
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.required ? 'yes' : 'no'}</td><td>${schemaSummary(p.schema)}</td><td>${inline(p.description ?? '')}</td><td>${p.example === undefined ? '' : `<code>${escapeHtml(String(p.example))}</code>`}</td></tr>`,
      );
    }
    out.push('</tbody></table>');
  }
  const codes = op['x-result-codes'] ?? [];
  if (codes.length > 0) {
    out.push(
      '<h4>Result codes</h4><table><thead><tr><th>code</th><th>HTTP</th><th>meaning</th><th>what to do</th></tr></thead><tbody>',
    );
    for (const c of codes) {
      out.push(
        `<tr><td><code>${c.code}</code></td><td>${c.status}</td><td>${inline(c.meaning)}</td><td>${inline(c.advice ?? '')}</td></tr>`,
      );
    }
    out.push('</tbody></table>');
  }
  const media = op.responses?.['200']?.content?.['application/json'];
  const examples = Object.entries(media?.examples ?? {});
  const success = examples.find(([name]) => name === 'success');
  if (success) out.push('<h4>Reply on success</h4>', json(success[1].value));
  const failures = examples.filter(([name]) => name !== 'success');
  if (failures.length > 0) {
    out.push('<details><summary>Replies on failure</summary>');
    for (const [, example] of failures) {
      out.push(`<p>${inline(example.summary ?? '')}</p>`, json(example.value));
    }
    out.push('</details>');
  }
  const events = op['x-events'] ?? [];
  if (events.length > 0) {
    out.push(
      `<p>Events written on success: ${events.map((e) => `<a href="#event-${anchor(e)}"><code>${escapeHtml(e)}</code></a>`).join(', ')}.</p>`,
    );
  }
  out.push('</article>');
  return out.join('\n');
}

/** The reference page of an OpenAPI document as this service builds it. */
export function renderReferencePage(doc: Json): string {
  const info = (doc.info ?? {}) as { title?: string; version?: string; description?: string };
  const tags = (doc.tags ?? []) as { name: string; description?: string }[];
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Operation>>;
  const webhooks = (doc.webhooks ?? {}) as Record<
    string,
    Record<string, Operation & { requestBody?: { content?: Record<string, Media> } }>
  >;
  const schemes = ((doc.components as Json | undefined)?.securitySchemes ?? {}) as Record<
    string,
    { name?: string; description?: string }
  >;
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );
  const title = `${info.title ?? 'API'} ${info.version ?? ''} reference`.trim();

  const nav: string[] = ['<nav aria-label="Contents"><h2>Contents</h2><ul>'];
  nav.push('<li><a href="#overview">Overview and signing</a></li>');
  for (const tag of tags) {
    nav.push(`<li><a href="#tag-${anchor(tag.name)}">${escapeHtml(tag.name)}</a><ul>`);
    for (const { path, method, op } of operations.filter((o) => o.op.tags?.includes(tag.name))) {
      nav.push(
        `<li><a href="#${anchor(op.operationId)}"><code>${method.toUpperCase()} ${escapeHtml(path)}</code></a></li>`,
      );
    }
    nav.push('</ul></li>');
  }
  nav.push('<li><a href="#events">Events (webhooks)</a></li></ul></nav>');

  const main: string[] = ['<main>'];
  main.push('<section id="overview"><h2>Overview and signing</h2>', prose(info.description));
  main.push(
    "<h3>The signature's parameters</h3><table><thead><tr><th>query parameter</th><th>rule</th></tr></thead><tbody>",
  );
  for (const [, scheme] of Object.entries(schemes)) {
    main.push(
      `<tr><td><code>${escapeHtml(scheme.name ?? '')}</code></td><td>${inline(scheme.description ?? '')}</td></tr>`,
    );
  }
  main.push('</tbody></table></section>');
  for (const tag of tags) {
    main.push(
      `<section id="tag-${anchor(tag.name)}"><h2>${escapeHtml(tag.name)}</h2>`,
      prose(tag.description),
    );
    for (const { path, method, op } of operations.filter((o) => o.op.tags?.includes(tag.name))) {
      main.push(renderOperation(path, method, op));
    }
    main.push('</section>');
  }
  main.push('<section id="events"><h2>Events (webhooks)</h2>');
  // The events share one description (shown once); the decision request has its own, and an answer.
  let described: string | undefined;
  for (const [type, item] of Object.entries(webhooks)) {
    const post = item.post;
    if (!post) continue;
    main.push(`<article id="event-${anchor(type)}"><h3><code>${escapeHtml(type)}</code></h3>`);
    main.push(`<p><strong>${inline(post.summary ?? '')}</strong></p>`);
    if (post.description !== described) main.push(prose(post.description));
    described = post.description;
    const example = post.requestBody?.content?.['application/json']?.example;
    if (example !== undefined) main.push('<h4>Body</h4>', json(example));
    const answers = post.responses?.['200']?.content?.['application/json']?.examples ?? {};
    for (const [name, { value }] of Object.entries(answers)) {
      main.push(`<h4>Answer: ${escapeHtml(name)}</h4>`, json(value));
    }
    main.push('</article>');
  }
  main.push('</section></main>');

  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<header><h1>${escapeHtml(title)}</h1><p>Rendered from the OpenAPI document this service serves: <a href="/wallet/api/openapi.json">/wallet/api/openapi.json</a>.</p></header>`,
    ...nav,
    ...main,
    '</body>',
    '</html>',
  ].join('\n');
}
