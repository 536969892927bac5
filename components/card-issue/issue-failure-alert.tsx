'use client';
// Why the wizard's last issue showed no card, on its review step: the wallet refused it (choices
// kept, try again), the requestId was sent before with other details (a card may exist: check,
// or start a new issue), or no answer came (issuing again is safe: same requestId).
import Link from 'next/link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { IssueFailure } from '@/lib/backoffice/card-issue/card-issue-wizard-state';

export interface IssueFailureAlertProps {
  failure: IssueFailure;
  appUserId: string;
  onStartOver: () => void;
}

const TITLES: Record<IssueFailure['kind'], string> = {
  lost: 'No answer about the card',
  repeat: 'This issue was already sent with other details',
  refused: 'The card was not issued',
};

export function IssueFailureAlert({ failure, appUserId, onStartOver }: IssueFailureAlertProps) {
  return (
    <Alert variant="error" live data-testid="issue-failure">
      <AlertTitle>{TITLES[failure.kind]}</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>{failure.message}</p>
        {failure.kind === 'refused' ? <p>Your choices are kept: change them, or try again.</p> : null}
        {failure.kind === 'repeat' ? (
          <>
            <p>
              A card may already have been issued for it: check the{' '}
              <Link href={`/users/${encodeURIComponent(appUserId)}`}>user&apos;s cards</Link> before starting
              a new issue.
            </p>
            <Button type="button" variant="outline" size="sm" className="w-fit" onClick={onStartOver}>
              Start a new issue
            </Button>
          </>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}
