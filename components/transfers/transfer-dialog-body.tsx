'use client';
// The "Fund wallet" / "Top up" dialog itself, loaded when its button is first wanted
// (transfer-dialog.tsx, components/ui/lazy-dialog.tsx): the form, its checks as the amount is
// typed, and the call. See transfer-dialog.tsx for what it does.
import { useHookFormAction } from '@next-safe-action/adapter-react-hook-form/hooks';
import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Button } from '@/components/ui/button';
import { DialogFooter, TitledDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { MakerReasonField } from '@/components/approvals/maker-reason-field';
import { Input } from '@/components/ui/input';
import type { LazyDialogState } from '@/components/ui/lazy-dialog';
import { NativeSelect } from '@/components/ui/select';
import { toast } from '@/components/ui/toaster';
import { transferMoney } from '@/lib/backoffice/transfers/actions';
import { isPendingApproval, pendingApprovalText } from '@/lib/backoffice/approvals/approval-kinds';
import {
  checkTransfer,
  transferWillWait,
  type TransferAsset,
} from '@/lib/backoffice/cards/card-programme-rules';
import { lazyZodResolver, usePreloadResolver } from '@/lib/backoffice/shared/lazy-resolver';
import { formatMoney } from '@/lib/backoffice/shared/format';
import { formatMinorMoney } from '@/lib/backoffice/shared/format-minor';
import { compareAmounts, decimalToMinor } from '@/lib/wallet/contract/money';
import type { TransferDialogProps } from './transfer-dialog';

const money = (minor: number, asset: TransferAsset) =>
  formatMinorMoney(minor, asset.currency, asset.decimalPlaces);

export function TransferDialogBody({
  dialog,
  requestId,
  ...props
}: TransferDialogProps & { dialog: LazyDialogState; requestId: string }) {
  const title = props.kind === 'top-up' ? 'Top up the card' : "Fund the user's wallet";
  return (
    <TitledDialog
      {...dialog}
      title={title}
      description={
        <>
          Into {props.target.label}, balance {money(props.target.balanceMinor, props.target)}.
        </>
      }
    >
      {dialog.open ? (
        <TransferForm
          key={requestId}
          {...props}
          requestId={requestId}
          onDone={(text, description) => {
            toast.success(text, description ? { description } : undefined);
            dialog.onOpenChange(false);
            props.onTransferred?.();
          }}
          onCancel={() => dialog.onOpenChange(false)}
        />
      ) : null}
    </TitledDialog>
  );
}

function TransferForm({
  kind,
  appUserId,
  cardId,
  target,
  sources,
  waitsFrom,
  requestId,
  onDone,
  onCancel,
}: TransferDialogProps & {
  requestId: string;
  onDone: (text: string, description?: string) => void;
  onCancel: () => void;
}) {
  const payable = sources.filter((s) => s.currency === target.currency && s.balanceMinor > 0);
  const sourceOf = (id: unknown) => sources.find((s) => String(s.assetId) === String(id));
  // The schema's rules plus the one only this dialog knows: the chosen source's balance.
  // zod and the schema load once the dialog is open (lazy-resolver.ts).
  const [resolver] = useState(() =>
    lazyZodResolver(() =>
      import('@/lib/backoffice/cards/card-programme-forms').then(({ transferSchema }) =>
        transferSchema.superRefine((value, ctx) => {
          const from = sourceOf(value.fromAssetId);
          if (!from) return;
          const check = checkTransfer(value.amount, from, target);
          if (!check.ok) ctx.addIssue({ code: 'custom', path: ['amount'], message: check.message });
        }),
      ),
    ),
  );
  usePreloadResolver(resolver);
  const { form, action, handleSubmitWithAction } = useHookFormAction(transferMoney, resolver, {
    formProps: {
      defaultValues: {
        kind,
        appUserId,
        ...(cardId !== undefined ? { cardId } : {}),
        fromAssetId: payable[0]?.assetId ?? '',
        toAssetId: target.assetId,
        amount: '',
        requestId,
      },
    },
    actionProps: {
      onSuccess: ({ data }) => {
        // Over the approval policy's amount (docs/back-office.md "Approvals"): nothing moved yet, a
        // request waits.
        if (isPendingApproval(data)) return onDone('Sent for approval', pendingApprovalText(data));
        const from = sourceOf(data?.fromAssetId);
        onDone(
          `${data && from ? formatMoney(data.amount, from.currency, from.decimalPlaces) : 'The money'} moved to ${target.label}`,
        );
      },
    },
  });
  const { errors } = form.formState;
  const from = sourceOf(form.watch('fromAssetId'));
  const amount = form.watch('amount') ?? '';
  const check = from && amount.trim() !== '' ? checkTransfer(amount, from, target) : undefined;
  // Says before it is sent that it will wait (docs/back-office.md "Approvals"); the action decides.
  const waits = transferWillWait(check, from, waitsFrom) || errors.makerReason !== undefined;

  if (payable.length === 0) {
    return (
      <div className="grid gap-4">
        <Alert variant="warning">
          <AlertTitle>Nothing can pay for this</AlertTitle>
          <AlertDescription>
            {sources.length === 0
              ? `No asset in ${target.currency} can pay into ${target.label}.`
              : `Every asset that could pay into ${target.label} has a balance of 0. Add money to one of them first.`}
          </AlertDescription>
        </Alert>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            Close
          </Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <form method="post" onSubmit={handleSubmitWithAction} noValidate className="grid gap-4">
      <ServerErrorAlert title="No money moved" error={action.result.serverError} />
      <Field label="From" required error={errors.fromAssetId?.message}>
        <NativeSelect {...form.register('fromAssetId')}>
          {payable.map((s) => (
            <option key={s.assetId} value={s.assetId}>
              {s.label}: {money(s.balanceMinor, s)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field
        label={`Amount (${target.currency})`}
        required
        error={errors.amount?.message}
        description={`Up to ${target.decimalPlaces} decimals, e.g. 25.00`}
      >
        <Input inputMode="decimal" autoComplete="off" {...form.register('amount')} />
      </Field>
      {waits ? (
        <>
          <Alert variant="warning" data-testid="transfer-waits">
            <AlertTitle>This transfer will wait for approval</AlertTitle>
            <AlertDescription>
              {waitsFrom != null && compareAmounts(waitsFrom, '0') > 0
                ? `From ${money(decimalToMinor(waitsFrom, target.decimalPlaces) ?? 0, target)} out of an agency asset, a transfer of yours waits for another member of staff (what you sent alone in the last 24 hours counts). Nothing moves until then.`
                : 'Another member of staff must approve it before any money moves.'}
            </AlertDescription>
          </Alert>
          <MakerReasonField error={errors.makerReason?.message} registration={form.register('makerReason')} />
        </>
      ) : null}
      {from ? (
        <dl className="grid gap-2 rounded-md border border-border p-3 text-sm" aria-live="polite">
          <BalanceLine
            label={from.label}
            before={money(from.balanceMinor, from)}
            after={check?.ok ? money(check.fromAfterMinor, from) : undefined}
          />
          <BalanceLine
            label={target.label}
            before={money(target.balanceMinor, target)}
            after={check?.ok ? money(check.toAfterMinor, target) : undefined}
          />
        </dl>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={action.isExecuting}>
          {waits ? 'Send for approval' : kind === 'top-up' ? 'Top up' : 'Fund wallet'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function BalanceLine({ label, before, after }: { label: string; before: string; after?: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="flex items-center gap-2 tabular-nums">
        <span>{before}</span>
        <ArrowRight className="size-3.5 text-muted-foreground" aria-label="after the transfer" />
        <span className="font-medium">{after ?? '—'}</span>
      </dd>
    </div>
  );
}
