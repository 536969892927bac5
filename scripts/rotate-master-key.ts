// `npm run secrets:rotate-master-key -- [--new-key <32+ characters>]`: re-seals every stored app
// secret (apps, webhook endpoints, card numbers, staff two-factor keys) with a new master key, in one transaction, opening them with the current one
// (WALLET_MASTER_KEY, or the generated .data/master.key). Without --new-key a key is generated.
// Then: with a generated key, the new one replaces .data/master.key (the old is kept beside it
// as master.key.previous); with WALLET_MASTER_KEY, set it to the new key and, while instances
// still run with the old one, give them WALLET_MASTER_KEY_PREVIOUS=<old key> until restarted.
// Run it with the server stopped on the embedded default (PGlite admits one process).
import { randomBytes } from 'node:crypto';
import { renameSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { dataDir, env, masterKeyFile, walletMasterKey } from '@/lib/env';
import { openDatabase } from '@/lib/db/open';
import { walletDb } from '@/lib/wallet/service/db';
import { sealAppSecrets } from '@/lib/wallet/service/secrets/app-secrets';
import { resealTwoFactorSecrets } from '@/lib/backoffice/auth/two-factor-reseal';
import { createSecretBox } from '@/lib/wallet/service/secrets/secret-box';
import { exitOnError } from './lib/exit-on-error';

const { values } = parseArgs({ options: { 'new-key': { type: 'string' } } });
const newKey = values['new-key'] ?? randomBytes(32).toString('hex');
if (newKey.length < 32) {
  console.error('--new-key must be at least 32 characters');
  process.exit(2);
}

// CommonJS under tsx: no top-level await.
async function main(): Promise<void> {
  const oldKey = walletMasterKey();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, poolSize: 2 });
  try {
    const box = createSecretBox(newKey, [oldKey]);
    // One transaction: the wallet's secrets and the staff's two-factor keys move together or not at all.
    const { count, unopenable } = await walletDb(handle).transaction(async (tx) => {
      const wallet = await sealAppSecrets(tx, box);
      const staff = await resealTwoFactorSecrets(tx, box);
      return { count: wallet.sealed + staff.sealed, unopenable: [...wallet.unopenable, ...staff.unopenable] };
    });
    if (unopenable.length > 0) {
      throw new Error(
        `the current key does not open the secrets of ${unopenable.join(', ')}: nothing was changed`,
      );
    }
    if (env.WALLET_MASTER_KEY) {
      console.log(
        `re-sealed ${count} secret(s) (apps, webhook endpoints, card numbers, staff two-factor keys). Now set WALLET_MASTER_KEY=${newKey} (and, for instances still running with the old key, WALLET_MASTER_KEY_PREVIOUS=<the old key>), then restart.`,
      );
    } else {
      renameSync(masterKeyFile, `${masterKeyFile}.previous`);
      writeFileSync(masterKeyFile, `${newKey}\n`, { flag: 'wx', mode: 0o600 });
      console.log(
        `re-sealed ${count} secret(s) (apps, webhook endpoints, card numbers, staff two-factor keys) with a new key in ${masterKeyFile} (the old one is in master.key.previous).`,
      );
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => exitOnError('secrets:rotate-master-key', error));
