'use client';
// The replace dialog itself, loaded when first wanted (card-replace-dialog.tsx).
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { useRouter } from 'next/navigation';
import { MakerReasonField } from '@/components/approvals/maker-reason-field';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toaster';
import type { LazyDialogState } from '@/components/ui/lazy-dialog';
import { isPendingApproval, pendingApprovalText } from '@/lib/backoffice/approvals/approval-kinds';
import { replaceCard } from '@/lib/backoffice/cards/actions';
import { lazyZodResolver, usePreloadResolver } from '@/lib/backoffice/shared/lazy-resolver';
import { CardNoteField, CardReasonField } from './card-reason-fields';
import type { CardReplaceDialogProps } from './card-replace-dialog';

const replaceResolver = lazyZodResolver(() =>
  import('@/lib/backoffice/cards/card-programme-forms').then((m) => m.cardReplaceSchema),
);

export function CardReplaceDialogBody({
  dialog,
  requestId,
  ...props
}: CardReplaceDialogProps & { dialog: LazyDialogState; requestId: string }) {
  return (
    <TitledDialog {...dialog} title={`Replace card ${props.cardLabel}`} description={props.consequence}>
      {dialog.open ? (
        <ReplaceForm
          key={requestId}
          {...props}
          requestId={requestId}
          onCancel={() => dialog.onOpenChange(false)}
          onDone={() => dialog.onOpenChange(false)}
        />
      ) : null}
    </TitledDialog>
  );
}

function ReplaceForm({
  appUserId,
  cardId,
  suggestedReason,
  waitsForApproval,
  requestId,
  onCancel,
  onDone,
}: CardReplaceDialogProps & { requestId: string; onCancel: () => void; onDone: () => void }) {
  usePreloadResolver(replaceResolver);
  const router = useRouter();
  const { form, action, handleSubmitWithAction } = useHookFormAction(replaceCard, replaceResolver, {
    formProps: {
      defaultValues: {
        appUserId,
        cardId,
        requestId,
        ...(suggestedReason ? { reason: suggestedReason } : {}),
      },
    },
    actionProps: {
      onSuccess: ({ data }) => {
        if (!data) return;
        if (isPendingApproval(data)) {
          toast.success('Sent for approval', { description: pendingApprovalText(data) });
          onDone();
          router.refresh();
          return;
        }
        toast.success('Card replaced', {
          description: `The new card •••• ${data.last4} holds the balance; card ${data.oldCardId} is cancelled.`,
        });
        onDone();
        router.push(data.path);
      },
    },
  });
  const { errors } = form.formState;
  const waits = waitsForApproval === true || errors.makerReason !== undefined;
  return (
    <form method="post" onSubmit={handleSubmitWithAction} noValidate className="grid gap-4">
      <ServerErrorAlert title="Nothing was changed" error={action.result.serverError} />
      <CardReasonField error={errors.reason?.message} registration={form.register('reason')} />
      {waits ? (
        <>
          <Alert variant="warning" data-testid="card-replace-waits">
            <AlertTitle>This will wait for approval</AlertTitle>
            <AlertDescription>
              The card is locked as stolen or for suspected fraud: another member of staff must approve its
              replacement, as they would its unlock. Nothing changes until then.
            </AlertDescription>
          </Alert>
          <MakerReasonField error={errors.makerReason?.message} registration={form.register('makerReason')} />
        </>
      ) : null}
      <CardNoteField
        error={errors.note?.message}
        registration={form.register('note')}
        testId="card-replace-note"
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Keep the card
        </Button>
        <Button type="submit" loading={action.isExecuting}>
          {waits ? 'Send for approval' : 'Replace card'}
        </Button>
      </DialogFooter>
    </form>
  );
}
