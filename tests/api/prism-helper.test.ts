// The Prism proxy every API test goes through in the api stage (tests/helpers/prism-proxy.ts,
// docs/testing.md "The api stage behind Prism"): it forwards to the service, keeps idle connections
// open like the test's own server, and flags a request the document refuses but the service accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWallet } from '../helpers/wallet-call';
import { startPrismProxy } from '../helpers/prism-proxy';
import { createTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

let db: TestDatabase;
let server: WalletTestServer;
let prism: Awaited<ReturnType<typeof startPrismProxy>>;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
  // A proxy of this file's own in front of the server (which may itself be behind one).
  prism = await startPrismProxy(server.baseUrl);
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

describe('the Prism proxy of the API tests', () => {
  it('forwards to the service and keeps idle connections open (no keep-alive timeout)', async () => {
    const url = `${prism.baseUrl}/wallet/api/openapi.json`;
    const response = await fetch(url);
    await response.text();
    // Node's server announces its idle timeout (timeout=5 by default); one that never closes an
    // idle connection announces none.
    expect(response.headers.get('connection')).toBe('keep-alive');
    expect(response.headers.get('keep-alive')).toBeNull();
    const { body } = await callWallet(prism.baseUrl, 'agencyAssetList', {});
    expect(body.code).toBe(0);
  });

  it('counts a request both refuse as a request violation, not as one the service accepted', async () => {
    const refused = await callWallet(prism.baseUrl, 'assetDaily', { assetId: 1, days: 'x' });
    expect(refused.body).toMatchObject({ code: 1002, data: { field: 'days' } });
    const count = await prism.stop();
    expect(count.calls).toBe(3);
    expect(count.requestViolations).toBe(1);
    expect(count.acceptedViolations).toEqual([]);
    expect(count.responseViolations).toBe(0);
  });
});
