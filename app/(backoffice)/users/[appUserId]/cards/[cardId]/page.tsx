// One card (docs/back-office.md "Routes"; docs/wallet-api.md "Card lifecycle"), its opening
// recorded as a view: its record with the number masked, status, balance, the status history as a
// timeline and the latest entries of its ledger; the lifecycle actions and the top-up the viewer's
// role allows (docs/back-office.md "Roles") for the card's status, and a locked card's next step
// (docs/back-office.md "Staff requests": support asks an operator), and who sees the card's details
// (its holder only, in the agency's app) with its recent detail views. The number is masked here, on
// the server, so the full value reaches neither the HTML nor the RSC payload.
import { CreditCard } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { CardChangeDialog } from '@/components/cards/card-change-dialog';
import { CardActivitySections } from '@/components/cards/card-activity-sections';
import { PurchaseFocus } from '@/components/cards/purchase-focus';
import { CardHistoryCard } from '@/components/cards/card-history-card';
import { CardDetailsCard, type DetailViewsResult } from '@/components/cards/card-details-card';
import { CardReplaceDialog } from '@/components/cards/card-replace-dialog';
import { CardLedgerCard } from '@/components/cards/card-ledger-card';
import { otherSidesOf } from '@/lib/backoffice/names/ledger-names';
import { TransferDialog } from '@/components/transfers/transfer-dialog';
import {
  cardActionsWaiting,
  replaceWaits,
  transferWaitsFrom,
} from '@/lib/backoffice/approvals/approval-hints';
import { movedToReplacement, replacementLinks } from '@/lib/backoffice/cards/card-replacement';
import { cardHref, namesOfUser } from '@/lib/backoffice/names/wallet-names';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { ApprovalNotices } from '@/components/approvals/approval-notices';
import { CardStaffRequests } from '@/components/staff-requests/card-staff-requests';
import { AccountStatusBadge, CardStatusBadge } from '@/components/ui/status-badge';
import { recordView } from '@/lib/backoffice/audit/record-view';
import { getDb } from '@/lib/backoffice/db';
import { unlockConsequence } from '@/lib/backoffice/cards/card-history-who';
import { agencyReasonOf } from '@/lib/backoffice/cards/card-programme-rules';
import { cardChangeWho } from '@/lib/backoffice/cards/card-history-who-data';
import { ACTION_PERMISSIONS, can } from '@/lib/backoffice/auth/permissions';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import {
  cardActionsFor,
  cardLabel,
  cancelConsequence,
  openHoldsText,
  replaceConsequence,
} from '@/lib/backoffice/cards/card-view';
import {
  agencyTransferSources,
  toTransferAsset,
  type TransferAsset,
} from '@/lib/backoffice/cards/card-programme-forms';
import { detailViewsOf } from '@/lib/backoffice/cards/detail-views';
import { formatExpiry, formatMoney } from '@/lib/backoffice/shared/format';
import { maskCardNumber } from '@/lib/backoffice/shared/mask';
import { sandboxCardHref } from '@/lib/backoffice/sandbox/sandbox-picker';
import { env } from '@/lib/env';
import { getWalletClient, WalletClientError, isWalletClientError } from '@/lib/backoffice/wallet-client';
import { findCard } from '../../find-user';

type Params = Promise<{ appUserId: string; cardId: string }>;

const LEDGER_ROWS = 10;
/** The card's recent detail views listed (docs/back-office.md "The cardholder's card details"). */
const DETAIL_VIEWS = 10;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { cardId } = await params;
  return { title: `Card ${cardId}` };
}

function CardNotFound({ appUserId, cardId }: { appUserId: string; cardId: string }) {
  const userPath = `/users/${encodeURIComponent(appUserId)}`;
  return (
    <>
      <PageHeader
        title="Card not found"
        breadcrumbs={[
          { label: 'Users', href: '/users' },
          { label: appUserId, href: userPath },
          { label: 'Not found' },
        ]}
      />
      <EmptyState
        icon={<CreditCard />}
        title={`User ${appUserId} has no card ${cardId}`}
        description="The card may belong to someone else, or the link is mistyped. The user's page lists their cards."
        action={
          <Link href={userPath} className={buttonVariants({ variant: 'outline' })}>
            Back to the user
          </Link>
        }
      />
    </>
  );
}

