// A card's change on a page of its own (docs/back-office.md "Without JavaScript"): lock, unlock,
// activate, cancel and top up, where the card page's buttons lead when their dialog cannot open
// (no JavaScript, or opened in a new tab). The same words as the dialog, the same checks (the role,
// the card's status, the approval policy), and a plain form the browser posts to the server
// action (lockCardFromPage, changeCardFromPage, transferMoneyFromPage), which answers with the
// card's page, or with this page again saying what went wrong. The requestId is made as the page
// is rendered, so posting it twice changes the card once.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AccessDenied } from '@/components/access-denied';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { MakerReasonInput } from '@/components/approvals/maker-reason-field';
import { AmountField, FromAssetField } from '@/components/transfers/from-asset-field';
import { PageHeader } from '@/components/ui/page-header';
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cardActionsWaiting, transferWaitsFrom } from '@/lib/backoffice/approvals/approval-hints';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { ACTION_PERMISSIONS, can } from '@/lib/backoffice/auth/permissions';
import { changeCardFromPage, lockCardFromPage } from '@/lib/backoffice/cards/actions';
import {
  agencyTransferSources,
  CARD_CHANGE_REASONS,
  CARD_NOTE_MAX,
  REASON_LABELS,
  toTransferAsset,
  type TransferAsset,
} from '@/lib/backoffice/cards/card-programme-rules';
import { cancelConsequence, cardActionsFor, cardLabel } from '@/lib/backoffice/cards/card-view';
import { formatDecimalText, formatMoney } from '@/lib/backoffice/shared/format';
import { pagePostProblemOf } from '@/lib/backoffice/shared/page-post';
import { problemText } from '@/lib/backoffice/shared/page-post-problems';
import { formAction } from '@/components/forms/form-action';
import { newRequestId } from '@/lib/backoffice/shared/request-id';
import { transferMoneyFromPage } from '@/lib/backoffice/transfers/actions';
import { getWalletClient } from '@/lib/backoffice/wallet-client';
import { cardActionWords, type CardAction } from '@/lib/wallet/contract/card-lifecycle';
import { findCard } from '../../../find-user';

type Params = Promise<{ appUserId: string; cardId: string; change: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const CHANGES = ['lock', 'unlock', 'activate', 'cancel', 'top-up'] as const;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { change } = await params;
  if (change === 'top-up') return { title: 'Top up the card' };
  const action = CHANGES.find((c) => c === change);
  return { title: action ? cardActionWords(action as CardAction).title : 'Card' };
}

