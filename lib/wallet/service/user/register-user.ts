// 4.1 Register and KYC: stores the user and their KYC data, opens their USD wallet asset and
// counts them in the app's user total, all in the caller's transaction.
import { and, eq, sql } from 'drizzle-orm';
import { apps, assets, users } from '@/lib/wallet/service/db/schema';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { RegisteredUser } from '@/lib/wallet/contract/schemas';
import { USD } from '../provision';
import { pgErrorCode, UNIQUE_VIOLATION, type AuthenticatedApp, type Executor } from '../context';
import { recordEvent } from '../event/record-event';
import { registerAndKyc } from '@/lib/wallet/contract/operations/register-and-kyc';
import { bindHandler } from '../bind-handler';
import { hashWalletToken, newWalletToken } from '../cardholder/wallet-token';

export async function registerUser(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'registerAndKyc'>;
}): Promise<RegisteredUser> {
  const { db, app, params } = options;

  const [clash] = await db
    .select({ appUserId: users.appUserId })
    .from(users)
    .where(
      and(
        eq(users.appId, app.id),
        sql`(${users.appUserId} = ${params.appUserId} or lower(${users.email}) = lower(${params.email}))`,
      ),
    )
    .limit(1);
  if (clash) throw alreadyRegistered(clash.appUserId === params.appUserId ? 'appUserId' : 'email');

  const walletToken = newWalletToken();
  let userId: number;
  try {
    // A savepoint, so that losing a race to a concurrent registration maps to 3002 cleanly.
    userId = await db.transaction(async (sp) => {
      const [row] = await sp
        .insert(users)
        .values({
          appId: app.id,
          appUserId: params.appUserId,
          email: params.email,
          walletAccountType: 'STANDARD',
          walletTokenHash: hashWalletToken(walletToken),
          firstName: params.firstName,
          lastName: params.lastName,
          birthday: params.birthday,
          gender: params.gender ?? null,
          mobile: params.mobile,
          region: params.region,
          documentType: params.documentType,
          documentNo: params.documentNo,
          documentExpiryDate: params.documentExpiryDate ?? null,
          photos: params.photos.split(','),
          occupation: params.occupation ?? null,
          position: params.position ?? null,
          annualIncome: params.annualIncome ?? null,
          detailedAddress: params.detailedAddress ?? null,
          cardUuid: params.cardUUID ?? null,
          supportDocumentType: params.supportDocumentType ?? null,
          supportDocumentUrl: params.supportDocumentUrl ?? null,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('user insert returned no row');
      return row.id;
    });
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw alreadyRegistered(undefined);
    throw error;
  }

  await db.insert(assets).values({
    appId: app.id,
    userId,
    type: 'WALLET',
    code: 'WALLET_USD',
    name: 'Wallet (USD)',
    currency: USD.currency,
    symbol: USD.symbol,
    icon: USD.icon,
    decimalPlaces: USD.decimalPlaces,
    balance: 0,
    isDefault: true,
  });
  await db
    .update(apps)
    .set({ userCount: sql`${apps.userCount} + 1` })
    .where(eq(apps.id, app.id));

  const registered = {
    agencyCode: app.agencyCode,
    appId: app.appId,
    appUserId: params.appUserId,
    email: params.email,
    walletAccountType: 'STANDARD' as const,
  };
  await recordEvent({ db, app, type: 'user.registered', data: registered });
  return { ...registered, walletToken };
}

/** `field` is the clashing key when known (a concurrent insert only says that one clashed). */
function alreadyRegistered(field: 'appUserId' | 'email' | undefined): WalletError {
  return new WalletError(
    ResultCode.USER_EXISTS,
    `A user with this ${field ?? 'appUserId or email'} is already registered under this app.`,
    field ? { field } : {},
  );
}

/** registerAndKyc's handler (lib/wallet/contract/operations/register-and-kyc.ts). */
export const registerAndKycHandler = bindHandler(registerAndKyc, registerUser);
