// app/cardViewOrigins and app/cardViewOrigins/set (docs/wallet-api.md "The card-details link"):
// the origins that may embed the app's card-details pages, the page's CSP frame-ancestors. The
// parameter's schema already checked and canonicalised them (https:// origins, at most 10);
// given empty, the list is cleared.
import { eq } from 'drizzle-orm';
import { appCardViewOrigins } from '@/lib/wallet/contract/operations/app-card-view-origins';
import { appCardViewOriginsSet } from '@/lib/wallet/contract/operations/app-card-view-origins-set';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { CardViewOrigins } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { apps } from '../db/schema';

export async function readCardViewOrigins(options: {
  db: Executor;
  app: AuthenticatedApp;
}): Promise<CardViewOrigins> {
  const [row] = await options.db
    .select({ origins: apps.cardViewOrigins })
    .from(apps)
    .where(eq(apps.id, options.app.id));
  return { origins: row?.origins ?? [] };
}

export async function setCardViewOrigins(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: { origins?: string[] };
  cleared?: ReadonlySet<string>;
}): Promise<CardViewOrigins> {
  const { db, app, params } = options;
  const origins = options.cleared?.has('origins') ? [] : params.origins;
  if (origins === undefined) {
    throw new WalletError(
      ResultCode.PARAM_MISSING,
      'origins is required (given empty, it clears the list).',
      {
        field: 'origins',
      },
    );
  }
  await db.update(apps).set({ cardViewOrigins: origins }).where(eq(apps.id, app.id));
  return { origins };
}

/** appCardViewOrigins' handler (lib/wallet/contract/operations/app-card-view-origins.ts). */
export const appCardViewOriginsHandler = bindHandler(appCardViewOrigins, readCardViewOrigins);

/** appCardViewOriginsSet's handler (lib/wallet/contract/operations/app-card-view-origins-set.ts). */
export const appCardViewOriginsSetHandler = bindHandler(appCardViewOriginsSet, setCardViewOrigins);
