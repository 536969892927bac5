// The integrator's examples run (docs/integrator-guide.md "Signing", docs/examples/): curl with
// openssl, Python's standard library and Node, each as an integrator would run it, against the
// wallet service over HTTP. Each prints the first test vector's signature and the replies of two
// signed calls (agency/assetList, and user/search with a space, an apostrophe and a non-ASCII letter to encode),
// which must be the service's own answers. The decision receivers (docs/integrator-guide.md "The
// agency's decision") run as an agency would run them, behind a real decision/set: a purchase is
// approved, a gambling one declined by the agency, a forged request refused; the curl one verifies
// a request the service really sent.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationSchema, decisionEndpointSchema } from '@/lib/wallet/contract/schemas';
import { signWebhook } from '@/lib/wallet/contract/webhook-signature';
import { startDecisionEndpoint } from '../helpers/decision-endpoint';
import { decisionRequestProblems } from '../helpers/webhook-schema';
import { fundedCard, purchase } from '../helpers/spending';
import { callWallet } from '../helpers/wallet-call';
import { createTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

const run = promisify(execFile);
const EXAMPLES = path.resolve(import.meta.dirname, '../../docs/examples');
const VECTOR = 'a3cbe0697c17c998b5bbab71d7d06e1f967cc349a3c503f9c95be1001f9fca6f';

let db: TestDatabase;
let server: WalletTestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  // Private addresses allowed: the decision receivers listen on 127.0.0.1 (tests only).
  server = await startWalletServer({ webhooks: { allowPrivate: true } });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const examples: [string, string, string[]][] = [
  ['curl and openssl', 'bash', [path.join(EXAMPLES, 'curl/wallet-call.sh')]],
  ['Python (standard library)', 'python3', [path.join(EXAMPLES, 'python/wallet_call.py')]],
  ['Node', process.execPath, [path.join(EXAMPLES, 'node/wallet-call.mjs')]],
];

describe('the examples of docs/examples', () => {
  it.each(examples)('%s: signs the test vector and makes two signed calls', async (_name, command, args) => {
    const { stdout } = await run(command, args, {
      timeout: 60_000,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        BASE_URL: server.baseUrl,
        AGENCY_CODE: TEST_AGENCY.agencyCode,
        APP_ID: TEST_AGENCY.appId,
        APP_SECRET: TEST_AGENCY.appSecret,
      } as unknown as NodeJS.ProcessEnv,
    });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(`vector ${VECTOR}`);
    const reply = (line: string, prefix: string) => {
      expect(line.startsWith(`${prefix} `), line).toBe(true);
      return JSON.parse(line.slice(prefix.length + 1)) as { code: number; msg: string; data?: unknown };
    };
    const assets = reply(lines[1]!, '/wallet/api/agency/assetList');
    const search = reply(lines[2]!, '/wallet/api/user/search');
    expect(assets).toEqual((await callWallet(server.baseUrl, 'agencyAssetList', {})).body);
    expect(assets.code).toBe(0);
    expect(search).toEqual(
      (await callWallet(server.baseUrl, 'userSearch', { q: "Zoë O'Brien", pageSize: 5 })).body,
    );
    expect(search.code).toBe(0);
  });
});

const receivers: [string, string, string[]][] = [
  ['Python (http.server)', 'python3', [path.join(EXAMPLES, 'python/decision_receiver.py')]],
  ['Node (node:http)', process.execPath, [path.join(EXAMPLES, 'node/decision-receiver.mjs')]],
];

/** The receiver started as an agency would, on `port`; resolves with its URL once it listens. */
async function startReceiver(command: string, args: string[], secret: string, port: number) {
  const child: ChildProcess = spawn(command, args, {
    env: {
      PATH: process.env.PATH ?? '',
      DECISION_SECRET: secret,
      PORT: String(port),
    } as unknown as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const printed: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the receiver did not say where it listens')), 30_000);
    lines.on('line', (line) => {
      printed.push(line);
      if (line.startsWith('listening ')) {
        clearTimeout(timer);
        resolve(line.slice('listening '.length));
      }
    });
    child.on('exit', (code) => reject(new Error(`the receiver exited with ${String(code)}`)));
  });
  return { url, printed, stop: () => child.kill() };
}

