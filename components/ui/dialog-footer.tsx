// DialogFooter: the row of a dialog's buttons (the main one last; stacked, main one on top, on a
// phone). Plain markup without Radix, so that a form shown both in a dialog and on a page of its
// own (deleting an address) ends the same way in both without loading the dialog's code.
import type * as React from 'react';
import { cn } from '@/lib/utils';

export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}
