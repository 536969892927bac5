// Configuration: the one module that reads process.env. Everything is validated once, here,
// with zod; the rest of the app imports `env` and never sees a raw variable.
// Secrets that may be left unset (WALLET_APP_SECRET, WALLET_BACKOFFICE_SECRET, AUTH_SECRET) are
// generated once and kept under the data directory, so a fresh `npm start` needs no environment at all.
import { createHmac, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL'),
  ),
  WALLET_DATA_DIR: z.string().default('.data'),
  WALLET_API_BASE_URL: optional(z.url()),
  WALLET_AGENCY_CODE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, 'WALLET_AGENCY_CODE must be 1-32 letters, digits, _ or -')
    .default('DEMO'),
  WALLET_APP_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'WALLET_APP_ID must be 1-64 letters, digits, _, . or -')
    .default('demo-app'),
  WALLET_APP_SECRET: optional(z.string().min(16, 'WALLET_APP_SECRET must be at least 16 characters')),
  /**
   * The back-office key: the app's second signing secret, which only the back-office signs with,
   * so that its calls count on a budget of their own (docs/security.md "Rate limit").
   */
  WALLET_BACKOFFICE_SECRET: optional(
    z.string().min(16, 'WALLET_BACKOFFICE_SECRET must be at least 16 characters'),
  ),
  AUTH_SECRET: optional(z.string().min(32, 'AUTH_SECRET must be at least 32 characters')),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: optional(z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters')),
  /**
   * The back-office's public URL (docs/architecture.md "Embedded default"): an https:// one makes
   * the session cookies Secure and sets HSTS. Default http://localhost:<PORT>.
   */
  APP_URL: optional(
    z
      .url({ protocol: /^https?$/, error: 'APP_URL must be an http:// or https:// URL' })
      .refine((u) => new URL(u).pathname === '/', 'APP_URL must be an origin, without a path'),
  ),
  /**
   * Reverse proxies in front of the app that append the client's address to X-Forwarded-For.
   * 0: the app is reached directly, and the socket's address is the client's.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * Requests per second per app, sustained; bursts up to twice that
   * (docs/wallet-api.md "Rate limit"). 0: no limit.
   */
  WALLET_RATE_LIMIT_RPS: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /**
   * The back-office's own budget: requests per second signed with the back-office key, bursts up
   * to twice that; each member of staff may use a quarter of it (docs/security.md "Rate limit").
   * 0: no limit.
   */
  WALLET_BACKOFFICE_RATE_LIMIT_RPS: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /**
   * The bearer token Prometheus sends for /wallet/metrics (docs/wallet-api.md "Running and
   * operating the service"). Unset: /wallet/metrics is off (404), so a fresh `npm start` exposes
   * no metrics to whoever reaches its port.
   */
  WALLET_METRICS_TOKEN: optional(
    z
      .string()
      .regex(
        /^[A-Za-z0-9._~+/=-]{32,256}$/,
        'WALLET_METRICS_TOKEN must be 32-256 characters of A-Z a-z 0-9 . _ ~ + / = -',
      ),
  ),
  /** Seals app (and webhook) secrets at rest, AES-256-GCM (docs/architecture.md "Embedded default"). */
  WALLET_MASTER_KEY: optional(z.string().min(32, 'WALLET_MASTER_KEY must be at least 32 characters')),
  /**
   * Lets webhook URLs be http:// and point at loopback and private addresses
   * (docs/wallet-api.md "webhook/add"): local development and tests only.
   */
  WALLET_WEBHOOK_ALLOW_PRIVATE: z
    .enum(['true', 'false'], 'WALLET_WEBHOOK_ALLOW_PRIVATE must be true or false')
    .default('false')
    .transform((v) => v === 'true'),
  /** Multiplies the webhook retry schedule (docs/wallet-api.md "Webhook delivery"), e.g. 0.001 in tests. */
  WALLET_WEBHOOK_RETRY_SCALE: z.coerce
    .number('WALLET_WEBHOOK_RETRY_SCALE must be a number')
    .positive('WALLET_WEBHOOK_RETRY_SCALE must be more than 0')
    .max(1000, 'WALLET_WEBHOOK_RETRY_SCALE must be at most 1000')
    .default(1),
  /**
   * The sandbox's simulate/* operations: the card network's messages (docs/card-spending.md "Sandbox and live") and the chain watcher's (docs/deposits-and-kyt.md "Chains"): `false`
   * makes their paths answer as no operation (HTTP 404, 1005).
   */
  WALLET_SIMULATION: z
    .enum(['true', 'false'], 'WALLET_SIMULATION must be true or false')
    .default('true')
    .transform((v) => v === 'true'),
  /** An approved authorization's hold expires after this many hours (docs/card-spending.md "Rules"). */
  WALLET_AUTH_EXPIRY_HOURS: z.coerce
    .number('WALLET_AUTH_EXPIRY_HOURS must be a number')
    .positive('WALLET_AUTH_EXPIRY_HOURS must be more than 0')
    .max(24 * 366, 'WALLET_AUTH_EXPIRY_HOURS must be at most 8784')
    .default(168),
  /**
   * How often each instance's hold expiry worker looks for due holds, in ms (docs/card-spending.md
   * "How it is built"): a test setting, with WALLET_AUTH_EXPIRY_HOURS scaled down (e.g. 0.002).
   */
  WALLET_AUTH_EXPIRY_POLL_MS: z.coerce
    .number('WALLET_AUTH_EXPIRY_POLL_MS must be a number')
    .int('WALLET_AUTH_EXPIRY_POLL_MS must be a whole number')
    .min(50, 'WALLET_AUTH_EXPIRY_POLL_MS must be at least 50')
    .max(3_600_000, 'WALLET_AUTH_EXPIRY_POLL_MS must be at most 3600000')
    .default(60_000),
  /**
   * A dispute's dueBy: this many days after the purchase's clearing (docs/disputes.md "Rules"); 110
   * unless a test scales it down (e.g. 0.00002, about 2 s) to see the expiry worker at work.
   */
  WALLET_DISPUTE_DUE_DAYS: z.coerce
    .number('WALLET_DISPUTE_DUE_DAYS must be a number')
    .positive('WALLET_DISPUTE_DUE_DAYS must be more than 0')
    .max(120, 'WALLET_DISPUTE_DUE_DAYS must be at most 120')
    .default(110),
  /** How often each instance's dispute expiry worker looks for OPEN disputes past dueBy, in ms. */
  WALLET_DISPUTE_EXPIRY_POLL_MS: z.coerce
    .number('WALLET_DISPUTE_EXPIRY_POLL_MS must be a number')
    .int('WALLET_DISPUTE_EXPIRY_POLL_MS must be a whole number')
    .min(50, 'WALLET_DISPUTE_EXPIRY_POLL_MS must be at least 50')
    .max(3_600_000, 'WALLET_DISPUTE_EXPIRY_POLL_MS must be at most 3600000')
    .default(60_000),
  /** The master key before a rotation: still opens what it sealed (docs/wallet-api.md). */
  WALLET_MASTER_KEY_PREVIOUS: optional(
    z.string().min(32, 'WALLET_MASTER_KEY_PREVIOUS must be at least 32 characters'),
  ),
  /**
   * The key of the back-office's approvals of deposit releases (docs/deposits-and-kyt.md
   * "deposit/release"), shared by the back-office and the wallet service; unset: derived from the
   * master key.
   */
  WALLET_RELEASE_KEY: optional(z.string().min(32, 'WALLET_RELEASE_KEY must be at least 32 characters')),
});

