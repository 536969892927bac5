// The floor of the cardholder's me/cards (docs/wallet-api.md "The walletToken"): the least a
// correct service does for it, to compare the wallet service against (bench/lib/cardholder.ts).
// A bare node:http server over one `pg` Pool (the service's default size of 10) that, per request,
// takes the bearer, hashes it, and runs the service's two statements as the same named prepared
// statements (the token's user, app and agency: CARDHOLDER_BY_TOKEN; the user's cards with their
// asset: ME_CARDS), with the category catalogue held in memory as the service holds it, and
// answers the same envelope. The token's own limit (10 calls a second, counted over every
// instance) is part of what a correct service does, so the floor keeps it too: the service's
// limiter on this pool, reserving in wallet.rate_counters as the service's does (at the bench's
// rate, which never refuses). What it leaves out is what a framework adds: routing, zod, logs,
// metrics.
//
//   FLOOR_DATABASE_URL=postgres://... PORT=4101 node --import tsx bench/floor-cardholder.ts
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { maskedCardNumber } from '@/lib/wallet/contract/card-number';
import { minorToMajor } from '@/lib/wallet/contract/money';
import { CARDHOLDER_BY_TOKEN } from '@/lib/wallet/service/cardholder/wallet-token';
import { ME_CARDS } from '@/lib/wallet/service/cardholder/cardholder-cards';
import { CATEGORIES } from '@/lib/wallet/service/db/statements';
import type { DatabaseHandle } from '@/lib/db/open';
import { walletTokenBucket } from '@/lib/wallet/service/http/handle-request';
import { createRateLimiter } from '@/lib/wallet/service/http/rate-limit';

const pool = new pg.Pool({
  connectionString: process.env.FLOOR_DATABASE_URL,
  max: Number(process.env.FLOOR_POOL_SIZE ?? 10),
});

// The limiter asks only `query` of its engine: the pool's rows, by named prepared statement.
const engine = {
  query: async (text: string, values: unknown[], name?: string) =>
    (await pool.query({ ...(name ? { name } : {}), text, values })).rows,
} as unknown as DatabaseHandle;
const limiter = createRateLimiter({ engine, rps: Number(process.env.FLOOR_TOKEN_RPS ?? 10) });
const LIMITED = JSON.stringify({ code: 6001, msg: 'Too many calls for this walletToken' });

type Category = { name: string; network: string; currency: string; decimalPlaces: number };
const catalogue = new Map<number, Category>();

/** The catalogue, once at start (provisioning alone writes it). */
async function loadCatalogue(): Promise<void> {
  for (const row of (await pool.query({ name: CATEGORIES.name, text: CATEGORIES.text })).rows) {
    catalogue.set(row.id as number, {
      name: row.name as string,
      network: row.network as string,
      currency: row.currency as string,
      decimalPlaces: row.decimal_places as number,
    });
  }
}

const REFUSED = JSON.stringify({ code: 2005, msg: 'walletToken refused' });

async function meCards(authorization: string | undefined): Promise<[number, string]> {
  const match = /^Bearer ([A-Za-z0-9_-]{1,128})$/.exec(authorization ?? '');
  if (!match) return [401, REFUSED];
  const hash = createHash('sha256').update(match[1]!).digest('hex');
  const holder = await pool.query({
    name: CARDHOLDER_BY_TOKEN.name,
    text: CARDHOLDER_BY_TOKEN.text,
    values: [hash],
  });
  const user = holder.rows[0] as { user_id: number } | undefined;
  if (!user) return [401, REFUSED];
  const decision = await limiter.check(walletTokenBucket(hash));
  if (!decision.allowed) return [429, LIMITED];
  const { rows } = await pool.query({ name: ME_CARDS.name, text: ME_CARDS.text, values: [user.user_id] });
  const cards = rows.map((r) => {
    const category = catalogue.get(r.category_id as number)!;
    const balance = Number(r.balance);
    return {
      cardId: r.id,
      name: category.name,
      network: category.network,
      last4: r.last4,
      maskedNumber: maskedCardNumber({ first6: r.first6, last4: r.last4, length: r.number_length }),
      status: r.status,
      statusReason: r.status_reason,
      expireMonth: r.expire_month,
      expireYear: r.expire_year,
      currency: category.currency,
      balance: minorToMajor(balance, category.decimalPlaces),
      availableBalance: minorToMajor(balance - Number(r.held), category.decimalPlaces),
    };
  });
  return [200, `{"code":0,"msg":"success","data":${JSON.stringify(cards)}}`];
}

const server = http.createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0];
  const answer: Promise<[number, string]> =
    path === '/wallet/api/me/cards' && req.method === 'GET'
      ? meCards(req.headers.authorization)
      : Promise.resolve([404, '{"code":1005,"msg":"not found"}']);
  answer
    .catch((): [number, string] => [500, '{"code":5000,"msg":"An unexpected error occurred."}'])
    .then(([status, body]) => {
      res.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Length': Buffer.byteLength(body),
      });
      res.end(body);
    });
});
server.keepAliveTimeout = 65_000;
void loadCatalogue().then(() =>
  server.listen(Number(process.env.PORT ?? 4101), '127.0.0.1', () => {
    console.log(`[floor-cardholder] listening on ${process.env.PORT ?? 4101}`);
  }),
);
