'use client';
// What the card-issue wizard shows once the wallet has issued the card: the card with its number
// masked (the server never sent more), its name, expiry and states, the wallet's message, and where
// to go next: the new card's page first. Or, when the approval policy made the issuance wait
// (docs/back-office.md "Approvals"), the request waiting for a second person.
import { Clock, CreditCard, SquarePlus, UserRound, type LucideIcon } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode, Ref } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { AccountStatusBadge, CardStatusBadge } from '@/components/ui/status-badge';
import { userDisplayName } from '@/lib/backoffice/card-issue/card-issue-format';
import { formatExpiry } from '@/lib/backoffice/shared/format';
import { cardHref } from '@/lib/backoffice/search/search';
import { isPendingApproval, pendingApprovalText } from '@/lib/backoffice/approvals/approval-kinds';
import type { IssueOutcome, IssueUser } from '@/lib/backoffice/card-issue/forms';

export interface IssueResultProps {
  card: IssueOutcome;
  user: IssueUser | null;
  categoryName: string | undefined;
  onIssueAnother: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** The result's heading, focused when the result replaces the review (the wizard's focus rule). */
function ResultHeading({
  headingRef,
  icon: Icon,
  children,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <CardHeader>
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-base leading-snug font-semibold tracking-tight outline-none"
      >
        <Icon className="size-5 text-primary" aria-hidden="true" />
        {children}
      </h2>
    </CardHeader>
  );
}

function IssueAnotherButton({ onClick, variant }: { onClick: () => void; variant?: 'outline' }) {
  return (
    <Button type="button" onClick={onClick} variant={variant}>
      <SquarePlus className="size-4" aria-hidden="true" />
      Issue another card
    </Button>
  );
}

export function IssueResult({ card, user, categoryName, onIssueAnother, headingRef }: IssueResultProps) {
  if (isPendingApproval(card)) {
    return (
      <Card data-testid="issue-result">
        <ResultHeading headingRef={headingRef} icon={Clock}>
          Sent for approval
        </ResultHeading>
        <CardContent>
          <Alert variant="info" live>
            <AlertTitle>
              {categoryName ? `The ${categoryName} card` : 'The card'} for{' '}
              {user ? userDisplayName(user) : 'this user'} is not issued yet
            </AlertTitle>
            <AlertDescription data-testid="issue-result-message">
              {pendingApprovalText(card)}
            </AlertDescription>
          </Alert>
        </CardContent>
        <CardFooter className="flex-wrap">
          <Button asChild variant="outline">
            <Link href={`/approvals/${card.approval.id}`}>
              <Clock className="size-4" aria-hidden="true" />
              Open request {card.approval.id}
            </Link>
          </Button>
          <IssueAnotherButton onClick={onIssueAnother} />
        </CardFooter>
      </Card>
    );
  }
  const who = user ? userDisplayName(user) : card.appUserId;
  return (
    <Card data-testid="issue-result">
      <ResultHeading headingRef={headingRef} icon={CreditCard}>
        Card issued to {who}
      </ResultHeading>
      <CardContent className="grid gap-5">
        <Alert variant="success" live>
          <AlertTitle>{categoryName ? `${categoryName} card issued` : 'Card issued'}</AlertTitle>
          <AlertDescription data-testid="issue-result-message">{card.msg}</AlertDescription>
        </Alert>
        <DescriptionList columns={3}>
          <DescriptionItem term="Card number" data-testid="result-card-number">
            <span className="font-mono tabular-nums">{card.maskedNumber}</span>
          </DescriptionItem>
          <DescriptionItem term="Name on the card" data-testid="result-embossed-name">
            <span className="font-mono">{card.embossedName}</span>
          </DescriptionItem>
          <DescriptionItem term="Expires" data-testid="result-expiry">
            <span className="tabular-nums">{formatExpiry(card.expiryMonth, card.expiryYear)}</span>
          </DescriptionItem>
          <DescriptionItem term="Card status" data-testid="result-status">
            <CardStatusBadge status={card.status} />
          </DescriptionItem>
          <DescriptionItem term="Card account" data-testid="result-account-status">
            <AccountStatusBadge status={card.cardAccountStatus} />
          </DescriptionItem>
          <DescriptionItem term="Card ID" data-testid="result-card-id">
            <span className="tabular-nums">{card.cardId}</span>
          </DescriptionItem>
        </DescriptionList>
      </CardContent>
      <CardFooter className="flex-wrap">
        <Button asChild>
          <Link href={cardHref(card.appUserId, card.cardId)}>
            <CreditCard className="size-4" aria-hidden="true" />
            Open the new card
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={`/users/${encodeURIComponent(card.appUserId)}`}>
            <UserRound className="size-4" aria-hidden="true" />
            Open {who}&apos;s page
          </Link>
        </Button>
        <IssueAnotherButton onClick={onIssueAnother} variant="outline" />
      </CardFooter>
    </Card>
  );
}