export default async function CardPage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const me = await requireStaff('cards.read');
  const segments = await params;
  const found = await findCard(segments);
  if (found.kind === 'not-found')
    return <CardNotFound appUserId={found.appUserId} cardId={segments.cardId} />;
  const { appUserId, cardId, card } = found;
  const wallet = getWalletClient();
  // A purchase the search box named (?purchase=<authorizationId>), shown open above the lists.
  const purchaseParam = (await searchParams).purchase;
  const purchaseId =
    typeof purchaseParam === 'string' && /^\d{1,15}$/.test(purchaseParam) && Number(purchaseParam) > 0
      ? Number(purchaseParam)
      : null;

  // Who looked at whose card, written before anything of it is rendered (docs/back-office.md "Roles").
  await recordView({ staff: me, targetType: 'card', targetId: String(cardId), subjectUser: appUserId });

  const canTransfer = can(me.role, 'money.transfer');
  const replaced = card.replacesCardId !== null || card.replacedByCardId !== null;
  const [ledger, userAssets, agencyAssets, who, holderNames, detailViews] = await Promise.all([
    wallet.assetLedger({ assetId: card.cardAssetId, pageNum: 1, pageSize: LEDGER_ROWS }).then(
      (value) => ({ ok: true as const, value }),
      (reason: unknown) => ({ ok: false as const, reason }),
    ),
    canTransfer ? wallet.userAssetList({ appUserId }) : Promise.resolve([]),
    canTransfer ? wallet.agencyAssetList({}) : Promise.resolve([]),
    getDb().then((db) => cardChangeWho(db, appUserId, cardId, card.history, card.replacesCardId)),
    // The cards a replacement links this one to, in words (only then asked for).
    replaced ? namesOfUser(appUserId).catch(() => null) : Promise.resolve(null),
    // When the cardholder opened the card's details, and from where: its card.details_viewed events.
    wallet.eventList({ type: 'card.details_viewed', cardId, pageSize: DETAIL_VIEWS }).then(
      (page): DetailViewsResult => ({ ok: true, views: detailViewsOf(page.list) }),
      (reason: unknown): DetailViewsResult => {
        if (!isWalletClientError(reason)) throw reason;
        return { ok: false, message: reason.staffMessage };
      },
    ),
  ]);
  const links = replacementLinks(card, holderNames?.cards ?? [], (id) => cardHref(appUserId, id));
  if (!ledger.ok && !isWalletClientError(ledger.reason)) throw ledger.reason;

  // The card's own entries name the other side of each transfer; the card itself is not one, but
  // the replacement its money moved on to is.
  const otherSides = new Map([
    ...(ledger.ok ? await otherSidesOf(ledger.value.list.filter((e) => e.cardId !== cardId)) : []),
    ...(ledger.ok ? movedToReplacement(ledger.value.list, cardId, links.replacedBy) : []),
  ]);
  const label = cardLabel(card.last4);
  const userPath = `/users/${encodeURIComponent(appUserId)}`;
  const wallets = userAssets.filter((a) => a.type === 'WALLET' && a.currency === card.currency);
  const topUpSources: TransferAsset[] = [
    ...wallets.map((a) => toTransferAsset(a, `Wallet (${a.currency})`)),
    ...agencyTransferSources(agencyAssets, card.currency),
  ];
  const cardAsset = toTransferAsset(
    {
      assetId: card.cardAssetId,
      balance: card.balance,
      currency: card.currency,
      decimalPlaces: card.decimalPlaces,
    },
    `card ${label}`,
  );
  const actions = cardActionsFor(card.status, me.role);
  const waitsFor = await cardActionsWaiting(card);
  const canReplace = card.status !== 'CANCELLED' && can(me.role, ACTION_PERMISSIONS['card.replace']);
  // The sandbox opened on this card, named (docs/card-spending.md "Sandbox and live"), where
  // simulation is on and the staff member may use it.
  const simulateLink =
    env.WALLET_SIMULATION && can(me.role, 'sandbox.use') ? (
      <Link href={sandboxCardHref({ appUserId, cardId })} className={buttonVariants({ variant: 'outline' })}>
        Simulate a purchase
      </Link>
    ) : null;
  const lockReason = card.status === 'LOCKED' ? agencyReasonOf(card.history.at(-1)?.reason) : null;
  const balance = formatMoney(card.balance, card.currency, card.decimalPlaces);
  const consequence = {
    lock: 'It cannot be used until an operator unlocks it.',
    unlock: unlockConsequence(card.history, who),
    activate: 'It can be used from now on.',
    cancel: cancelConsequence(
      card.balance > 0 ? balance : null,
      wallets[0] ? `Wallet (${card.currency})` : null,
    ),
  } as const;

  return (
    <>
      <PageHeader
        title={`Card ${label}`}
        description={`${card.cardName} · ${card.cardHolder} · app user ID ${appUserId}`}
        breadcrumbs={[
          { label: 'Users', href: '/users' },
          { label: card.cardHolder || appUserId, href: userPath },
          { label: `Card ${label}` },
        ]}
        actions={
          actions.length > 0 || canReplace || simulateLink || (canTransfer && card.status === 'ACTIVE') ? (
            <>
              {simulateLink}
              {actions.map((action) => (
                <CardChangeDialog
                  key={action}
                  action={action}
                  appUserId={appUserId}
                  cardId={cardId}
                  cardLabel={label}
                  consequence={consequence[action]}
                  holderName={card.cardHolder}
                  waitsForApproval={waitsFor.has(action)}
                />
              ))}
              {canReplace ? (
                <CardReplaceDialog
                  appUserId={appUserId}
                  cardId={cardId}
                  cardLabel={label}
                  suggestedReason={lockReason}
                  consequence={replaceConsequence({
                    label,
                    holder: card.cardHolder || appUserId,
                    cardName: card.cardName,
                    balance,
                    openHolds: openHoldsText(card),
                  })}
                  waitsForApproval={await replaceWaits(card)}
                />
              ) : null}
              {canTransfer && card.status === 'ACTIVE' ? (
                <TransferDialog
                  kind="top-up"
                  appUserId={appUserId}
                  cardId={cardId}
                  target={cardAsset}
                  sources={topUpSources}
                  waitsFrom={await transferWaitsFrom(me)}
                  trigger={{ label: 'Top up', variant: 'default' }}
                />
              ) : null}
            </>
          ) : null
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <ApprovalNotices staff={me} path={`${userPath}/cards/${cardId}`} />
        <CardStaffRequests
          staff={me}
          appUserId={appUserId}
          cardId={cardId}
          status={card.status}
          // Any reason, in words: the cardholder's freeze and three wrong CVVs too.
          lockReason={card.status === 'LOCKED' ? (card.history.at(-1)?.reason ?? null) : null}
          unlockWaits={waitsFor.has('unlock')}
        />
        <Card role="region" aria-labelledby="card-title">
          <CardHeader>
            <CardTitle id="card-title">Card</CardTitle>
          </CardHeader>
          <CardContent>
            <DescriptionList columns={3}>
              <DescriptionItem term="Card number">
                <span className="font-mono tabular-nums" data-testid="card-number">
                  {maskCardNumber(card.cardNumber)}
                </span>
              </DescriptionItem>
              <DescriptionItem term="Status">
                <span data-testid="card-status">
                  <CardStatusBadge status={card.status} />
                </span>
              </DescriptionItem>
              <DescriptionItem term="Balance">
                <span className="text-base font-semibold tabular-nums" data-testid="card-balance">
                  {balance}
                </span>
              </DescriptionItem>
              <DescriptionItem term="Available">
                <span className="text-base font-semibold tabular-nums" data-testid="card-available">
                  {formatMoney(card.availableBalance, card.currency, card.decimalPlaces)}
                </span>
              </DescriptionItem>
              <DescriptionItem term="Card type">
                {card.cardName} ({card.type === 'VIRTUAL' ? 'virtual' : 'physical'}, {card.network})
              </DescriptionItem>
              <DescriptionItem term="Name on card">{card.embossedName}</DescriptionItem>
              <DescriptionItem term="Expires">
                {formatExpiry(card.expireMonth, card.expireYear)}
              </DescriptionItem>
              <DescriptionItem term="Card account">
                <AccountStatusBadge status={card.cardAccountStatus} />
              </DescriptionItem>
              <DescriptionItem term="Card ID">{card.cardId}</DescriptionItem>
              <DescriptionItem term="Holder">
                <Link href={userPath} className="text-link underline-offset-4 hover:underline">
                  {card.cardHolder || appUserId}
                </Link>
              </DescriptionItem>
            </DescriptionList>
          </CardContent>
        </Card>
        <CardDetailsCard result={detailViews} />
        {purchaseId ? (
          <PurchaseFocus authorizationId={purchaseId} cardId={cardId} decimalPlaces={card.decimalPlaces} />
        ) : null}
        <CardActivitySections
          staff={me}
          card={card}
          appUserId={appUserId}
          path={`${userPath}/cards/${cardId}`}
          searchParams={await searchParams}
        />
        <CardHistoryCard
          history={card.history}
          who={who}
          replaces={links.replaces}
          replacedBy={links.replacedBy}
        />
        {ledger.ok ? (
          <CardLedgerCard
            page={ledger.value}
            assetId={card.cardAssetId}
            currency={card.currency}
            decimalPlaces={card.decimalPlaces}
            otherSides={otherSides}
          />
        ) : (
          <Alert variant="error">
            <AlertTitle>The ledger could not be loaded</AlertTitle>
            <AlertDescription>{(ledger.reason as WalletClientError).staffMessage}</AlertDescription>
          </Alert>
        )}
      </div>
    </>
  );
}
