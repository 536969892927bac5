// next-auth's endpoints (app/api/auth/[...nextauth]/route.ts, the real route handler, with the
// real options, throttle and database) on an OS-picked port, without a Next.js build: API tests
// drive sign-in over a socket as a browser does (tests/helpers/backoffice-http.ts trySignIn).
// Like lib/app-server.ts, every request is stamped with its socket's address.
//
// What only Next.js provides is supplied here, and only that: the request's headers and cookie
// store (next/headers), per request through AsyncLocalStorage, with cookies set on the store
// written to the response as Set-Cookie. The test file installs it for its own modules:
//   vi.mock('next/headers', async () => (await import('../helpers/auth-endpoint-server')).nextHeaders);
// and the server installs it for next-auth, which require()s next/headers from node_modules.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { NextRequest } from 'next/server';
import { stampPeerAddress } from '@/lib/backoffice/auth/peer-address';
import { keepIdleConnectionsOpen } from './idle-connections';

type CookieOptions = {
  httpOnly?: boolean;
  sameSite?: string;
  secure?: boolean;
  path?: string;
  expires?: Date;
};
type Scope = { headers: Headers; cookies: Map<string, string>; setCookies: string[] };

const scopes = new AsyncLocalStorage<Scope>();

function scope(): Scope {
  const current = scopes.getStore();
  if (!current) throw new Error('next/headers used outside a request of the auth endpoint server');
  return current;
}

function serialize(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${value}`, `Path=${options.path ?? '/'}`];
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  if (options.sameSite) parts.push(`SameSite=${options.sameSite}`);
  return parts.join('; ');
}

/** The stand-in for the `next/headers` module. */
export const nextHeaders = {
  headers: async () => scope().headers,
  cookies: async () => {
    const { cookies, setCookies } = scope();
    return {
      get: (name: string) => (cookies.has(name) ? { name, value: cookies.get(name)! } : undefined),
      getAll: () => [...cookies].map(([name, value]) => ({ name, value })),
      has: (name: string) => cookies.has(name),
      set: (name: string, value: string, options?: CookieOptions) => {
        cookies.set(name, value);
        setCookies.push(serialize(name, value, options));
      },
      delete: (name: string) => {
        cookies.delete(name);
        setCookies.push(serialize(name, '', { expires: new Date(0) }));
      },
    };
  },
};

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export type AuthEndpointServer = { baseUrl: string; close(): Promise<void> };

export async function startAuthEndpointServer(): Promise<AuthEndpointServer> {
  const require = createRequire(import.meta.url);
  const id = require.resolve('next/headers');
  require.cache[id] = { id, filename: id, loaded: true, exports: nextHeaders } as NodeJS.Module;
  const route = await import('@/app/api/auth/[...nextauth]/route');
  const server = createServer((req, res) => {
    void (async () => {
      stampPeerAddress(req);
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const cookies = new Map<string, string>();
      for (const pair of (headers.get('cookie') ?? '').split(';')) {
        const eq = pair.indexOf('=');
        // Values as Next's cookie store gives them: percent-decoded.
        if (eq > 0) cookies.set(pair.slice(0, eq).trim(), decodeURIComponent(pair.slice(eq + 1).trim()));
      }
      const body = req.method === 'POST' ? await readBody(req) : undefined;
      const request = new NextRequest(url, {
        method: req.method,
        headers,
        body: body ? new Uint8Array(body) : undefined,
      });
      const segments = url.pathname.replace(/^\/api\/auth\//, '').split('/');
      const context = { params: Promise.resolve({ nextauth: segments }) };
      const current: Scope = { headers, cookies, setCookies: [] };
      const response = await scopes.run(current, () =>
        req.method === 'POST' ? route.POST(request, context) : route.GET(request, context),
      );
      const out: Record<string, string | string[]> = {};
      response.headers.forEach((value: string, name: string) => {
        if (name !== 'set-cookie') out[name] = value;
      });
      out['set-cookie'] = [...response.headers.getSetCookie(), ...current.setCookies];
      res.writeHead(response.status, out);
      res.end(Buffer.from(await response.arrayBuffer()));
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
    });
  });
  // Never closed idle under a busy test: see keepIdleConnectionsOpen.
  keepIdleConnectionsOpen(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // next-auth's own idea of where it is served (as APP_URL is, in production).
  process.env.NEXTAUTH_URL = `http://127.0.0.1:${port}`;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