/** A port free now, for a receiver to listen on once its URL is set. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * The app's decision secret after pointing decision/set at `url`: the one this answer shows, or,
 * when it shows none (the secret is kept across sets), the one an earlier answer showed.
 */
let decisionSecretShown = '';
async function pointDecisionAt(url: string): Promise<string> {
  const r = await callWallet(server.baseUrl, 'decisionSet', { url });
  expect(r.body.code, r.body.msg).toBe(0);
  decisionSecretShown = decisionEndpointSchema.parse(r.body.data).secret ?? decisionSecretShown;
  expect(decisionSecretShown).not.toBe('');
  return decisionSecretShown;
}

async function buy(cardId: number, mcc: string) {
  const r = await callWallet(server.baseUrl, 'simulateAuthorize', { cardId, ...purchase({ mcc }) });
  expect(r.body.code, r.body.msg).toBe(0);
  return authorizationSchema.parse(r.body.data);
}

describe('the decision receivers of docs/examples', () => {
  it.each(receivers)(
    '%s: verifies the signature, approves a purchase, declines a gambling one, refuses a forged request',
    async (_name, command, args) => {
      // decision/set first (it shows the secret), then the receiver started with that secret.
      const port = await freePort();
      const secret = await pointDecisionAt(`http://127.0.0.1:${port}/decide`);
      const receiver = await startReceiver(command, args, secret, port);
      try {
        const card = await fundedCard(server.baseUrl, db, 100_00, 'ex');
        const approved = await buy(card.cardId, '5812');
        expect(approved).toMatchObject({ status: 'PENDING', decidedBy: 'AGENCY', declineReason: null });
        const declined = await buy(card.cardId, '7995');
        expect(declined).toMatchObject({
          status: 'DECLINED',
          decidedBy: 'AGENCY',
          declineReason: 'AGENCY_DECLINED',
        });
        expect(receiver.printed.slice(1)).toEqual([
          `decided ${approved.authorizationId} approved`,
          `decided ${declined.authorizationId} declined`,
        ]);
        // A request not signed with the decision secret is refused (and the fallback would decide).
        const body = JSON.stringify({ authorizationId: 1, merchant: { mcc: '5812' } });
        const timestamp = String(Date.now());
        const forged = await fetch(receiver.url, {
          method: 'POST',
          headers: {
            'Wallet-Timestamp': timestamp,
            'Wallet-Signature': signWebhook('dsec_not-the-secret', timestamp, body),
          },
          body,
        });
        expect(forged.status).toBe(401);
      } finally {
        receiver.stop();
      }
    },
  );

  it('curl and openssl: verifies a decision request the service sent, and says what to answer', async () => {
    const agency = await startDecisionEndpoint(() => ({ body: { approved: true } }));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'decision-'));
    try {
      const secret = await pointDecisionAt(agency.url);
      const card = await fundedCard(server.baseUrl, db, 100_00, 'ex');
      await buy(card.cardId, '5812');
      await buy(card.cardId, '7995');
      expect(agency.received).toHaveLength(2);
      // What the service sent is what the OpenAPI document's webhook `decision` says.
      expect(agency.received.flatMap((r) => decisionRequestProblems(r.rawBody))).toEqual([]);
      const verify = (request: (typeof agency.received)[number], overrides: Record<string, string> = {}) => {
        const bodyFile = path.join(dir, `body-${request.timestamp}.json`);
        writeFileSync(bodyFile, request.rawBody);
        return run('bash', [path.join(EXAMPLES, 'curl/verify-decision.sh')], {
          timeout: 30_000,
          env: {
            PATH: process.env.PATH ?? '',
            DECISION_SECRET: secret,
            TIMESTAMP: request.timestamp,
            SIGNATURE: request.signature,
            BODY_FILE: bodyFile,
            ...overrides,
          } as unknown as NodeJS.ProcessEnv,
        });
      };
      expect((await verify(agency.received[0]!)).stdout).toBe('{"approved":true}\n');
      expect((await verify(agency.received[1]!)).stdout).toBe(
        '{"approved":false,"reason":"Gambling is not allowed on this card"}\n',
      );
      await expect(
        verify(agency.received[0]!, { DECISION_SECRET: 'dsec_not-the-secret' }),
      ).rejects.toMatchObject({
        code: 1,
        stderr: 'signature does not match\n',
      });
    } finally {
      await agency.close();
    }
  });
});

