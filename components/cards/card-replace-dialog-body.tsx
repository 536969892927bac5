'use client';
// The replace dialog itself, loaded when first wanted (card-replace-dialog.tsx).
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { useRouter } from 'next/navigation';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import type { LazyDialogState } from '@/components/ui/lazy-dialog';
import { replaceCard } from '@/lib/backoffice/cards/actions';
import {
  CARD_CHANGE_REASONS,
  CARD_NOTE_MAX,
  REASON_LABELS,
} from '@/lib/backoffice/cards/card-programme-rules';
import { lazyZodResolver, usePreloadResolver } from '@/lib/backoffice/shared/lazy-resolver';
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
    <Dialog open={dialog.open} onOpenChange={dialog.onOpenChange}>
      <DialogContent onCloseAutoFocus={dialog.returnFocus}>
        <DialogHeader>
          <DialogTitle>Replace card {props.cardLabel}</DialogTitle>
          <DialogDescription>
            Card {props.cardLabel} of user {props.appUserId} is cancelled for good, and a new {props.cardName}{' '}
            is issued to them with its balance ({props.balance}). The new card&apos;s fee is paid as the old
            card&apos;s was.
          </DialogDescription>
        </DialogHeader>
        {dialog.open ? (
          <ReplaceForm
            key={requestId}
            {...props}
            requestId={requestId}
            onCancel={() => dialog.onOpenChange(false)}
            onDone={() => dialog.onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ReplaceForm({
  appUserId,
  cardId,
  suggestedReason,
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
        toast.success('Card replaced', {
          description: `The new card •••• ${data.last4} holds the balance; card ${data.oldCardId} is cancelled.`,
        });
        onDone();
        router.push(data.path);
      },
    },
  });
  const { errors } = form.formState;
  return (
    <form method="post" onSubmit={handleSubmitWithAction} noValidate className="grid gap-4">
      {action.result.serverError ? (
        <Alert variant="error" live>
          <AlertTitle>Nothing was changed</AlertTitle>
          <AlertDescription>{action.result.serverError}</AlertDescription>
        </Alert>
      ) : null}
      <Field label="Reason" required error={errors.reason?.message}>
        <NativeSelect placeholder="Choose a reason" {...form.register('reason')}>
          {CARD_CHANGE_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {REASON_LABELS[reason]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field
        label="Note"
        description="Optional: what the caller said, for the card's history."
        error={errors.note?.message}
      >
        <Textarea maxLength={CARD_NOTE_MAX} data-testid="card-replace-note" {...form.register('note')} />
      </Field>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Keep the card
        </Button>
        <Button type="submit" loading={action.isExecuting}>
          Replace card
        </Button>
      </DialogFooter>
    </form>
  );
}
