// The wallet service's own HTTP layer (lib/wallet/service/http) over a socket: every method on
// every wallet path, HEAD that runs nothing, the 404 of an unknown path, percent-escapes that
// are not UTF-8, liveness, readiness, Prometheus metrics (for the bearer of the metrics token
// only, off without one), and the log line of each request.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletOperations, type WalletOperationName } from '@/lib/wallet/contract/operations';
import { usedNonces } from '@/lib/wallet/service/db/schema';
import { WALLET_API_VERSION } from '@/lib/wallet/contract/api-version';
import { callWallet, freshNonce, kycParams, signedUrl } from '../helpers/wallet-call';
import { createTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

let db: TestDatabase;
let server: WalletTestServer;
const METRICS_TOKEN = 'metrics-token-for-the-http-layer-test-0001';

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer({
    metricsToken: METRICS_TOKEN,
    direct: 'tests the HTTP layer itself: methods, raw requests, headers, metrics',
  });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** node:http, not fetch: fetch refuses TRACE and CONNECT-like methods outright. */
function raw(method: string, target: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(target, { method, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const names = Object.keys(walletOperations) as WalletOperationName[];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE'];

async function nonceCount(): Promise<number> {
  return (await db.db.select().from(usedNonces)).length;
}

describe('methods', () => {
  it.each(names)('%s answers every other method with 405, code 1004 and Allow', async (name) => {
    const op = walletOperations[name];
    const before = await nonceCount();
    for (const method of METHODS.filter((m) => m !== op.method)) {
      const url = signedUrl(server.baseUrl, name, { appUserId: 'm-1' }, { signMethod: method });
      const r = await raw(method, url);
      expect(r.status, method).toBe(405);
      expect(r.headers.allow, method).toBe(op.method);
      expect(r.headers['content-type'], method).toBe('application/json; charset=utf-8');
      if (method === 'HEAD') {
        expect(r.body).toBe('');
      } else {
        expect(JSON.parse(r.body), method).toEqual({
          code: 1004,
          msg: `Method not allowed: this path answers ${op.method} only.`,
        });
      }
    }
    // Nothing ran: no nonce was spent by any of them.
    expect(await nonceCount()).toBe(before);
  });

  it('HEAD spends no nonce: the same signed query then succeeds with the right method', async () => {
    const nonce = freshNonce();
    const url = signedUrl(server.baseUrl, 'agencyAssetList', {}, { nonce });
    expect((await raw('HEAD', url)).status).toBe(405);
    const r = await raw('POST', url);
    expect(JSON.parse(r.body)).toMatchObject({ code: 0, msg: 'success' });
  });

  it('the OpenAPI document answers GET, and 405 with Allow: GET otherwise', async () => {
    const ok = await raw('GET', `${server.baseUrl}/wallet/api/openapi.json`);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body).openapi).toMatch(/^3\.1\./);
    for (const method of ['POST', 'PUT', 'TRACE', 'HEAD']) {
      const r = await raw(method, `${server.baseUrl}/wallet/api/openapi.json`);
      expect(r.status, method).toBe(405);
      expect(r.headers.allow).toBe('GET');
    }
  });

  it('every reply under /wallet/api/ says the API version (Wallet-Api-Version): success, failure, 404, 405, the document', async () => {
    const replies = [
      await raw('POST', signedUrl(server.baseUrl, 'agencyAssetList', {})),
      await raw('POST', signedUrl(server.baseUrl, 'cardListAllByUser', { pageSize: '101' })),
      await raw('GET', signedUrl(server.baseUrl, 'agencyAssetList', {})),
      await raw('POST', `${server.baseUrl}/wallet/api/card/nothing`),
      await raw('GET', `${server.baseUrl}/wallet/api/openapi.json`),
    ];
    expect(replies.map((r) => r.status)).toEqual([200, 200, 405, 404, 200]);
    expect(JSON.parse(replies[1]!.body)).toEqual({
      code: 1002,
      msg: 'pageSize must be at most 100.',
      data: { field: 'pageSize', rule: 'must be at most 100' },
    });
    for (const r of replies) expect(r.headers['wallet-api-version']).toBe(WALLET_API_VERSION);
    expect(JSON.parse(replies[4]!.body).info.version).toBe(WALLET_API_VERSION);
  });

  it('every reply says whether the instance is a sandbox (Wallet-Mode); a live one says live', async () => {
    const replies = [
      await raw('POST', signedUrl(server.baseUrl, 'agencyAssetList', {})),
      await raw('GET', signedUrl(server.baseUrl, 'agencyAssetList', {})),
      await raw('POST', `${server.baseUrl}/wallet/api/card/nothing`),
    ];
    for (const r of replies) expect(r.headers['wallet-mode']).toBe('sandbox');
    const live = await startWalletServer({ simulation: false, direct: 'tests the Wallet-Mode header' });
    try {
      const r = await raw('POST', signedUrl(live.baseUrl, 'agencyAssetList', {}));
      expect([r.status, r.headers['wallet-mode']]).toEqual([200, 'live']);
    } finally {
      await live.close();
    }
  });

  it('a replayed requestId answers the same body with Idempotent-Replayed: true; a first answer has none', async () => {
    const params = { ...kycParams('replayed-1'), requestId: 'replay-header-0001' };
    const first = await raw('POST', signedUrl(server.baseUrl, 'registerAndKyc', params));
    const again = await raw('POST', signedUrl(server.baseUrl, 'registerAndKyc', params));
    expect(JSON.parse(first.body).code).toBe(0);
    expect(again.body).toBe(first.body);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await raw(
      'POST',
      signedUrl(server.baseUrl, 'registerAndKyc', { ...params, requestId: undefined }),
    );
    expect(JSON.parse(other.body).code).toBe(3002);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
  });

  it('an unknown wallet path is 404 with code 1005, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'TRACE']) {
      const r = await raw(method, `${server.baseUrl}/wallet/api/card/nothing?x=1`);
      expect(r.status).toBe(404);
      expect(JSON.parse(r.body)).toEqual({ code: 1005, msg: 'There is no wallet operation at this path.' });
    }
  });
});

