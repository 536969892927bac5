// The public API reference (docs/integrator-guide.md "The reference") over HTTP: served by the
// wallet service itself without a signature or a sign-in, rendered from the OpenAPI document it
// serves (every operation, parameter, result code and event), and under a Content-Security-Policy
// that allows no script and nothing from elsewhere: only its own inline style, by hash.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_API_VERSION } from '@/lib/wallet/contract/api-version';
import { walletOperationList, type WalletOperation } from '@/lib/wallet/contract/operations';
import { EVENT_TYPES } from '@/lib/wallet/contract/schemas';
import { createTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

let db: TestDatabase;
let server: WalletTestServer;
let page: Response;
let html: string;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
  page = await fetch(`${server.baseUrl}/wallet/api/reference`);
  html = await page.text();
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const decode = (text: string) => text.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));

describe('GET /wallet/api/reference', () => {
  it('answers HTML to anyone, without a signature, with the API version', () => {
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('wallet-api-version')).toBe(WALLET_API_VERSION);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(`<title>Wallet API ${WALLET_API_VERSION} reference</title>`);
  });

  it('allows no script and nothing from elsewhere: its inline style only, by hash', () => {
    const csp = page.headers.get('content-security-policy')!;
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values];
      }),
    );
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toBeUndefined();
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    const hash = createHash('sha256').update(styles[0]!).digest('base64');
    expect(directives['style-src']).toEqual([`'sha256-${hash}'`]);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\sstyle=|\son[a-z]+=/i);
    expect(html).not.toMatch(/\s(src|srcset)=/i);
    // The only links are to the page itself and the document beside it.
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(30);
    for (const href of hrefs)
      expect(href === '/wallet/api/openapi.json' || href.startsWith('#'), href).toBe(true);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('renders every operation with its parameters and result codes, and every event', async () => {
    const doc = (await (await fetch(`${server.baseUrl}/wallet/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { 'x-result-codes': { code: number }[]; parameters?: { name: string }[] }>
      >;
    };
    const text = decode(html);
    for (const op of walletOperationList as readonly WalletOperation[]) {
      const start = html.indexOf(`<article id="${op.name}">`);
      expect(start, op.name).toBeGreaterThan(0);
      const article = decode(html.slice(start, html.indexOf('</article>', start)));
      expect(article).toContain(`<code>${op.method}</code> <code>${op.path}</code>`);
      const operation = doc.paths[op.path]![op.method.toLowerCase()]!;
      for (const p of operation.parameters ?? [])
        expect(article, `${op.name}.${p.name}`).toContain(`<code>${p.name}</code>`);
      for (const { code } of operation['x-result-codes']) {
        expect(article, `${op.name} ${code}`).toContain(`<td><code>${code}</code></td>`);
      }
      expect(article).toContain('Reply on success');
    }
    for (const type of EVENT_TYPES) expect(html).toContain(`<article id="event-${type.replace('.', '-')}">`);
    expect(text).toContain('HMAC-SHA256');
  });

  it("documents the agency's decision request: its body, its headers and the answers that approve and decline", () => {
    const start = html.indexOf('<article id="event-decision">');
    expect(start).toBeGreaterThan(0);
    const article = decode(html.slice(start, html.indexOf('</article>', start)));
    for (const words of [
      'Wallet-Timestamp',
      'Wallet-Signature-Previous',
      '"availableBalance"',
      'Answer: approve',
      '"approved": true',
      'Answer: decline',
      'AGENCY_DECLINED',
      'agencyReason',
    ])
      expect(article, words).toContain(words);
  });

  it('states the rules the server holds: pageSize 1–100, q at least 2 characters', () => {
    const list = html.slice(html.indexOf('<article id="cardListAllByUser">'));
    expect(list).toMatch(/<td><code>pageSize<\/code><\/td><td>no<\/td><td>integer, 1–100, default 20<\/td>/);
    const search = html.slice(html.indexOf('<article id="userSearch">'));
    expect(search).toMatch(/<td><code>q<\/code><\/td><td>yes<\/td><td>string, 2–64 characters/);
  });

  it('answers GET only (405 with Allow: GET otherwise)', async () => {
    const r = await fetch(`${server.baseUrl}/wallet/api/reference`, { method: 'POST' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET');
  });
});
