'use client';
// LazyDialog: a dialog whose code loads when it is first wanted, not with the page. The page
// sends only the button that opens it; Radix Dialog, the form inside and what the form needs
// (react-hook-form, the action hooks, zod) come in a chunk of their own, fetched as the pointer
// reaches the button or it takes focus, and shown on the first press. Without JavaScript the
// button does nothing, as any dialog's: each dialog's action has a page of its own for that.
//
// The render function gets the dialog's state: give `open` and `onOpenChange` to the Dialog, and
// `returnFocus` to DialogContent's onCloseAutoFocus, so closing puts focus back on the button (the
// button is not a Radix DialogTrigger, which would need Radix in the first load).
import * as React from 'react';

export type LazyDialogState = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: (event: Event) => void;
};

type TriggerProps = {
  ref?: React.Ref<HTMLButtonElement>;
  onClick?: React.MouseEventHandler<HTMLButtonElement>;
  onPointerEnter?: React.PointerEventHandler<HTMLButtonElement>;
  onFocus?: React.FocusEventHandler<HTMLButtonElement>;
  'aria-haspopup'?: 'dialog';
  'aria-expanded'?: boolean;
};

export function LazyDialog({
  trigger,
  preload,
  open: controlledOpen,
  onOpenChange,
  children,
}: {
  /** The button that opens the dialog (a Button element). */
  trigger: React.ReactElement<TriggerProps>;
  /** Starts loading the dialog's module, e.g. `() => import('./x-dialog-body')`. */
  preload: () => Promise<unknown>;
  /** Controlled open state, when the owner needs it (e.g. to make a request ID per opening). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: (state: LazyDialogState) => React.ReactNode;
}) {
  const [ownOpen, setOwnOpen] = React.useState(false);
  const open = controlledOpen ?? ownOpen;
  // Mounted on the first opening and kept, so that closing can animate and reopening is instant.
  const [wanted, setWanted] = React.useState(false);
  // State rather than a ref: the dialog's render function gets returnFocus, which uses it.
  const [button, setButton] = React.useState<HTMLButtonElement | null>(null);

  const setOpen = React.useCallback(
    (next: boolean) => {
      if (next) setWanted(true);
      setOwnOpen(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );
  const warm = () => {
    void preload().catch(() => undefined);
  };
  const returnFocus = React.useCallback(
    (event: Event) => {
      event.preventDefault();
      button?.focus();
    },
    [button],
  );

  const triggerButton = React.cloneElement(trigger, {
    ref: setButton,
    onClick: (event: React.MouseEvent<HTMLButtonElement>) => {
      trigger.props.onClick?.(event);
      if (!event.defaultPrevented) setOpen(true);
    },
    onPointerEnter: (event: React.PointerEvent<HTMLButtonElement>) => {
      trigger.props.onPointerEnter?.(event);
      warm();
    },
    onFocus: (event: React.FocusEvent<HTMLButtonElement>) => {
      trigger.props.onFocus?.(event);
      warm();
    },
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
  });

  return (
    <>
      {triggerButton}
      {wanted ? children({ open, onOpenChange: setOpen, returnFocus }) : null}
    </>
  );
}
