// An HTTP server around the app's real wallet route handlers, so API tests go over a socket
// exactly as an agency's server would, without building the whole Next.js app per test file.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as registerAndKyc from '@/app/wallet/api/user/registerAndKyc/route';
import * as cardListAllByUser from '@/app/wallet/api/cardList/allByUser/route';
import * as agencyApplyUserCard from '@/app/wallet/api/agency/applyUserCard/route';
import * as userApplyCard from '@/app/wallet/api/user/applyCard/route';
import * as agencyAssetList from '@/app/wallet/api/agency/assetList/route';
import * as userCardList from '@/app/wallet/api/user/cardList/route';
import * as addAddress from '@/app/wallet/api/address/add/route';
import * as categoryList from '@/app/wallet/api/card/categoryList/route';
import * as userAssetList from '@/app/wallet/api/user/assetList/route';
import * as addressList from '@/app/wallet/api/address/list/route';

type RouteModule = Partial<Record<'GET' | 'POST', (request: Request) => Promise<Response>>>;

const routes: Record<string, RouteModule> = {
  '/wallet/api/user/registerAndKyc': registerAndKyc,
  '/wallet/api/cardList/allByUser': cardListAllByUser,
  '/wallet/api/agency/applyUserCard': agencyApplyUserCard,
  '/wallet/api/user/applyCard': userApplyCard,
  '/wallet/api/agency/assetList': agencyAssetList,
  '/wallet/api/user/cardList': userCardList,
  '/wallet/api/address/add': addAddress,
  '/wallet/api/card/categoryList': categoryList,
  '/wallet/api/user/assetList': userAssetList,
  '/wallet/api/address/list': addressList,
};

async function dispatch(req: IncomingMessage): Promise<Response> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const route = routes[url.pathname];
  if (!route) return new Response('Not Found', { status: 404 });
  const handler = route[req.method as 'GET' | 'POST'];
  if (!handler) return new Response(null, { status: 405 });
  return handler(new Request(url, { method: req.method }));
}

export type WalletTestServer = { baseUrl: string; close(): Promise<void> };

export async function startWalletServer(): Promise<WalletTestServer> {
  const server: Server = createServer((req, res) => {
    dispatch(req)
      .then(async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch(() => {
        res.writeHead(599);
        res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
