'use client';
// "Fund wallet" and "Top up" (asset/transfer, docs/wallet-api.md "Transfers"): where the money
// comes from, how much, and both balances before and after as the amount is typed. What cannot be
// paid (over the source's balance, too many decimals, another currency) is refused here, beside the
// amount, before any call; the wallet checks again under its locks and its refusal lands in the
// same place. The requestId is made when the dialog opens: a retry after a lost answer moves the
// money once. This module is the button; the dialog loads when first wanted
// (transfer-dialog-body.tsx, components/ui/lazy-dialog.tsx).
import { ArrowDownToLine, HandCoins } from 'lucide-react';
import dynamic from 'next/dynamic';
import { RequestDialog } from '@/components/forms/request-dialog';
import { buttonVariants } from '@/components/ui/button-variants';
import { clickOnSpace } from '@/components/ui/lazy-dialog';
import type { TransferAsset, TransferKind } from '@/lib/backoffice/cards/card-programme-rules';

const loadBody = () => import('./transfer-dialog-body');
const TransferDialogBody = dynamic(() => loadBody().then((m) => m.TransferDialogBody), { ssr: false });

export type TransferDialogProps = {
  kind: TransferKind;
  appUserId: string;
  /** The card topped up (kind "top-up"). */
  cardId?: number;
  /** Where the money goes. */
  target: TransferAsset;
  /** Where it may come from (same currency), best first. */
  sources: readonly TransferAsset[];
  /** The button that opens it (its icon follows the kind: a server page cannot pass a component). */
  trigger: { label: string; variant?: 'default' | 'outline' };
  /**
   * From which amount a transfer out of an agency asset waits for a second person, for this
   * member of staff now (directTransferHeadroom); null or absent when the policy is off.
   */
  waitsFrom?: string | null;
  /** After the money moved (a page that holds balances in the browser reads them again). */
  onTransferred?: () => void;
};

export function TransferDialog(props: TransferDialogProps) {
  const Icon = props.kind === 'top-up' ? ArrowDownToLine : HandCoins;
  return (
    <RequestDialog
      preload={loadBody}
      trigger={
        // The transfer's own page without JavaScript (or in a new tab); the dialog on a plain click.
        <a
          href={
            props.kind === 'top-up'
              ? `/users/${encodeURIComponent(props.appUserId)}/cards/${props.cardId}/top-up`
              : `/users/${encodeURIComponent(props.appUserId)}/fund`
          }
          role="button"
          onKeyDown={clickOnSpace}
          className={buttonVariants({ variant: props.trigger.variant ?? 'outline' })}
          data-testid={`transfer-${props.kind}`}
        >
          <Icon className="size-4" aria-hidden="true" />
          {props.trigger.label}
        </a>
      }
    >
      {(dialog, requestId) => <TransferDialogBody {...props} dialog={dialog} requestId={requestId} />}
    </RequestDialog>
  );
}
