// Builds the wallet API's SDK package (docs/integrator-guide.md "The SDK") into a directory:
// `npm run sdk:build -- --out DIR` (default .sdk-build), then `npm pack` in it. Everything comes
// from the OpenAPI document the service serves: the operation table bundled into the runtime
// (sdk/src/client.ts, no dependency) and the types of every operation's parameters and result
// (index.d.ts). The package installs and runs without a registry (tests/api/sdk-package.test.ts).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { buildOpenApiDocument } from '../lib/wallet/contract/openapi';
import { WALLET_API_VERSION } from '../lib/wallet/contract/api-version';

type Json = Record<string, unknown>;
type Parameter = {
  name: string;
  required?: boolean;
  description?: string;
  schema: Json;
  'x-clearable'?: boolean;
};
type Operation = {
  operationId: string;
  summary?: string;
  parameters?: Parameter[];
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
  'x-result-codes': { code: number; status: number; meaning: string }[];
};

const ROOT = path.resolve(import.meta.dirname, '..');
export const SDK_NAME = '@card-wallet/sdk';

/** A JSON Schema (as this document writes them) as a TypeScript type. */
export function tsType(schema: unknown, indent = ''): string {
  const s = (schema ?? {}) as Json;
  if (typeof s.$ref === 'string') return s.$ref.replace('#/components/schemas/', '');
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const choice = (s.oneOf ?? s.anyOf) as unknown[] | undefined;
  if (choice) return choice.map((c) => tsType(c, indent)).join(' | ');
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [String(s.type)] : [];
  if (types.length > 1) return types.map((t) => tsType({ ...s, type: t }, indent)).join(' | ');
  switch (types[0]) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const item = tsType(s.items, indent);
      return /[|&]/.test(item) ? `Array<${item}>` : `${item}[]`;
    }
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, Json>;
      if (Object.keys(properties).length === 0) return 'Record<string, unknown>';
      const required = new Set((s.required ?? []) as string[]);
      const inner = `${indent}  `;
      const lines = Object.entries(properties).map(([name, value]) => {
        const doc =
          typeof value.description === 'string'
            ? `${inner}/** ${value.description.replace(/\*\//g, '* /')} */\n`
            : '';
        const key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
        return `${doc}${inner}${key}${required.has(name) ? '' : '?'}: ${tsType(value, inner)};`;
      });
      return `{\n${lines.join('\n')}\n${indent}}`;
    }
    default:
      return 'unknown';
  }
}