describe('the cardholder\'s examples of docs/examples (docs/integrator-guide.md "Showing a card to its holder")', () => {
  let pages: WalletTestServer;
  beforeAll(async () => {
    pages = await startWalletServer({
      direct: 'the card-details page is a page, not an operation of the document',
    });
  });
  afterAll(async () => {
    await pages?.close();
  });

  it("Node: the agency's page embeds a one-time card-details link in an iframe allowed to copy", async () => {
    const card = await fundedCard(server.baseUrl, db, 0, 'ex-view');
    const child = spawn(process.execPath, [path.join(EXAMPLES, 'node/card-view.mjs')], {
      env: {
        PATH: process.env.PATH ?? '',
        BASE_URL: server.baseUrl,
        AGENCY_CODE: TEST_AGENCY.agencyCode,
        APP_ID: TEST_AGENCY.appId,
        APP_SECRET: TEST_AGENCY.appSecret,
        PORT: String(await freePort()),
      } as unknown as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('card-view.mjs did not say where it listens')),
          30_000,
        );
        createInterface({ input: child.stdout! }).on('line', (line) => {
          if (!line.startsWith('listening ')) return;
          clearTimeout(timer);
          resolve(line.slice('listening '.length));
        });
      });
      const page = await fetch(`${url}/card?appUserId=${card.appUserId}&cardId=${card.cardId}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      const html = await page.text();
      const frame = /<iframe src="([^"]+)" title="Your card details" allow="clipboard-write"/.exec(html);
      expect(frame, html).not.toBeNull();
      const shown = await fetch(`${pages.baseUrl}${new URL(frame![1]!).pathname}`);
      expect(shown.status).toBe(200);
      expect(await shown.text()).toContain('<dt>CVV</dt>');
    } finally {
      child.kill();
    }
  });

  it("curl: the device lists its user's cards and mints a link with the walletToken alone", async () => {
    const card = await fundedCard(server.baseUrl, db, 0, 'ex-me');
    const token = (
      await callWallet<{ walletToken: string }>(server.baseUrl, 'userWalletTokenRotate', {
        appUserId: card.appUserId,
      })
    ).body.data!.walletToken;
    const { stdout } = await run('bash', [path.join(EXAMPLES, 'curl/me-cards.sh')], {
      timeout: 60_000,
      env: {
        PATH: process.env.PATH ?? '',
        BASE_URL: server.baseUrl,
        USER_TOKEN: token,
      } as unknown as NodeJS.ProcessEnv,
    });
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    const cards = JSON.parse(lines[0]!.slice('me/cards '.length)) as {
      code: number;
      data: { cardId: number }[];
    };
    expect([cards.code, cards.data.map((c) => c.cardId)]).toEqual([0, [card.cardId]]);
    const link = JSON.parse(lines[1]!.slice('me/card/detailsLink '.length)) as {
      code: number;
      data: { url: string };
    };
    expect(link.code).toBe(0);
    expect((await fetch(`${pages.baseUrl}${new URL(link.data.url).pathname}`)).status).toBe(200);
  });
});
