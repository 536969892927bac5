// Replacing a card on a page of its own (docs/back-office.md "Without JavaScript"): where the card
// page's Replace card button leads when its dialog cannot open (no JavaScript, or opened in a new
// tab). The dialog's words and checks (the role, a card not cancelled), and its form
// (components/cards/card-replace-page-form.tsx) posted to replaceCardFromPage, which answers with
// the new card's page, or with this page again saying what went wrong, the reason and note kept
// (also when the card was cancelled meanwhile: the form stays, its button off). A card locked as
// stolen or fraud asks the maker's reason: its replacement waits for a second person.
// The requestId is made as the page renders, so posting it twice replaces the card once.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AccessDenied } from '@/components/access-denied';
import { CardReplacePageForm } from '@/components/cards/card-replace-page-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { ACTION_PERMISSIONS, can } from '@/lib/backoffice/auth/permissions';
import { CARD_CHANGE_REASONS } from '@/lib/backoffice/cards/card-programme-rules';
import { cardLabel, openHoldsText, replaceConsequence } from '@/lib/backoffice/cards/card-view';
import { replaceWaits } from '@/lib/backoffice/approvals/approval-hints';
import { formatMoney } from '@/lib/backoffice/shared/format';
import { newRequestId } from '@/lib/backoffice/shared/request-id';
import { findCard } from '../../../find-user';

type Params = Promise<{ appUserId: string; cardId: string }>;

export const metadata: Metadata = { title: 'Replace the card' };

export default async function CardReplacePage({ params }: { params: Params }) {
  const me = await requireStaff('cards.read');
  const found = await findCard(await params);
  if (found.kind === 'not-found') notFound();
  if (!can(me.role, ACTION_PERMISSIONS['card.replace'])) return <AccessDenied what="replacing cards" />;
  const { appUserId, cardId, card } = found;
  const userPath = `/users/${encodeURIComponent(appUserId)}`;
  const cardPath = `${userPath}/cards/${cardId}`;
  const label = cardLabel(card.last4);
  const lastReason = card.status === 'LOCKED' ? (card.history.at(-1)?.reason ?? null) : null;
  const suggestedReason = CARD_CHANGE_REASONS.find((r) => r === lastReason) ?? null;
  const balance = formatMoney(card.balance, card.currency, card.decimalPlaces);
  return (
    <div className="max-w-2xl">
      <PageHeader
        title="Replace the card"
        description={`Card ${label} of ${card.cardHolder} (${card.cardName}).`}
        breadcrumbs={[
          { label: 'Users', href: '/users' },
          { label: card.cardHolder || appUserId, href: userPath },
          { label: `Card ${label}`, href: cardPath },
          { label: 'Replace' },
        ]}
      />
      <Card>
        <CardHeader>
          <CardTitle>Replace card {label}</CardTitle>
          <CardDescription>
            {replaceConsequence({
              label,
              holder: card.cardHolder || appUserId,
              cardName: card.cardName,
              balance,
              openHolds: openHoldsText(card),
            })}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <CardReplacePageForm
            appUserId={appUserId}
            cardId={cardId}
            cardPath={cardPath}
            suggestedReason={suggestedReason}
            requestId={newRequestId()}
            cancelled={card.status === 'CANCELLED'}
            waitsForApproval={await replaceWaits(card)}
          />
        </CardContent>
      </Card>
    </div>
  );
}
