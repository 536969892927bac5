// `npm run seed:large -- --users 100000 --cards-per-user 3`: fills the configured database
// (PostgreSQL via DATABASE_URL, or the embedded PGlite while the server is stopped) with a
// large agency, in bulk SQL that keeps every invariant the domain keeps: each user has a USD
// wallet asset and is counted in the app's user total; each card has its own CARD asset, a
// unique Luhn-valid number (sealed with a CVV, as issuance stores it: card-secrets.ts), and a CARD_FEE ledger debit on the agency's asset, which is first
// credited with exactly what the cards cost, so every ledger still sums to its balance.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { dataDir, env, walletAppSecret } from '@/lib/env';
import { openDatabase, rawRows } from '@/lib/db/open';
import { walletDb, type WalletDatabase as Database } from '@/lib/wallet/service/db';
import { provision } from '@/lib/wallet/service/provision';
import { luhnCheckDigit } from '@/lib/wallet/contract/card-number';
import { newCardSecretColumns } from '@/lib/wallet/service/card/card-secrets';
import { configuredSecretBox } from '@/lib/wallet/service/secrets/app-secrets';
import { exitOnError } from './lib/exit-on-error';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    'cards-per-user': { type: 'string', default: '3' },
    batch: { type: 'string', default: '5000' },
    prefix: { type: 'string', default: 'seed' },
  },
});

const USERS = Number(values.users);
const CARDS_PER_USER = Number(values['cards-per-user']);
const BATCH = Number(values.batch);
const PREFIX = values.prefix ?? 'seed';
for (const [name, v, min] of [
  ['--users', USERS, 1],
  ['--cards-per-user', CARDS_PER_USER, 0],
  ['--batch', BATCH, 1],
] as const) {
  if (!Number.isInteger(v) || v < min) {
    console.error(`seed-large: ${name} must be a whole number >= ${min}`);
    process.exit(2);
  }
}
if (!/^[a-z0-9-]{1,20}$/.test(PREFIX)) {
  console.error('seed-large: --prefix must be 1-20 lower-case letters, digits or -');
  process.exit(2);
}

type Category = { id: number; fee: number; bin: string; type: string; validity_years: number };

function progress(done: number, total: number, startedAt: number): void {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const seconds = (Date.now() - startedAt) / 1000;
  const rate = done / Math.max(seconds, 0.001);
  const eta = rate > 0 ? (total - done) / rate : 0;
  process.stderr.write(
    `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${((done / total) * 100).toFixed(0).padStart(3)}% ` +
      `${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} users · ${Math.round(rate).toLocaleString('en-US')} users/s · ETA ${Math.ceil(eta)}s   `,
  );
}

/**
 * A text[] bound as ONE parameter: drizzle expands a JS array into a row of parameters, which
 * PostgreSQL caps at 1,664. The unit separator cannot occur in the seeded values.
 */
const textArray = (xs: readonly string[]) => sql`string_to_array(${xs.join('\u001f')}, chr(31))`;

async function nextIds(db: Database, sequence: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await rawRows<{ id: string }>(
    db,
    sql`select nextval(${sequence}::regclass) as id from generate_series(1, ${count})`,
  );
  return rows.map((r) => Number(r.id));
}

