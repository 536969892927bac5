// The back-office over HTTP, as a browser drives it, for system tests against a running
// `next start` (production build):
// - signIn: next-auth's client flow (GET /api/auth/csrf for the token and its cookie, then a
//   form-encoded POST to /api/auth/callback/credentials with json=true), returning the cookie jar.
// - callServerAction: a server action invoked by id the way Next's client router does (a POST
//   to a page with `Next-Action: <id>` and the encoded arguments as the body), with the React
//   Flight answer decoded far enough to read the action's return value.
// - readActionManifest: every server action of the build, from
//   .next/server/server-reference-manifest.json.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// ---------------------------------------------------------------------------------------------
// Cookies

/** A minimal cookie jar: name -> value, fed from Set-Cookie headers (expired cookies removed). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(header = '') {
    for (const pair of header.split(';')) {
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  }

  /** Takes every Set-Cookie of a response into the jar. */
  absorb(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [k = '', v = ''] = a.split('=').map((s) => s.trim());
        if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (k.toLowerCase() === 'expires') return new Date(v).getTime() < Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The Cookie request header. */
  toString(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

// ---------------------------------------------------------------------------------------------
// Sign-in

/**
 * next-auth's session cookie: `__Secure-` prefixed when APP_URL is https://
 * (docs/architecture.md "Embedded default").
 */
export const SESSION_COOKIE = 'next-auth.session-token';
const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

export type SignInOutcome = { ok: true; cookie: string } | { ok: false; error: string; status: number };

type SignInOptions = { headers?: Record<string, string>; cookie?: string; code?: string };

/** Signs in with next-auth's credentials flow; the outcome carries next-auth's error code. */
export async function trySignIn(
  baseUrl: string,
  email: string,
  password: string,
  /** `cookie`: what the browser already holds (e.g. a device cookie), sent with the sign-in. */
  /** `code`: the two-factor code (or a recovery code), for an account that has two-factor sign-in. */
  options: SignInOptions = {},
): Promise<SignInOutcome> {
  return (await prepareSignIn(baseUrl, email, password, options))();
}

/**
 * The sign-in's first round trip (next-auth's CSRF token) done; the returned function posts the
 * attempt. Attempts meant to be simultaneous are all prepared first, then sent together: each
 * fetching its own token first would spread the posts over as long as the busy server takes to
 * answer 40 token requests (docs/testing.md "Under load").
 */
export async function prepareSignIn(
  baseUrl: string,
  email: string,
  password: string,
  options: SignInOptions = {},
): Promise<() => Promise<SignInOutcome>> {
  const jar = new CookieJar(options.cookie);
  const csrfResponse = await fetch(`${baseUrl}/api/auth/csrf`, { redirect: 'manual' });
  jar.absorb(csrfResponse);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken?: string };
  if (!csrfToken) throw new Error(`GET /api/auth/csrf returned no token (status ${csrfResponse.status})`);

  return async () => {
    const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        ...options.headers,
        'Content-Type': 'application/x-www-form-urlencoded',
        Cookie: jar.toString(),
        Origin: baseUrl,
      },
      body: new URLSearchParams({
        email,
        password,
        ...(options.code === undefined ? {} : { code: options.code }),
        csrfToken,
        callbackUrl: `${baseUrl}/`,
        json: 'true',
      }),
    });
    jar.absorb(response);
    const text = await response.text();
    let url: string | undefined;
    try {
      url = (JSON.parse(text) as { url?: string }).url;
    } catch {
      // Not JSON: reported below with the status.
    }
    const error = url ? new URL(url, baseUrl).searchParams.get('error') : null;
    if (error || !(jar.get(SESSION_COOKIE) ?? jar.get(SECURE_SESSION_COOKIE))) {
      return {
        ok: false,
        error: error ?? `no session cookie (status ${response.status}: ${text.slice(0, 200)})`,
        status: response.status,
      };
    }
    return { ok: true, cookie: jar.toString() };
  };
}

/** Signs in and returns the Cookie header carrying the session; throws when refused. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const outcome = await trySignIn(baseUrl, email, password);
  if (!outcome.ok) throw new Error(`sign-in of ${email} refused: ${outcome.error}`);
  return outcome.cookie;
}

/**
 * Every 'use server' module of the back-office (its features' `actions.ts` and `*-actions.ts`),
 * as a path from the project root and its source: where the authorization tests find the actions.
 */
