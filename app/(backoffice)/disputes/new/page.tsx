// Opening a dispute on a cleared purchase (docs/back-office-guide.md "Disputes"): where each
// cleared purchase's "Dispute" leads (the card page, /transactions, a purchase found by the
// search box), `?authorizationId=`. The purchase as the wallet has it (merchant, amount, date,
// whose card), then the form (components/disputes/dispute-forms.tsx). Support may open one; the
// action checks the role and the purchase itself. A page of its own, so it works without
// JavaScript and on a phone.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AccessDenied } from '@/components/access-denied';
import { OpenDisputeForm } from '@/components/disputes/open-dispute-form';
import {
  DISPUTE_REASON_OPTIONS,
  DISPUTE_REASON_TEXT,
  whatWillHappen,
} from '@/lib/backoffice/disputes/dispute-words';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { LocalTime } from '@/components/ui/local-time';
import { PageHeader } from '@/components/ui/page-header';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { ACTION_PERMISSIONS, can } from '@/lib/backoffice/auth/permissions';
import { holderOf, moneyText, purchaseCardText } from '@/lib/backoffice/cards/purchase-words';
import { holdersOf } from '@/lib/backoffice/names/purchase-holders';
import { cardHref, userHref } from '@/lib/backoffice/names/wallet-names';
import { asWalletClientError, getWalletClient } from '@/lib/backoffice/wallet-client';

export const metadata: Metadata = { title: 'Open a dispute' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function NewDisputePage({ searchParams }: { searchParams: SearchParams }) {
  const me = await requireStaff('cards.read');
  if (!can(me.role, ACTION_PERMISSIONS['dispute.open'])) return <AccessDenied what="opening disputes" />;
  const raw = (await searchParams).authorizationId;
  const id = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) notFound();
  let a;
  try {
    a = await getWalletClient().authorizationDetail({ authorizationId: id });
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (walletError?.code === 4014) notFound();
    if (!walletError) throw error;
    return (
      <Alert variant="error">
        <AlertTitle>The purchase could not be loaded</AlertTitle>
        <AlertDescription>{walletError.staffMessage}</AlertDescription>
      </Alert>
    );
  }
  const holder = holderOf(a, await holdersOf([a]));
  const left = Number((a.clearedAmount - a.refundedAmount).toFixed(6));
  const disputable = a.status === 'CLEARED' && a.transactionId !== null && left > 0;
  const person = holder?.name ?? a.appUserId;
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Open a dispute"
        description="For a purchase the cardholder did not make, never received, or was charged wrongly for."
        breadcrumbs={[
          { label: 'Users', href: '/users' },
          { label: person, href: userHref(a.appUserId) },
          { label: holder?.card ?? `Card ${a.cardId}`, href: cardHref(a.appUserId, a.cardId) },
          { label: 'Dispute' },
        ]}
      />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>The purchase</CardTitle>
          </CardHeader>
          <CardContent>
            <DescriptionList columns={2} data-testid="disputed-purchase">
              <DescriptionItem term="Merchant">{a.merchant.name}</DescriptionItem>
              <DescriptionItem term="Amount">{moneyText(a.clearedAmount, a.currency)}</DescriptionItem>
              <DescriptionItem term="Date">
                <LocalTime value={a.createdAt} />
              </DescriptionItem>
              <DescriptionItem term="Card">{purchaseCardText(a, holder)}</DescriptionItem>
              {a.refundedAmount > 0 ? (
                <DescriptionItem term="Refunded">{moneyText(a.refundedAmount, a.currency)}</DescriptionItem>
              ) : null}
            </DescriptionList>
          </CardContent>
        </Card>
        {disputable ? (
          <OpenDisputeForm
            purchase={{
              appUserId: a.appUserId,
              cardId: a.cardId,
              authorizationId: a.authorizationId,
              transactionId: a.transactionId!,
              leftText: moneyText(left, a.currency),
            }}
            reasons={DISPUTE_REASON_OPTIONS.map(({ value, label }) => ({
              value,
              label,
              explain: DISPUTE_REASON_TEXT[value].explain,
            }))}
            whatHappens={{
              fraud: whatWillHappen('FRAUDULENT'),
              other: whatWillHappen('OTHER'),
              none: whatWillHappen(undefined),
            }}
          />
        ) : (
          <Alert>
            <AlertTitle>This purchase cannot be disputed</AlertTitle>
            <AlertDescription>
              Only a purchase the merchant has taken the money for (cleared), and not refunded in full, can be
              disputed. A purchase still held can be reversed by the merchant instead.
            </AlertDescription>
          </Alert>
        )}
      </div>
    </div>
  );
}