async function main(): Promise<void> {
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: 4 });
  const db = walletDb(handle);
  try {
    const { appKey, agencyAssetId } = await provision(db, {
      agencyCode: env.WALLET_AGENCY_CODE,
      appId: env.WALLET_APP_ID,
      appSecret: walletAppSecret(),
    });
    const categories = await rawRows<Category>(
      db,
      sql`select id, fee::int as fee, bin, type, validity_years from wallet.card_categories order by id`,
    );
    const [existing] = await rawRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from wallet.users where app_id = ${appKey} and app_user_id like ${`${PREFIX}-%`}`,
    );
    const offset = existing?.n ?? 0;
    const totalFees = Array.from(
      { length: USERS * CARDS_PER_USER },
      (_, i) => categories[i % categories.length]!.fee,
    ).reduce((a, b) => a + b, 0);
    console.error(
      `seed-large: ${USERS.toLocaleString('en-US')} users x ${CARDS_PER_USER} cards into ${handle.engine} (app ${env.WALLET_APP_ID}, ${offset.toLocaleString('en-US')} seeded before)`,
    );

    // The agency asset is credited with what the seeded cards cost, then debited card by card.
    const [agency] = await rawRows<{ balance: string }>(
      db,
      sql`update wallet.assets set balance = balance + ${totalFees} where id = ${agencyAssetId} returning balance`,
    );
    let balance = Number(agency!.balance);
    await db.execute(
      sql`insert into wallet.ledger_entries (asset_id, amount, balance_after, reason) values (${agencyAssetId}, ${totalFees}, ${balance}, 'CREDIT')`,
    );

    const startedAt = Date.now();
    const now = new Date();
    for (let start = 0; start < USERS; start += BATCH) {
      const size = Math.min(BATCH, USERS - start);
      await db.transaction(async (tx) => {
        const t = tx as unknown as Database;
        const userIds = await nextIds(t, 'wallet.users_id_seq', size);
        const numbers = userIds.map((_, i) => offset + start + i + 1);
        const appUserIds = numbers.map((n) => `${PREFIX}-${n}`);
        // Newest registration last, one second apart, so 4.2's order is the seeding order reversed.
        const registered = numbers.map((n) =>
          new Date(now.getTime() - (offset + USERS - n) * 1000).toISOString(),
        );
        await t.execute(sql`
          insert into wallet.users (id, app_id, app_user_id, email, wallet_account_type, wallet_token_hash,
            first_name, last_name, birthday, mobile, region, document_type, document_no, photos, registered_at)
          select u.id, ${appKey}, u.app_user_id, u.app_user_id || '@seed.example.com', 'STANDARD', md5(u.app_user_id),
            'Seed', 'User', '1990-01-01', '1-' || (4150000000 + u.id)::text, 'United States', 'PASSPORT', 'S' || lpad(u.id::text, 8, '0'),
            array['https://files.example.com/seed.png'], u.registered_at::timestamptz
          from unnest(${sql.raw(`array[${userIds.join(',')}]::int[]`)}, ${textArray(appUserIds)}, ${textArray(registered)})
            as u(id, app_user_id, registered_at)`);
        await t.execute(sql`
          insert into wallet.assets (app_id, user_id, type, code, name, currency, symbol, icon, decimal_places, balance, is_default)
          select ${appKey}, u.id, 'WALLET', 'WALLET_USD', 'Wallet (USD)', 'USD', '$', '/icons/usd.svg', 2, 0, true
          from unnest(${sql.raw(`array[${userIds.join(',')}]::int[]`)}) as u(id)`);

        const cardCount = size * CARDS_PER_USER;
        if (cardCount > 0) {
          // Locked for the batch: live card fees may be debited meanwhile, and each ledger row's
          // balance_after must follow the asset's real balance.
          const [locked] = await rawRows<{ balance: string; ledger_count: string }>(
            t,
            sql`select balance, ledger_count from wallet.assets where id = ${agencyAssetId} for update`,
          );
          balance = Number(locked!.balance);
          // The ledger's numbers are given here (the seq trigger numbers one row at a time, each
          // an update of this same asset row) and the asset's count set once below.
          const firstSeq = Number(locked!.ledger_count) + 1;
          const [assetIds, cardIds] = await Promise.all([
            nextIds(t, 'wallet.assets_id_seq', cardCount),
            nextIds(t, 'wallet.cards_id_seq', cardCount),
          ]);
          const cols = {
            cardId: [] as number[],
            assetId: [] as number[],
            userId: [] as number[],
            categoryId: [] as number[],
            fee: [] as number[],
            sealed: [] as string[],
            first6: [] as string[],
            last4: [] as string[],
            fingerprint: [] as string[],
            uuid: [] as string[],
            status: [] as string[],
            account: [] as string[],
            month: [] as string[],
            year: [] as string[],
            balanceAfter: [] as number[],
          };
          for (let i = 0; i < cardCount; i++) {
            const category = categories[(start * CARDS_PER_USER + i) % categories.length]!;
            const cardId = cardIds[i]!;
            // Unique by construction: the BIN, then the card's own id, then the Luhn digit.
            const body = `${category.bin}${String(cardId).padStart(9, '0')}`;
            const physical = category.type === 'PHYSICAL';
            balance -= category.fee;
            cols.cardId.push(cardId);
            cols.assetId.push(assetIds[i]!);
            cols.userId.push(userIds[Math.floor(i / CARDS_PER_USER)]!);
            cols.categoryId.push(category.id);
            cols.fee.push(category.fee);
            const secret = newCardSecretColumns(configuredSecretBox(), body + luhnCheckDigit(body));
            cols.sealed.push(secret.sealedSecrets);
            cols.first6.push(secret.first6);
            cols.last4.push(secret.last4);
            cols.fingerprint.push(secret.fingerprint);
            cols.uuid.push(randomUUID());
            cols.status.push(physical ? 'PENDING' : 'ACTIVE');
            cols.account.push(physical ? 'PENDING' : 'APPROVED');
            cols.month.push(String(now.getUTCMonth() + 1).padStart(2, '0'));
            cols.year.push(String(now.getUTCFullYear() + category.validity_years));
            cols.balanceAfter.push(balance);
          }
          const ints = (xs: number[]) => sql.raw(`array[${xs.join(',')}]::bigint[]`);
          await t.execute(sql`
            insert into wallet.assets (id, app_id, user_id, type, code, name, currency, symbol, icon, decimal_places, balance, is_default)
            select a.id, ${appKey}, a.user_id, 'CARD', 'CARD_USD', c.name || ' (USD)', 'USD', '$', '/icons/usd.svg', 2, 0, false
            from unnest(${ints(cols.assetId)}, ${ints(cols.userId)}, ${ints(cols.categoryId)}) as a(id, user_id, category_id)
            join wallet.card_categories c on c.id = a.category_id`);
          await t.execute(sql`
            insert into wallet.cards (id, app_id, user_id, category_id, payment_asset_id, card_asset_id, paid_by, fee,
              sealed_secrets, first6, last4, number_length, fingerprint, card_uuid, embossed_name, card_holder, expire_month, expire_year, status, card_account_status,
              channel, need_delivery, active_time, created_at, updated_at)
            select c.id, ${appKey}, c.user_id, c.category_id, ${agencyAssetId}, c.asset_id, 'AGENCY', c.fee,
              c.sealed, c.first6, c.last4, 16, c.fingerprint, c.uuid::uuid, 'SEED USER', 'Seed User', c.month, c.year, c.status, c.account,
              'CRYPTO', false, case when c.status = 'ACTIVE' then now() end, now(), now()
            from unnest(${ints(cols.cardId)}, ${ints(cols.userId)}, ${ints(cols.categoryId)}, ${ints(cols.assetId)},
              ${ints(cols.fee)}, ${textArray(cols.sealed)}, ${textArray(cols.first6)}, ${textArray(cols.last4)},
              ${textArray(cols.fingerprint)}, ${textArray(cols.uuid)}, ${textArray(cols.month)}, ${textArray(cols.year)},
              ${textArray(cols.status)}, ${textArray(cols.account)})
              as c(id, user_id, category_id, asset_id, fee, sealed, first6, last4, fingerprint, uuid, month, year, status, account)`);
          await t.execute(sql`
            insert into wallet.ledger_entries (asset_id, amount, balance_after, reason, card_id, seq)
            select ${agencyAssetId}, -l.fee, l.balance_after, 'CARD_FEE', l.card_id, ${firstSeq} + l.i - 1
            from unnest(${ints(cols.fee)}, ${ints(cols.balanceAfter)}, ${ints(cols.cardId)})
              with ordinality as l(fee, balance_after, card_id, i)`);
          await t.execute(
            sql`update wallet.assets set balance = balance - ${cols.fee.reduce((a, b) => a + b, 0)},
                  ledger_count = ledger_count + ${cardCount}
                where id = ${agencyAssetId}`,
          );
        }
        await t.execute(sql`update wallet.apps set user_count = user_count + ${size} where id = ${appKey}`);
      });
      progress(start + size, USERS, startedAt);
    }
    process.stderr.write('\n');
    const seconds = (Date.now() - startedAt) / 1000;
    console.error(
      `seed-large: ${USERS.toLocaleString('en-US')} users and ${(USERS * CARDS_PER_USER).toLocaleString('en-US')} cards in ${seconds.toFixed(1)} s (${Math.round(USERS / seconds).toLocaleString('en-US')} users/s)`,
    );
    // Every table the load wrote, the ledger included: a vacuum sets the hint bits and the
    // visibility map now, so the first reads do not (they would write), index-only scans are
    // possible, and autovacuum has nothing left to start on these tables in the middle of what
    // runs next (a benchmark's measurements).
    if (handle.engine === 'postgres') await db.execute(sql`vacuum (analyze)`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => exitOnError('seed:large', error));
