'use client';
// One lifecycle action on one card (docs/wallet-api.md "Card lifecycle": lock, unlock, activate,
// cancel) as a confirmation dialog: what will happen, the reason when the action needs one, and for
// a cancel where the card's balance goes. The requestId is made when the dialog opens, so a double
// click or a retry after a lost answer changes the card once; the page re-renders from the server
// on success. This module is the button; the dialog loads when first wanted
// (card-change-dialog-body.tsx, components/ui/lazy-dialog.tsx).
import { Ban, CircleCheck, Lock, LockOpen, type LucideIcon } from 'lucide-react';
import dynamic from 'next/dynamic';
import { RequestDialog } from '@/components/forms/request-dialog';
import { buttonVariants } from '@/components/ui/button-variants';
import { clickOnSpace } from '@/components/ui/lazy-dialog';
import { cardActionWords, type CardAction } from '@/lib/wallet/contract/card-lifecycle';

const loadBody = () => import('./card-change-dialog-body');
const CardChangeDialogBody = dynamic(() => loadBody().then((m) => m.CardChangeDialogBody), { ssr: false });

type Copy = { button: string; title: string; done: string; icon: LucideIcon; danger?: boolean };

/** How each action looks here; its words are the contract's (card-lifecycle.ts). */
const LOOK: Record<CardAction, { icon: LucideIcon; danger?: boolean }> = {
  lock: { icon: Lock, danger: true },
  unlock: { icon: LockOpen },
  activate: { icon: CircleCheck },
  cancel: { icon: Ban, danger: true },
};

function copyOf(action: CardAction): Copy {
  const words = cardActionWords(action);
  return { button: words.button, title: words.title, done: words.toast, ...LOOK[action] };
}

export const CARD_ACTION_COPY = {
  lock: copyOf('lock'),
  unlock: copyOf('unlock'),
  activate: copyOf('activate'),
  cancel: copyOf('cancel'),
} satisfies Record<CardAction, Copy>;

export type CardChangeDialogProps = {
  action: CardAction;
  appUserId: string;
  cardId: number;
  /** "•••• 3771", to name the card in the dialog. */
  cardLabel: string;
  /** What the action means for this card, e.g. where a cancelled card's balance goes. */
  consequence: string;
  /** The holder's name, to say whose card it is in words. */
  holderName?: string;
  /** The approval policy makes this action wait for a second person (approval-hints.ts). */
  waitsForApproval?: boolean;
};

export function CardChangeDialog(props: CardChangeDialogProps) {
  const copy = CARD_ACTION_COPY[props.action];
  const Icon = copy.icon;
  return (
    <RequestDialog
      preload={loadBody}
      trigger={
        // The change's own page without JavaScript (or in a new tab); the dialog on a plain click.
        <a
          href={`/users/${encodeURIComponent(props.appUserId)}/cards/${props.cardId}/${props.action}`}
          role="button"
          onKeyDown={clickOnSpace}
          className={buttonVariants({ variant: copy.danger ? 'destructive' : 'outline' })}
          data-testid={`card-action-${props.action}`}
        >
          <Icon className="size-4" aria-hidden="true" />
          {copy.button}
        </a>
      }
    >
      {(dialog, requestId) => <CardChangeDialogBody {...props} dialog={dialog} requestId={requestId} />}
    </RequestDialog>
  );
}