export type Env = z.infer<typeof envSchema>;

const checkedEnvSchema = envSchema.refine(
  (e) => !e.WALLET_BACKOFFICE_SECRET || e.WALLET_BACKOFFICE_SECRET !== e.WALLET_APP_SECRET,
  {
    // The service tries the agency's secret first: the same value would count staff on the agency.
    message: 'WALLET_BACKOFFICE_SECRET must differ from WALLET_APP_SECRET',
    path: ['WALLET_BACKOFFICE_SECRET'],
  },
);

function loadEnv(): Env {
  const parsed = checkedEnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment configuration:\n${lines}`);
  }
  return parsed.data;
}

export const env: Env = loadEnv();

/** Absolute path of the data directory (PGlite files, generated secrets). */
export const dataDir = path.resolve(env.WALLET_DATA_DIR);

type GeneratedSecrets = { walletAppSecret: string; authSecret: string; backofficeSecret: string };

let cachedSecrets: GeneratedSecrets | undefined;

const freshSecret = () => randomBytes(32).toString('base64url');

/**
 * Secrets generated on first use and kept in `file` (mode 0600). Exclusive create makes two
 * processes starting at once agree on one file. A file from before the back-office key gains
 * one, once, and keeps the others as they are: the merged file is linked to `<file>.next`
 * (exclusive, so one process's key wins) and renamed over the file; a process that finds
 * `<file>.next` already there takes its key and finishes the rename.
 */
export function loadGeneratedSecrets(file: string): GeneratedSecrets {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    const fresh: GeneratedSecrets = {
      walletAppSecret: freshSecret(),
      authSecret: freshSecret(),
      backofficeSecret: freshSecret(),
    };
    writeFileSync(file, JSON.stringify(fresh, null, 2), { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<GeneratedSecrets>;
  if (stored.walletAppSecret && stored.authSecret && stored.backofficeSecret) {
    return stored as GeneratedSecrets;
  }
  const next = `${file}.next`;
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, JSON.stringify({ ...stored, backofficeSecret: freshSecret() }, null, 2), {
    flag: 'wx',
    mode: 0o600,
  });
  try {
    linkSync(draft, next);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  let merged: GeneratedSecrets;
  try {
    merged = JSON.parse(readFileSync(next, 'utf8')) as GeneratedSecrets;
    renameSync(next, file);
  } catch (error) {
    // Another process renamed it first: the file now holds the key.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    merged = JSON.parse(readFileSync(file, 'utf8')) as GeneratedSecrets;
  }
  return merged;
}

function generatedSecrets(): GeneratedSecrets {
  cachedSecrets ??= loadGeneratedSecrets(path.join(dataDir, 'secrets.json'));
  return cachedSecrets;
}

/** The signing secret of the provisioned app: WALLET_APP_SECRET, else generated once. */
export function walletAppSecret(): string {
  return env.WALLET_APP_SECRET ?? generatedSecrets().walletAppSecret;
}

/**
 * The provisioned app's back-office key (docs/security.md "Rate limit"): WALLET_BACKOFFICE_SECRET,
 * else generated once beside the app's secret.
 */
export function walletBackofficeSecret(): string {
  return env.WALLET_BACKOFFICE_SECRET ?? generatedSecrets().backofficeSecret;
}

/** Where a generated master key is kept (mode 0600) when WALLET_MASTER_KEY is unset. */
export const masterKeyFile = path.join(dataDir, 'master.key');

/**
 * The master key that seals secrets at rest: WALLET_MASTER_KEY, else generated once into
 * master.key (a file of its own, created exclusively, so that processes starting together
 * agree on one key).
 */
export function walletMasterKey(): string {
  if (env.WALLET_MASTER_KEY) return env.WALLET_MASTER_KEY;
  mkdirSync(dataDir, { recursive: true });
  try {
    const fresh = randomBytes(32).toString('hex');
    writeFileSync(masterKeyFile, `${fresh}\n`, { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(masterKeyFile, 'utf8').trim();
  }
}

/**
 * The key the back-office signs its approved deposit releases with and the wallet service checks
 * them by (docs/deposits-and-kyt.md "deposit/release"): WALLET_RELEASE_KEY, else derived from the
 * master key, so the embedded default (one process, one master key) needs nothing set. An app's
 * signing secret alone cannot make an approval.
 */
export function walletReleaseKey(): string {
  if (env.WALLET_RELEASE_KEY) return env.WALLET_RELEASE_KEY;
  return createHmac('sha256', walletMasterKey())
    .update('card-wallet: deposit release approvals')
    .digest('hex');
}

/** The next-auth session secret: AUTH_SECRET, else generated once. */
export function authSecret(): string {
  return env.AUTH_SECRET ?? generatedSecrets().authSecret;
}

/**
 * docs/architecture.md "Embedded default": the back-office's public URL (APP_URL, else
 * http://localhost:<PORT>) is https://, so its cookies are Secure and its pages send HSTS. Read
 * once: proxy.ts asks on every request.
 */
export const servedOverHttps: boolean = env.APP_URL ? new URL(env.APP_URL).protocol === 'https:' : false;

/** The back-office's public origin: APP_URL, else http://localhost:<PORT>. */
export function appOrigin(config: Pick<Env, 'APP_URL' | 'PORT'> = env): string {
  return config.APP_URL ? new URL(config.APP_URL).origin : `http://localhost:${config.PORT}`;
}

// next-auth 4 takes its own URL from NEXTAUTH_URL: unset, it warns on every request and answers
// with http://localhost:3000 URLs; set, it never looks at the request's Host or X-Forwarded-Host.
// It is the app's public origin, set once here.
process.env.NEXTAUTH_URL = appOrigin();

/** Where the back-office finds the wallet service: WALLET_API_BASE_URL, else this same app. */
export function walletApiBaseUrl(): string {
  return env.WALLET_API_BASE_URL ?? `http://127.0.0.1:${env.PORT}`;
}
