'use client';
// One lifecycle action on one card (DESIGN §8: lock, unlock, activate, cancel) as a confirmation
// dialog: what will happen, the reason when the action needs one, and for a cancel where the
// card's balance goes. The requestId is made when the dialog opens, so a double click or a retry
// after a lost answer changes the card once; the page re-renders from the server on success.
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { Ban, CircleCheck, Lock, LockOpen, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/toaster';
import { activateCard, cancelCard, lockCard, unlockCard } from '@/lib/backoffice/actions/cards';
import {
  CARD_CHANGE_REASONS,
  REASON_LABELS,
  type CardAction,
} from '@/lib/backoffice/forms/card-programme-rules';
import { lazyZodResolver, usePreloadResolver } from '@/lib/backoffice/forms/lazy-resolver';

// zod and the schema load once a dialog is open (lazy-resolver.ts).
const cardChangeResolver = lazyZodResolver(() =>
  import('@/lib/backoffice/forms/card-programme').then((m) => m.cardChangeWithReasonSchema),
);
import { newRequestId } from '@/lib/backoffice/request-id';

type Copy = { button: string; title: string; done: string; icon: LucideIcon; danger?: boolean };

const COPY: Record<CardAction, Copy> = {
  lock: { button: 'Lock card', title: 'Lock this card', done: 'Card locked', icon: Lock, danger: true },
  unlock: { button: 'Unlock card', title: 'Unlock this card', done: 'Card unlocked', icon: LockOpen },
  activate: {
    button: 'Activate card',
    title: 'Activate this card',
    done: 'Card activated',
    icon: CircleCheck,
  },
  cancel: {
    button: 'Cancel card',
    title: 'Cancel this card',
    done: 'Card cancelled',
    icon: Ban,
    danger: true,
  },
};

export type CardChangeDialogProps = {
  action: CardAction;
  appUserId: string;
  cardId: number;
  /** "•••• 3771", to name the card in the dialog. */
  cardLabel: string;
  /** What the action means for this card, e.g. where a cancelled card's balance goes. */
  consequence: string;
};

export function CardChangeDialog(props: CardChangeDialogProps) {
  const [open, setOpen] = useState(false);
  // A fresh request for every opening: closing the dialog ends "the same request".
  const [requestId, setRequestId] = useState(newRequestId);
  const copy = COPY[props.action];
  const Icon = copy.icon;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setRequestId(newRequestId());
      }}
    >
      <DialogTrigger asChild>
        <Button variant={copy.danger ? 'destructive' : 'outline'} data-testid={`card-action-${props.action}`}>
          <Icon className="size-4" aria-hidden="true" />
          {copy.button}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>
            Card {props.cardLabel} of user {props.appUserId}. {props.consequence}
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <CardChangeForm
            key={requestId}
            {...props}
            requestId={requestId}
            onDone={() => {
              toast.success(copy.done);
              setOpen(false);
            }}
            onCancel={() => setOpen(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const SERVER_ACTIONS = { lock: lockCard, cancel: cancelCard, unlock: unlockCard, activate: activateCard };

function CardChangeForm({
  action,
  appUserId,
  cardId,
  requestId,
  onDone,
  onCancel,
}: CardChangeDialogProps & { requestId: string; onDone: () => void; onCancel: () => void }) {
  usePreloadResolver(cardChangeResolver);
  const needsReason = action === 'lock' || action === 'cancel';
  // Unlock and activate carry no reason: the schema with one, its reason filled, serves both
  // kinds of form, and the server action of each parses only what it takes.
  const {
    form,
    action: run,
    handleSubmitWithAction,
  } = useHookFormAction(SERVER_ACTIONS[action] as typeof lockCard, cardChangeResolver, {
    formProps: {
      defaultValues: {
        appUserId,
        cardId,
        requestId,
        ...(needsReason ? {} : { reason: 'OTHER' as const }),
      },
    },
    actionProps: { onSuccess: onDone },
  });
  const { errors } = form.formState;
  const copy = COPY[action];
  return (
    <form method="post" onSubmit={handleSubmitWithAction} noValidate className="grid gap-4">
      {run.result.serverError ? (
        <Alert variant="error" live>
          <AlertTitle>Nothing was changed</AlertTitle>
          <AlertDescription>{run.result.serverError}</AlertDescription>
        </Alert>
      ) : null}
      {needsReason ? (
        <Field label="Reason" required error={errors.reason?.message}>
          <NativeSelect placeholder="Choose a reason" {...form.register('reason')}>
            {CARD_CHANGE_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {REASON_LABELS[reason]}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Keep as it is
        </Button>
        <Button type="submit" variant={copy.danger ? 'destructive' : 'default'} loading={run.isExecuting}>
          {copy.button}
        </Button>
      </DialogFooter>
    </form>
  );
}
