'use client';
// RequestDialog: a lazy dialog (components/ui/lazy-dialog.tsx) whose form makes one wallet
// request, with a requestId made fresh at every opening (lib/backoffice/shared/request-id.ts): a
// double click or a retry after a lost answer acts once, and closing the dialog ends "the same
// request".
import { useState, type ComponentProps, type ReactNode } from 'react';
import { LazyDialog, type LazyDialogState } from '@/components/ui/lazy-dialog';
import { newRequestId } from '@/lib/backoffice/shared/request-id';

export function RequestDialog({
  preload,
  trigger,
  children,
}: {
  /** Starts loading the dialog's module (LazyDialog's). */
  preload: () => Promise<unknown>;
  /** The button that opens it (LazyDialog's). */
  trigger: ComponentProps<typeof LazyDialog>['trigger'];
  children: (dialog: LazyDialogState, requestId: string) => ReactNode;
}) {
  const [requestId, setRequestId] = useState(newRequestId);
  return (
    <LazyDialog
      preload={preload}
      onOpenChange={(open) => {
        if (open) setRequestId(newRequestId());
      }}
      trigger={trigger}
    >
      {(dialog) => children(dialog, requestId)}
    </LazyDialog>
  );
}