describe('query parsing', () => {
  it('refuses a value whose escapes are not UTF-8 with 1002 before the signature, spending no nonce', async () => {
    const before = await nonceCount();
    const url = `${signedUrl(server.baseUrl, 'userCardList', { appUserId: 'u-1' })}&email=%C3%28`;
    const r = await raw('GET', url);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({
      code: 1002,
      msg: 'email must be valid UTF-8 once percent-decoded.',
      data: { field: 'email' },
    });
    expect(await nonceCount()).toBe(before);
  });
});

describe('operating it', () => {
  it('liveness and readiness answer 200 with JSON', async () => {
    const live = await raw('GET', `${server.baseUrl}/wallet/health/live`);
    expect([live.status, JSON.parse(live.body)]).toEqual([200, { status: 'ok' }]);
    const ready = await raw('GET', `${server.baseUrl}/wallet/health/ready`);
    expect([ready.status, JSON.parse(ready.body)]).toEqual([200, { status: 'ready' }]);
    expect((await raw('POST', `${server.baseUrl}/wallet/health/ready`)).status).toBe(405);
  });

  it('metrics count requests by operation and result code, with a latency histogram', async () => {
    await callWallet(server.baseUrl, 'categoryList', {});
    await callWallet(server.baseUrl, 'categoryList', {}, { secret: 'wrong-secret' });
    const r = await raw('GET', `${server.baseUrl}/wallet/metrics`, {
      Authorization: `Bearer ${METRICS_TOKEN}`,
    });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(r.body).toMatch(
      /^wallet_requests_total\{operation="categoryList",method="POST",status="200",code="0"\} [1-9]\d*$/m,
    );
    expect(r.body).toMatch(
      /^wallet_requests_total\{operation="categoryList",method="POST",status="200",code="2001"\} [1-9]\d*$/m,
    );
    expect(r.body).toMatch(
      /^wallet_request_duration_seconds_bucket\{le="0\.005",operation="categoryList"\} \d+$/m,
    );
  });

  it('metrics answer only the bearer of the metrics token: 401 otherwise, with nothing of them', async () => {
    const url = `${server.baseUrl}/wallet/metrics`;
    for (const headers of [
      {} as Record<string, string>,
      { Authorization: 'Bearer wrong-token' },
      { Authorization: `Bearer ${METRICS_TOKEN}x` },
      { Authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}` },
      { Authorization: `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}` },
      { Authorization: METRICS_TOKEN },
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const r = await raw(method, url, headers);
        expect([r.status, r.headers['www-authenticate']], `${method} ${JSON.stringify(headers)}`).toEqual([
          401,
          'Bearer realm="wallet-metrics"',
        ]);
        expect(r.body).not.toMatch(/wallet_/);
      }
    }
    // The scheme's name is case-insensitive (RFC 9110).
    expect((await raw('GET', url, { Authorization: `bearer ${METRICS_TOKEN}` })).status).toBe(200);
  });

  it('metrics are off without a token: 404, whatever is sent', async () => {
    const off = await startWalletServer({ direct: 'metrics are not in the document' });
    try {
      for (const headers of [{} as Record<string, string>, { Authorization: `Bearer ${METRICS_TOKEN}` }]) {
        const r = await raw('GET', `${off.baseUrl}/wallet/metrics`, headers);
        expect([r.status, JSON.parse(r.body)]).toEqual([404, { status: 'not found' }]);
      }
    } finally {
      await off.close();
    }
  });

  it('logs one JSON line per request, with the path and never the query string', async () => {
    const marker = `zz-sentinel-${Date.now()}`;
    await callWallet(server.baseUrl, 'userCardList', { appUserId: marker });
    const lines = server
      .logs()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const line = lines.findLast((l) => l.operation === 'userCardList');
    expect(line).toMatchObject({
      msg: 'request',
      method: 'GET',
      path: '/wallet/api/user/cardList',
      status: 200,
      code: 3001,
    });
    expect(typeof line?.ms).toBe('number');
    expect(typeof line?.reqId).toBe('string');
    expect(server.logs()).not.toContain(marker);
    expect(server.logs()).not.toContain('sign=');
  });
});
