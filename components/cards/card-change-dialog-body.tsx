'use client';
// The card action dialog itself, loaded when its button is first wanted (card-change-dialog.tsx,
// components/ui/lazy-dialog.tsx): the confirmation, the reason and the call.
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { MakerReasonField } from '@/components/approvals/maker-reason-field';
import { toast } from '@/components/ui/toaster';
import { activateCard, cancelCard, lockCard, unlockCard } from '@/lib/backoffice/cards/actions';
import { isPendingApproval, pendingApprovalText } from '@/lib/backoffice/approvals/approval-kinds';
import { lazyZodResolver, usePreloadResolver } from '@/lib/backoffice/shared/lazy-resolver';

// zod and the schema load once a dialog is open (lazy-resolver.ts).
const cardChangeResolver = lazyZodResolver(() =>
  import('@/lib/backoffice/cards/card-programme-forms').then((m) => m.cardChangeWithReasonSchema),
);
import type { LazyDialogState } from '@/components/ui/lazy-dialog';
import type { CardAction } from '@/lib/wallet/contract/card-lifecycle';
import { CARD_ACTION_COPY, type CardChangeDialogProps } from './card-change-dialog';
import { CardNoteField, CardReasonField } from './card-reason-fields';

export function CardChangeDialogBody({
  dialog,
  requestId,
  ...props
}: CardChangeDialogProps & { dialog: LazyDialogState; requestId: string }) {
  const copy = CARD_ACTION_COPY[props.action];
  return (
    <TitledDialog
      {...dialog}
      title={copy.title}
      description={`Card ${props.cardLabel}${props.holderName ? ` of ${props.holderName}` : ''}. ${props.consequence}`}
    >
      {dialog.open ? (
        <CardChangeForm
          key={requestId}
          {...props}
          requestId={requestId}
          onDone={(data) => {
            // Under the approval policy (docs/back-office.md "Approvals") the change waits for a
            // second person.
            if (isPendingApproval(data))
              toast.success('Sent for approval', { description: pendingApprovalText(data) });
            else toast.success(copy.done);
            dialog.onOpenChange(false);
          }}
          onCancel={() => dialog.onOpenChange(false)}
        />
      ) : null}
    </TitledDialog>
  );
}

/**
 * Each action's server action, typed as the ones with a reason: unlock and activate take the same
 * input less the reason (so they accept it), and may answer fewer field errors.
 */
const SERVER_ACTIONS: Record<CardAction, typeof lockCard> = {
  lock: lockCard,
  cancel: cancelCard,
  unlock: unlockCard,
  activate: activateCard,
};

function CardChangeForm({
  action,
  appUserId,
  cardId,
  waitsForApproval,
  requestId,
  onDone,
  onCancel,
}: CardChangeDialogProps & { requestId: string; onDone: (data: unknown) => void; onCancel: () => void }) {
  usePreloadResolver(cardChangeResolver);
  const needsReason = action === 'lock' || action === 'cancel';
  // Unlock and activate carry no reason: the schema with one, its reason filled, serves both
  // kinds of form, and the server action of each parses only what it takes.
  const {
    form,
    action: run,
    handleSubmitWithAction,
  } = useHookFormAction(SERVER_ACTIONS[action], cardChangeResolver, {
    formProps: {
      defaultValues: {
        appUserId,
        cardId,
        requestId,
        ...(needsReason ? {} : { reason: 'OTHER' as const }),
      },
    },
    actionProps: { onSuccess: ({ data }) => onDone(data) },
  });
  const { errors } = form.formState;
  const copy = CARD_ACTION_COPY[action];
  const waits = waitsForApproval === true || errors.makerReason !== undefined;
  return (
    <form method="post" onSubmit={handleSubmitWithAction} noValidate className="grid gap-4">
      <ServerErrorAlert title="Nothing was changed" error={run.result.serverError} />
      {needsReason ? (
        <CardReasonField error={errors.reason?.message} registration={form.register('reason')} />
      ) : null}
      {waits ? (
        <>
          <Alert variant="warning" data-testid="card-change-waits">
            <AlertTitle>This will wait for approval</AlertTitle>
            <AlertDescription>
              Another member of staff must approve it; nothing changes until then.
            </AlertDescription>
          </Alert>
          <MakerReasonField error={errors.makerReason?.message} registration={form.register('makerReason')} />
        </>
      ) : null}
      <CardNoteField
        error={errors.note?.message}
        registration={form.register('note')}
        testId="card-action-note"
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Keep as it is
        </Button>
        <Button type="submit" variant={copy.danger ? 'destructive' : 'default'} loading={run.isExecuting}>
          {waits ? 'Send for approval' : copy.button}
        </Button>
      </DialogFooter>
    </form>
  );
}
