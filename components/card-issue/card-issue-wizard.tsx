'use client';
// The card-issue wizard as the page sends it: a placeholder of its size, replaced in the browser by
// the wizard itself (card-issue-wizard-body.tsx). The wizard keeps its state and requestId in the
// tab's sessionStorage, which only the browser has, so the server never rendered more than this;
// loading its code after the first paint keeps react-hook-form, zod, react-query and the steps'
// pickers out of the page's first-load JavaScript. Without JavaScript it says what it needs.
import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/skeleton';
import type { CardIssueWizardProps } from './use-card-issue-wizard';

export type { CardIssueWizardProps } from './use-card-issue-wizard';

function WizardPlaceholder() {
  return (
    <div className="grid gap-6" aria-busy="true">
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}

const Body = dynamic(() => import('./card-issue-wizard-body').then((m) => m.CardIssueWizardBody), {
  ssr: false,
  loading: WizardPlaceholder,
});

export function CardIssueWizard(props: CardIssueWizardProps) {
  return (
    <>
      <noscript>
        <p className="text-muted-foreground text-sm">
          Issuing a card needs JavaScript: the wizard keeps this issue&apos;s request ID in the tab, so that a
          retry never issues a second card. Turn JavaScript on and reload the page.
        </p>
      </noscript>
      <Body {...props} />
    </>
  );
}