export function serverActionModules(projectRoot: string): { filename: string; source: string }[] {
  const dir = path.join(projectRoot, 'lib', 'backoffice');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .sort()
    .map((f) => ({
      filename: `lib/backoffice/${f.split(path.sep).join('/')}`,
      source: readFileSync(path.join(dir, f), 'utf8'),
    }))
    .filter((m) => /^'use server';/.test(m.source));
}

// ---------------------------------------------------------------------------------------------
// The server-reference manifest

/** One server action of the build. */
export type ManifestAction = {
  id: string;
  /** The module, relative to the project root, e.g. lib/backoffice/staff/actions.ts */
  filename: string;
  exportedName: string;
  /** The app entries (pages) whose bundle holds the action, e.g. app/(backoffice)/staff/page */
  workers: string[];
};

/**
 * The Next 16 manifest is `{ node: { [actionId]: { workers: { [entry]: { moduleId, async } },
 * filename, exportedName } }, edge: { ... same ... }, encryptionKey }`.
 */
type RawManifest = {
  node?: Record<string, { workers?: Record<string, unknown>; filename?: string; exportedName?: string }>;
  edge?: Record<string, { workers?: Record<string, unknown>; filename?: string; exportedName?: string }>;
};

export function readActionManifest(projectRoot: string): ManifestAction[] {
  const file = path.join(projectRoot, '.next', 'server', 'server-reference-manifest.json');
  const raw = JSON.parse(readFileSync(file, 'utf8')) as RawManifest;
  const actions: ManifestAction[] = [];
  for (const runtime of [raw.node ?? {}, raw.edge ?? {}]) {
    for (const [id, entry] of Object.entries(runtime)) {
      if (!entry.filename || !entry.exportedName)
        throw new Error(`manifest entry ${id} has no filename/exportedName`);
      actions.push({
        id,
        filename: entry.filename,
        exportedName: entry.exportedName,
        workers: Object.keys(entry.workers ?? {}),
      });
    }
  }
  return actions;
}

// ---------------------------------------------------------------------------------------------
// Calling a server action

/**
 * Encodes action arguments as React's encodeReply does for plain JSON-like values (what the
 * client router sends as a text/plain body): strings that start with `$` are escaped as `$$`,
 * undefined and Dates take their `$` forms.
 */
export function encodeReply(args: readonly unknown[]): string {
  const encode = (value: unknown): unknown => {
    if (value === undefined) return '$undefined';
    if (typeof value === 'string') return value.startsWith('$') ? `$${value}` : value;
    if (typeof value === 'bigint') return `$n${value}`;
    if (value instanceof Date) return `$D${value.toISOString()}`;
    if (Array.isArray(value)) return value.map(encode);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
    }
    return value;
  };
  return JSON.stringify(args.map(encode));
}

/** Splits a React Flight (text/x-component) payload into rows: id -> [tag, data]. */
export function parseFlightRows(payload: string): Map<number, { tag: string; data: string }> {
  const bytes = Buffer.from(payload, 'utf8');
  const rows = new Map<number, { tag: string; data: string }>();
  let i = 0;
  while (i < bytes.length) {
    const colon = bytes.indexOf(0x3a, i); // ':'
    if (colon < 0) break;
    const id = parseInt(bytes.subarray(i, colon).toString('latin1'), 16);
    let j = colon + 1;
    const first = String.fromCharCode(bytes[j] ?? 0);
    // Rows with a byte length: text (T) and the binary chunk tags.
    if ('TABObUSsLlGgMmVo'.includes(first)) {
      const comma = bytes.indexOf(0x2c, j + 1); // ','
      const length = parseInt(bytes.subarray(j + 1, comma).toString('latin1'), 16);
      const data = bytes.subarray(comma + 1, comma + 1 + length).toString('utf8');
      rows.set(id, { tag: first, data });
      i = comma + 1 + length;
      continue;
    }
    let tag = '';
    if (/[A-Z]/.test(first)) {
      tag = first;
      j += 1;
    }
    const newline = bytes.indexOf(0x0a, j);
    const end = newline < 0 ? bytes.length : newline;
    rows.set(id, { tag, data: bytes.subarray(j, end).toString('utf8') });
    i = end + 1;
  }
  return rows;
}

