// The back-office side: signing in over HTTP (next-auth's credentials flow), the server time of
// signed-in pages under load, and the JavaScript each route sends on a first load, measured in
// headless Chromium from what actually crosses the wire.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { signIn } from '../../tests/helpers/backoffice-http';
import { measure, type LoadResult } from './load';

export { signIn };

/** Issue 13: at most 180 kB (gzip, kB = 1,000 bytes) of first-load JavaScript on every route. */
export const FIRST_LOAD_JS_BUDGET = 180_000;

export const BACKOFFICE_ROUTES = [
  '/login',
  '/',
  '/users',
  '/users/new',
  '/cards',
  '/cards/issue',
  '/staff',
  '/audit',
  '/search',
  '/account',
  '/developers',
  '/developers/api',
  '/approvals',
  '/settings',
  // Card spending (issue 28): the transactions across cards, the sandbox's simulator, compliance.
  '/transactions',
  '/sandbox',
  '/sandbox/deposits',
  '/compliance',
  // Disputes (issue 43).
  '/disputes',
];

/** HTTP status of a signed-in GET (no redirects followed): 200, 404 (absent), 3xx... */
export async function routeStatus(baseUrl: string, route: string, cookie?: string): Promise<number> {
  const response = await fetch(`${baseUrl}${route}`, {
    redirect: 'manual',
    headers: cookie ? { Cookie: cookie } : {},
  });
  await response.arrayBuffer();
  return response.status;
}

/** Server time of a page: full responses (the streamed body included) at the given concurrency. */
export async function measurePage(options: {
  baseUrl: string;
  route: string;
  cookie: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  serverCpuMs?: () => number;
}): Promise<LoadResult> {
  return measure({
    ...(options.serverCpuMs ? { serverCpuMs: options.serverCpuMs } : {}),
    url: options.baseUrl,
    connections: options.connections,
    seconds: options.seconds,
    warmupSeconds: options.warmupSeconds,
    next: () => ({ method: 'GET', path: options.route, headers: { Cookie: options.cookie } }),
    // A signed-out or failing render is a redirect, a 500 or the error boundary, never a 200 page
    // that ends without its closing tag.
    check: (status, body) => status === 200 && body.includes('</html>'),
  });
}

export type JsTotals = {
  scripts: number;
  /** gzip bytes: as sent when the response was gzip-encoded, else gzip -6 of the script. */
  gzipBytes: number;
  decodedBytes: number;
};

export type RouteJs = {
  route: string;
  status: number;
  /** Where the load ended (a signed-out redirect would end on /login). */
  finalPath: string;
  /** The scripts the route's HTML references (<script src>, <link rel=preload|modulepreload as=script>). */
  firstLoad: JsTotals;
  /** Every script fetched until the network was idle: also lazy chunks and links' prefetches. */
  untilIdle: JsTotals;
  encodings: string[];
  /** The first-load scripts, heaviest first, with the libraries recognisable in each. */
  chunks: { file: string; gzipBytes: number; libraries: string[] }[];
};

/** Strings that survive minification and betray a library inside a chunk. */
const SIGNATURES: [string, RegExp][] = [
  ['react-dom', /__reactFiber|react-dom\.production|Minified React error/],
  ['next runtime', /__NEXT_DATA__|next-router-state-tree|__next_f|NEXT_REDIRECT/],
  ['zod', /ZodError|invalid_type/],
  ['drizzle-orm', /drizzle:entityKind/],
  ['next-auth', /next-auth|\/api\/auth\/session/],
  ['@tanstack/react-query', /QueryClient|queryFn/],
  ['react-hook-form', /shouldUnregister|useFormContext|setValueAs/],
  ['next-safe-action', /next-safe-action|serverError/],
  ['@radix-ui', /data-radix|radix-/],
  ['lucide-react', /lucide/],
  ['sonner', /data-sonner|sonner-toast/],
  ['cmdk', /cmdk-/],
  ['next-themes', /next-themes|prefers-color-scheme/],
  ['i18n-iso-countries', /Afghanistan/],
  ['tailwind-merge', /fvn-ordinal/],
];

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Script URLs an HTML document references. */
function referencedScripts(html: string, base: string): Set<string> {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g))
    urls.add(new URL(m[1]!.replace(/&amp;/g, '&'), base).href);
  for (const m of html.matchAll(/<link\b[^>]*>/g)) {
    const tag = m[0];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\bas="script"/.test(tag) && /\brel="(?:preload|modulepreload)"/.test(tag))
      urls.add(new URL(href.replace(/&amp;/g, '&'), base).href);
  }
  return urls;
}

/**
 * Loads each route in a fresh browser context (a cold cache: a first load), signed in except for
 * /login, and adds up the JavaScript it fetched: the scripts its HTML references (the first-load
 * JS), and everything until the network went idle.
 */
export async function measureFirstLoadJs(options: {
  baseUrl: string;
  cookie: string;
  routes: readonly string[];
}): Promise<RouteJs[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const out: RouteJs[] = [];
  try {
    for (const route of options.routes) {
      const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
      if (route !== '/login') {
        await context.addCookies(
          options.cookie.split('; ').map((pair) => {
            const eq = pair.indexOf('=');
            return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: options.baseUrl };
          }),
        );
      }
      const page = await context.newPage();
      const pending: Promise<void>[] = [];
      const scripts: { url: string; gzip: number; decoded: number; encoding: string; libraries: string[] }[] =
        [];
      page.on('response', (response) => {
        const request = response.request();
        const isScript =
          request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
        if (!isScript || !response.url().startsWith(options.baseUrl)) return;
        pending.push(
          (async () => {
            const [sizes, body, headers] = await Promise.all([
              request.sizes(),
              response.body(),
              response.allHeaders(),
            ]);
            const encoding = headers['content-encoding'] ?? 'identity';
            const text = body.toString('utf8');
            scripts.push({
              url: response.url(),
              gzip: encoding === 'gzip' ? sizes.responseBodySize : gzipSync(body, { level: 6 }).length,
              decoded: body.length,
              encoding,
              libraries: SIGNATURES.filter(([, re]) => re.test(text)).map(([name]) => name),
            });
          })().catch(() => undefined),
        );
      });
      const response = await page.goto(`${options.baseUrl}${route}`, {
        waitUntil: 'networkidle',
        timeout: 60_000,
      });
      await Promise.all(pending);
      const html = response ? await response.text() : '';
      const referenced = referencedScripts(html, page.url());
      const total = (list: typeof scripts): JsTotals => ({
        scripts: list.length,
        gzipBytes: list.reduce((a, b) => a + b.gzip, 0),
        decodedBytes: list.reduce((a, b) => a + b.decoded, 0),
      });
      // One entry per URL (a script fetched twice counts once).
      const unique = [...new Map(scripts.map((x) => [x.url, x])).values()];
      out.push({
        route,
        status: response?.status() ?? 0,
        finalPath: new URL(page.url()).pathname,
        firstLoad: total(unique.filter((x) => referenced.has(x.url))),
        untilIdle: total(unique),
        encodings: [...new Set(unique.map((x) => x.encoding))],
        chunks: unique
          .filter((x) => referenced.has(x.url))
          .sort((a, b) => b.gzip - a.gzip)
          .map((x) => ({ file: new URL(x.url).pathname, gzipBytes: x.gzip, libraries: x.libraries })),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