function declarations(doc: Json): string {
  const paths = doc.paths as Record<string, Record<string, Operation>>;
  const schemas = ((doc.components as Json).schemas ?? {}) as Record<string, Json>;
  const out: string[] = [
    `// ${SDK_NAME} ${WALLET_API_VERSION}: types generated from the wallet API's OpenAPI document.`,
    '',
    '/** `data` of a failure about one parameter (1001, 1002, 1003, 3002). */',
    'export type FieldError = { field: string; rule?: string };',
    '',
  ];
  for (const [name, schema] of Object.entries(schemas)) {
    if (name === 'FieldError') continue;
    out.push(`export type ${name} = ${tsType(schema)};`, '');
  }
  out.push(
    '/** Every operation: its method, path, parameters, result and the result codes it may answer. */',
  );
  out.push('export interface Operations {');
  for (const [route, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []).map((p) => {
        const doc = p.description ? `      /** ${p.description.replace(/\*\//g, '* /')} */\n` : '';
        return `${doc}      ${p.name}${p.required ? '' : '?'}: ${tsType(p.schema, '      ')};`;
      });
      const reply = op.responses['200']!.content!['application/json']!.schema;
      const success = (reply.oneOf as Json[])[0]!;
      const data = (success.properties as Record<string, Json>).data;
      const failures = op['x-result-codes']
        .filter((c) => c.status === 200 && c.code !== 0)
        .map((c) => c.code);
      out.push(
        `  /** ${(op.summary ?? '').replace(/\*\//g, '* /')} */`,
        `  ${op.operationId}: {`,
        `    method: ${JSON.stringify(method.toUpperCase())};`,
        `    path: ${JSON.stringify(route)};`,
        `    params: {\n${params.join('\n')}\n    };`,
        `    data: ${tsType(data, '    ')};`,
        `    failureCodes: ${failures.join(' | ')};`,
        '  };',
      );
    }
  }
  out.push('}', '');
  out.push(`export type OperationName = keyof Operations;

/** The reply of one operation: success with its data, or a failure with its code. */
export type Reply<N extends OperationName> =
  | { code: 0; msg: 'success'; data: Operations[N]['data'] }
  | { code: Operations[N]['failureCodes']; msg: string; data?: FieldError }
  /** HTTP 405, 429 (Retry-After), 500 and 503 (Retry-After: the database is away). */
  | { code: 1004 | 6001 | 5000 | 5001; msg: string };

/** Parameters are optional as a whole when none is required. */
type Args<N extends OperationName> = {} extends Operations[N]['params']
  ? [params?: Operations[N]['params']]
  : [params: Operations[N]['params']];

export type WalletClient = {
  /** Signs and sends one operation; answers its reply's envelope. */
  call<N extends OperationName>(name: N, ...params: Args<N>): Promise<Reply<N>>;
} & { [N in OperationName]: (...params: Args<N>) => Promise<Reply<N>> };

export type WalletClientOptions = {
  /** Where the wallet service is, e.g. https://wallet.example.com (the paths start with /wallet/api/). */
  baseUrl: string;
  agencyCode: string;
  appId: string;
  /** The app's signing secret: keep it on your server. */
  secret: string;
  /** Another fetch (a proxy, a test double); default the global fetch. */
  fetch?: (url: string, init: { method: string; headers: Record<string, string> }) => Promise<{ json(): Promise<unknown> }>;
  /** The clock, Unix epoch milliseconds; default Date.now. */
  now?: () => number;
};

export declare function createWalletClient(options: WalletClientOptions): WalletClient;

/** The cardholder's operations (me/*): called from the user's device with its walletToken. */
export type CardholderOperationName = {
  [N in OperationName]: Operations[N]['path'] extends \`/wallet/api/me/\${string}\` ? N : never;
}[OperationName];

/** A reply of a cardholder's operation: also HTTP 401, code 2005 (the walletToken is missing, unknown or rotated). */
export type CardholderReply<N extends CardholderOperationName> = Reply<N> | { code: 2005; msg: string };

export type CardholderClient = {
  /** Sends one of the cardholder's operations with the walletToken as its bearer. */
  call<N extends CardholderOperationName>(name: N, ...params: Args<N>): Promise<CardholderReply<N>>;
} & { [N in CardholderOperationName]: (...params: Args<N>) => Promise<CardholderReply<N>> };

/**
 * The cardholder's client, for the user's own device: the me/* operations, each with the user's
 * walletToken (user/registerAndKyc, user/walletToken/rotate) as its bearer, and no signature.
 */
export declare function createCardholderClient(options: {
  baseUrl: string;
  walletToken: string;
  fetch?: WalletClientOptions['fetch'];
}): CardholderClient;

/** The query string of a signed call: its parameters and the five of the signature. */
export declare function signedQuery(options: {
  secret: string;
  method: string;
  path: string;
  agencyCode: string;
  appId: string;
  params?: Record<string, string | number | boolean | undefined | null>;
  timestamp?: number;
  nonce?: string;
  /** Parameters to send as \`name=\`, outside the signature: a clearable one given empty. */
  emptied?: readonly string[];
}): string;

/** Whether a webhook delivery is genuine: its Wallet-Signature over Wallet-Timestamp and the raw body. */
export declare function verifyWebhook(options: {
  secret: string;
  rawBody: string;
  timestamp: string | undefined;
  signature: string | undefined;
  toleranceMs?: number;
}): boolean;

/** Every operation's method, path and the parameters it clears when given empty (x-clearable). */
export declare const operations: { readonly [N in OperationName]: readonly [Operations[N]['method'], Operations[N]['path'], clearable?: readonly string[]] };

/** The version of the wallet API this package was built from (the Wallet-Api-Version header). */
export declare const apiVersion: ${JSON.stringify(WALLET_API_VERSION)};
`);
  return out.join('\n');
}

export async function buildSdk(outDir: string): Promise<string> {
  const doc = buildOpenApiDocument() as Json;
  const table: Record<string, [string, string] | [string, string, string[]]> = {};
  for (const [route, methods] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const clearable = (op.parameters ?? []).filter((p) => p['x-clearable']).map((p) => p.name);
      table[op.operationId] = clearable.length
        ? [method.toUpperCase(), route, clearable]
        : [method.toUpperCase(), route];
    }
  }
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [path.join(ROOT, 'sdk/src/client.ts')],
    outfile: path.join(outDir, 'index.js'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node18',
    logLevel: 'error',
    define: {
      __WALLET_OPERATIONS__: JSON.stringify(table),
      __WALLET_API_VERSION__: JSON.stringify(WALLET_API_VERSION),
    },
  });
  writeFileSync(path.join(outDir, 'index.d.ts'), declarations(doc));
  writeFileSync(
    path.join(outDir, 'package.json'),
    `${JSON.stringify(
      {
        name: SDK_NAME,
        version: `${WALLET_API_VERSION}.0`,
        description: 'The wallet API: a typed client that signs every call, and webhook verification',
        license: 'UNLICENSED',
        type: 'module',
        main: './index.js',
        types: './index.d.ts',
        exports: { '.': { types: './index.d.ts', default: './index.js' } },
        files: ['index.js', 'index.d.ts', 'README.md'],
        engines: { node: '>=18' },
        sideEffects: false,
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(path.join(outDir, 'README.md'), readFileSync(path.join(ROOT, 'sdk/README.md'), 'utf8'));
  return outDir;
}

if (process.argv[1]?.endsWith('build-sdk.ts')) {
  const { values } = parseArgs({
    options: { out: { type: 'string', default: path.join(ROOT, '.sdk-build') } },
  });
  buildSdk(path.resolve(values.out!)).then(
    (dir) => console.log(`SDK built in ${dir}: run \`npm pack\` there`),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