/** Decodes a Flight payload's root row, resolving references to other rows and `$` forms. */
export function decodeFlight(payload: string): unknown {
  const rows = parseFlightRows(payload);
  const cache = new Map<number, unknown>();
  const resolving = new Set<number>();

  const row = (id: number): unknown => {
    if (cache.has(id)) return cache.get(id);
    const entry = rows.get(id);
    if (!entry) return undefined;
    if (resolving.has(id)) return `$cycle:${id}`;
    resolving.add(id);
    let value: unknown;
    if (entry.tag === 'T') value = entry.data;
    else if (entry.tag === 'E') value = { $error: JSON.parse(entry.data) as unknown };
    else if (entry.tag === '') value = revive(JSON.parse(entry.data) as unknown);
    else value = { $row: entry.tag, data: entry.data };
    resolving.delete(id);
    cache.set(id, value);
    return value;
  };

  const reference = (ref: string): unknown => {
    const [idHex = '', ...keys] = ref.split(':');
    let value = row(parseInt(idHex, 16));
    for (const key of keys) value = (value as Record<string, unknown> | undefined)?.[key];
    return value;
  };

  const revive = (value: unknown): unknown => {
    if (typeof value === 'string' && value.startsWith('$')) {
      const rest = value.slice(1);
      if (rest.startsWith('$')) return rest;
      if (rest === 'undefined') return undefined;
      if (rest === 'NaN') return NaN;
      if (rest === 'Infinity') return Infinity;
      if (rest === '-Infinity') return -Infinity;
      if (rest === '-0') return -0;
      if (rest.startsWith('D')) return new Date(rest.slice(1));
      if (rest.startsWith('n')) return BigInt(rest.slice(1));
      if (rest.startsWith('@')) return reference(rest.slice(1));
      if (/^[0-9a-f]+(:|$)/.test(rest)) return reference(rest);
      if (/^[QW][0-9a-f]+$/.test(rest)) return reference(rest.slice(1));
      return value;
    }
    if (Array.isArray(value)) return value.map(revive);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v)]));
    }
    return value;
  };

  return row(0);
}

/** What next-safe-action returns from every action. */
export type SafeActionResult = {
  data?: unknown;
  serverError?: string;
  validationErrors?: unknown;
};

export type ActionResponse = {
  status: number;
  headers: Headers;
  /** The raw response body. */
  body: string;
  /** The decoded Flight root (Next wraps the action's value under `a`), when the body is Flight. */
  root?: unknown;
  /** The action's return value, when the action ran and returned. */
  result?: SafeActionResult;
  /** Next refused the request before running any action (CSRF check, unknown action, ...). */
  rejected: boolean;
};

export type CallOptions = {
  /** Cookie header (e.g. from signIn); omitted for a signed-out caller. */
  cookie?: string;
  /** The Origin header; defaults to baseUrl (a same-origin browser). `null` sends `Origin: null`. */
  origin?: string | null;
  /** The page path the POST goes to (the page the browser is on); default '/'. */
  pagePath?: string;
};

/**
 * Invokes a server action by id, as Next's client router does: POST to the current page with
 * `Next-Action`, `Accept: text/x-component` and the encoded arguments as a text/plain body.
 */
export async function callServerAction(
  baseUrl: string,
  actionId: string,
  args: readonly unknown[],
  options: CallOptions = {},
): Promise<ActionResponse> {
  const headers: Record<string, string> = {
    'Next-Action': actionId,
    'Content-Type': 'text/plain;charset=UTF-8',
    Accept: 'text/x-component',
    Origin: options.origin === undefined ? baseUrl : (options.origin ?? 'null'),
  };
  if (options.cookie) headers.Cookie = options.cookie;
  const response = await fetch(`${baseUrl}${options.pagePath ?? '/'}`, {
    method: 'POST',
    headers,
    body: encodeReply(args),
    redirect: 'manual',
  });
  const body = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  const out: ActionResponse = { status: response.status, headers: response.headers, body, rejected: false };
  if (!contentType.startsWith('text/x-component')) {
    out.rejected = true;
    return out;
  }
  out.root = decodeFlight(body);
  const value = (out.root as { a?: unknown } | undefined)?.a;
  if (response.status !== 200 || (value && typeof value === 'object' && '$error' in value)) {
    out.rejected = true;
    return out;
  }
  if (value && typeof value === 'object') out.result = value as SafeActionResult;
  return out;
}
