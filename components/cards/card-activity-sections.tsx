// The card page's spending sections (docs/back-office.md "Pages": a card): its purchases
// (card/authorizations, a cursor page at a time, ?authStatus= and ?authCursor= in the address)
// and its spending controls (card/controls), each read from the wallet API apart, so a failure
// of one says so in its place and the rest of the page shows. A server component of its own, so
// the card page only inserts it.
import 'server-only';
import { randomUUID } from 'node:crypto';
import { CardAuthorizationsCard } from '@/components/cards/card-authorizations-card';
import { CardControlsCard } from '@/components/cards/card-controls-card';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ACTION_PERMISSIONS, can } from '@/lib/backoffice/auth/permissions';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { getWalletClient, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { AUTHORIZATION_STATUSES, type AuthorizationStatus } from '@/lib/wallet/contract/enums';
import type { CardDetail } from '@/lib/wallet/contract/schemas';

const PURCHASES_PER_PAGE = 10;
const CURSOR = /^[A-Za-z0-9_-]{1,64}$/;

type Settled<T> = { ok: true; value: T } | { ok: false; message: string };

async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    if (!isWalletClientError(error)) throw error;
    return { ok: false, message: error.staffMessage };
  }
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function CardActivitySections({
  staff,
  card,
  appUserId,
  path,
  searchParams,
}: {
  staff: CurrentStaff;
  card: CardDetail;
  appUserId: string;
  path: string;
  searchParams: Record<string, string | string[] | undefined>;
}) {
  const rawStatus = one(searchParams.authStatus);
  const status = AUTHORIZATION_STATUSES.find((s) => s === rawStatus) as AuthorizationStatus | undefined;
  const rawCursor = one(searchParams.authCursor);
  const cursor = rawCursor && CURSOR.test(rawCursor) ? rawCursor : undefined;
  const wallet = getWalletClient();
  const { cardId } = card;
  const [purchases, controls] = await Promise.all([
    settle(
      wallet.cardAuthorizations({
        appUserId,
        cardId,
        pageSize: PURCHASES_PER_PAGE,
        ...(status ? { status } : {}),
        ...(cursor ? { cursor } : {}),
      }),
    ),
    settle(wallet.cardControls({ appUserId, cardId })),
  ]);
  return (
    <>
      {controls.ok ? (
        <CardControlsCard
          controls={controls.value}
          appUserId={appUserId}
          cardId={cardId}
          currency={card.currency}
          decimalPlaces={card.decimalPlaces}
          canEdit={can(staff.role, ACTION_PERMISSIONS['card.controls_set'])}
          requestId={randomUUID()}
        />
      ) : (
        <Alert variant="error">
          <AlertTitle>The spending controls could not be loaded</AlertTitle>
          <AlertDescription>{controls.message}</AlertDescription>
        </Alert>
      )}
      {purchases.ok ? (
        <CardAuthorizationsCard
          page={purchases.value}
          path={path}
          status={status}
          cursor={cursor}
          decimalPlaces={card.decimalPlaces}
        />
      ) : (
        <Alert variant="error">
          <AlertTitle>The purchases could not be loaded</AlertTitle>
          <AlertDescription>{purchases.message}</AlertDescription>
        </Alert>
      )}
    </>
  );
}
