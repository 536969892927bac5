'use client';
// "Replace card" on a card's page (docs/back-office.md "Pages", a card): the lost-card call's end.
// A confirmation dialog with the reason (the old card is cancelled with it) and a note; the new
// card, of the same kind, gets the old card's balance and spending controls and is paid as the old
// one was (docs/wallet-api.md "card/replace"); the confirmation names the holder and the open holds
// the replacement reverses. A card locked as stolen or fraud waits for a second person, as its
// unlock would (docs/back-office.md "Approvals"): the dialog then asks the maker's reason. The requestId is made when the dialog opens, so a double
// click or a retry replaces the card once. On success the page of the new card opens. Without
// JavaScript the button is a link to the replace page (…/cards/<cardId>/replace). The dialog
// loads when first wanted (card-replace-dialog-body.tsx, components/ui/lazy-dialog.tsx).
import { Replace } from 'lucide-react';
import dynamic from 'next/dynamic';
import { RequestDialog } from '@/components/forms/request-dialog';
import { buttonVariants } from '@/components/ui/button-variants';
import { clickOnSpace } from '@/components/ui/lazy-dialog';
import type { CardChangeReason } from '@/lib/backoffice/cards/card-programme-rules';

const loadBody = () => import('./card-replace-dialog-body');
const CardReplaceDialogBody = dynamic(() => loadBody().then((m) => m.CardReplaceDialogBody), { ssr: false });

export type CardReplaceDialogProps = {
  appUserId: string;
  cardId: number;
  /** "•••• 3771" */
  cardLabel: string;
  /** The reason the card was locked with, if any: the likely reason for replacing it. */
  suggestedReason: CardChangeReason | null;
  /** What the replacement does, in words (replaceConsequence): whose card, what moves, the holds reversed. */
  consequence: string;
  /** The replacement waits for a second person (a card locked as stolen or fraud). */
  waitsForApproval?: boolean;
};

export function CardReplaceDialog(props: CardReplaceDialogProps) {
  return (
    <RequestDialog
      preload={loadBody}
      trigger={
        // The replace page without JavaScript (or in a new tab); the dialog on a plain click.
        <a
          href={`/users/${encodeURIComponent(props.appUserId)}/cards/${props.cardId}/replace`}
          role="button"
          onKeyDown={clickOnSpace}
          className={buttonVariants({ variant: 'default' })}
          data-testid="card-action-replace"
        >
          <Replace className="size-4" aria-hidden="true" />
          Replace card
        </a>
      }
    >
      {(dialog, requestId) => <CardReplaceDialogBody {...props} dialog={dialog} requestId={requestId} />}
    </RequestDialog>
  );
}
