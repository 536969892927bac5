// `npm run asset:credit -- --app-user-id u-1 --amount 25.00 [--app-id demo-app]`, or
// `--asset-id 7 --amount 25.00`: credits an asset with a ledger entry. Deposits are not among
// the wallet API's operations; operators fund users' wallets (and the agency's card margin)
// with this. Runs against the configured database: PostgreSQL, or the embedded one while the
// server is stopped (PGlite is single-process).
import { and, eq } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { dataDir, env } from '@/lib/env';
import { openDatabase } from '@/lib/db/open';
import { walletDb } from '@/lib/wallet/service/db';
import { apps, assets, users } from '@/lib/wallet/service/db/schema';
import { creditAsset } from '@/lib/wallet/service/asset/credit-asset';
import { formatMinor } from '@/lib/wallet/contract/money';
import { exitOnError } from './lib/exit-on-error';

const { values } = parseArgs({
  options: {
    'app-user-id': { type: 'string' },
    'asset-id': { type: 'string' },
    'app-id': { type: 'string' },
    amount: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`credit-asset: ${message}`);
  process.exit(2);
}

const amount = values.amount ?? '';
if (!/^\d{1,12}(\.\d{1,6})?$/.test(amount)) fail('--amount must be a positive amount, e.g. 25.00');
if (!values['app-user-id'] && !values['asset-id'])
  fail('give --app-user-id (their wallet asset) or --asset-id');

// CommonJS under tsx: no top-level await.
async function main(): Promise<void> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: 2 });
  try {
    const db = walletDb(handle);
    let asset: typeof assets.$inferSelect | undefined;
    if (values['asset-id']) {
      [asset] = await db
        .select()
        .from(assets)
        .where(eq(assets.id, Number(values['asset-id'])));
    } else {
      [asset] = await db
        .select({ asset: assets })
        .from(assets)
        .innerJoin(users, eq(users.id, assets.userId))
        .innerJoin(apps, eq(apps.id, users.appId))
        .where(
          and(
            eq(users.appUserId, values['app-user-id']!),
            eq(apps.appId, values['app-id'] ?? env.WALLET_APP_ID),
            eq(assets.type, 'WALLET'),
          ),
        )
        .then((rows) => rows.map((r) => r.asset));
    }
    if (!asset) fail('no such asset');
    const [whole, fraction = ''] = amount.split('.');
    if (fraction.length > asset.decimalPlaces) fail(`--amount has more than ${asset.decimalPlaces} decimals`);
    const minor = Number(`${whole}${fraction.padEnd(asset.decimalPlaces, '0')}`);
    if (minor <= 0) fail('--amount must be more than zero');
    const balance = await creditAsset({ db, assetId: asset.id, amountMinor: minor });
    console.log(
      `credited asset ${asset.id}: balance ${formatMinor(balance, asset.decimalPlaces)} ${asset.currency}`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => exitOnError('asset:credit', error));