export default async function CardChangePage({
  params,
  searchParams,
}: {
  params: Params;
  searchParams: SearchParams;
}) {
  const me = await requireStaff('cards.read');
  const segments = await params;
  const change = CHANGES.find((c) => c === segments.change);
  if (!change) notFound();
  const found = await findCard(segments);
  if (found.kind === 'not-found') notFound();
  const { appUserId, cardId, card } = found;
  const wallet = getWalletClient();
  const userPath = `/users/${encodeURIComponent(appUserId)}`;
  const cardPath = `${userPath}/cards/${cardId}`;
  const label = cardLabel(card.last4);
  const problem = pagePostProblemOf(await searchParams);
  const title = change === 'top-up' ? 'Top up the card' : cardActionWords(change).title;
  const header = (
    <PageHeader
      title={title}
      description={`Card ${label} of ${card.cardHolder} (${card.cardName}).`}
      breadcrumbs={[
        { label: 'Users', href: '/users' },
        { label: card.cardHolder, href: userPath },
        { label: `Card ${label}`, href: cardPath },
        { label: title },
      ]}
    />
  );
  const problemAlert = problem ? (
    <Alert variant="error" live data-testid="page-post-problem">
      <AlertTitle>Nothing was changed</AlertTitle>
      <AlertDescription>{problemText(problem)}</AlertDescription>
    </Alert>
  ) : null;
  const back = (
    <Link href={cardPath} className={buttonVariants({ variant: 'outline' })}>
      Keep as it is
    </Link>
  );
  const makerReason = (why: string) => (
    <MakerReasonInput hint={why} invalid={problem?.field === 'makerReason'} />
  );

  if (change === 'top-up') {
    if (!can(me.role, 'money.transfer')) return <AccessDenied what="top-ups" />;
    const [userAssets, agencyAssets, waitsFrom] = await Promise.all([
      wallet.userAssetList({ appUserId }),
      wallet.agencyAssetList({}),
      transferWaitsFrom(me),
    ]);
    const sources: TransferAsset[] = [
      ...userAssets
        .filter((a) => a.type === 'WALLET' && a.currency === card.currency)
        .map((a) => toTransferAsset(a, `Wallet (${a.currency})`)),
      ...agencyTransferSources(agencyAssets, card.currency),
    ].filter((s) => s.balanceMinor > 0);
    return (
      <div className="max-w-2xl">
        {header}
        <Card>
          <CardHeader>
            <CardTitle>Into card {label}</CardTitle>
            <CardDescription>
              Balance now {formatMoney(card.balance, card.currency, card.decimalPlaces)}.
              {card.status !== 'ACTIVE' ? ' Only an active card can be topped up.' : ''}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {problemAlert}
            {card.status !== 'ACTIVE' || sources.length === 0 ? (
              <p>{sources.length === 0 ? 'No asset with money in this currency can pay for it.' : null}</p>
            ) : (
              <form
                method="post"
                action={formAction(transferMoneyFromPage)}
                className="grid gap-4"
                noValidate
              >
                <input type="hidden" name="kind" value="top-up" />
                <input type="hidden" name="appUserId" value={appUserId} />
                <input type="hidden" name="cardId" value={String(cardId)} />
                <input type="hidden" name="toAssetId" value={String(card.cardAssetId)} />
                <input type="hidden" name="requestId" value={newRequestId()} />
                <FromAssetField sources={sources} />
                <AmountField currency={card.currency} invalid={problem?.field === 'amount'} />
                {waitsFrom !== null
                  ? makerReason(
                      `Out of an agency asset, from ${formatDecimalText(waitsFrom, card.currency, 2)} it waits for another member of staff, and needs a reason.`,
                    )
                  : null}
                <div className="flex flex-wrap gap-2">
                  {back}
                  <Button type="submit">Top up</Button>
                </div>
              </form>
            )}
          </CardContent>
        </Card>
      </div>
    );
  }

  if (!can(me.role, ACTION_PERMISSIONS[`card.${change}`]))
    return <AccessDenied what={`${change} on a card`} />;
  const allowed = cardActionsFor(card.status, me.role).includes(change);
  const waits = (await cardActionsWaiting(card)).has(change);
  const needsReason = change === 'lock' || change === 'cancel';
  const words = cardActionWords(change);
  const walletAsset = (await wallet.userAssetList({ appUserId })).find(
    (a) => a.type === 'WALLET' && a.currency === card.currency,
  );
  const consequence = {
    lock: 'It cannot be used until an operator unlocks it.',
    unlock: 'It can be used again at once.',
    activate: 'It can be used from now on.',
    cancel: cancelConsequence(
      card.balance > 0 ? formatMoney(card.balance, card.currency, card.decimalPlaces) : null,
      walletAsset ? `Wallet (${card.currency})` : null,
    ),
  }[change];
  return (
    <div className="max-w-2xl">
      {header}
      <Card>
        <CardHeader>
          <CardTitle>{words.title}</CardTitle>
          <CardDescription>{consequence}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {problemAlert}
          {!allowed ? (
            <p>The card is {card.status.toLowerCase()}: it cannot be changed this way now.</p>
          ) : (
            <form
              method="post"
              action={formAction(change === 'lock' ? lockCardFromPage : changeCardFromPage)}
              className="grid gap-4"
              noValidate
            >
              <input type="hidden" name="appUserId" value={appUserId} />
              <input type="hidden" name="cardId" value={String(cardId)} />
              <input type="hidden" name="change" value={change} />
              <input type="hidden" name="requestId" value={newRequestId()} />
              {needsReason ? (
                <div className="grid gap-1.5">
                  <Label htmlFor="reason">Reason</Label>
                  <NativeSelect
                    id="reason"
                    name="reason"
                    defaultValue=""
                    aria-invalid={problem?.field === 'reason' ? true : undefined}
                  >
                    <option value="" disabled>
                      Choose a reason
                    </option>
                    {CARD_CHANGE_REASONS.map((reason) => (
                      <option key={reason} value={reason}>
                        {REASON_LABELS[reason]}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              ) : null}
              {/* The dialog's note (card-reason-fields.tsx), for the card's history in the audit log. */}
              <div className="grid gap-1.5">
                <Label htmlFor="note">Note</Label>
                <p id="note-hint" className="text-[0.8125rem] leading-snug text-muted-foreground">
                  Optional: what the caller said, for the card&apos;s history.
                </p>
                <Textarea
                  id="note"
                  name="note"
                  maxLength={CARD_NOTE_MAX}
                  aria-describedby="note-hint"
                  aria-invalid={problem?.field === 'note' ? true : undefined}
                  data-testid="card-change-note"
                />
              </div>
              {waits ? (
                <>
                  <Alert variant="warning">
                    <AlertTitle>This will wait for approval</AlertTitle>
                    <AlertDescription>
                      Another member of staff must approve it; nothing changes until then.
                    </AlertDescription>
                  </Alert>
                  {makerReason('It waits for a second person.')}
                </>
              ) : null}
              <div className="flex flex-wrap gap-2">
                {back}
                <Button
                  type="submit"
                  variant={change === 'lock' || change === 'cancel' ? 'destructive' : 'default'}
                >
                  {waits ? 'Send for approval' : words.button}
                </Button>
              </div>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
