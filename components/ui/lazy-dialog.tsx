'use client';
// LazyDialog: a dialog whose code loads when it is first wanted, not with the page. The page
// sends only the button that opens it; Radix Dialog, the form inside and what the form needs
// (react-hook-form, the action hooks, zod) come in a chunk of their own, fetched as the pointer
// reaches the button or it takes focus, and shown on the first press. Without JavaScript the
// button does nothing, as any dialog's: each dialog's action has a page of its own for that.
//
// The trigger may also be a link to the dialog's own page (its form for a browser without
// JavaScript): a plain click opens the dialog, while a middle or modified click (a new tab) follows
// the link.
//
// The render function gets the dialog's state: give `open` and `onOpenChange` to the Dialog, and
// `returnFocus` to DialogContent's onCloseAutoFocus, so closing puts focus back on the trigger
// (it is not a Radix DialogTrigger, which would need Radix in the first load).
import * as React from 'react';

/**
 * A link that acts as a button (role="button": it opens a dialog, and leads to the dialog's own
 * page without JavaScript) answers Space as a button does.
 */
export function clickOnSpace(event: React.KeyboardEvent<HTMLElement>) {
  if (event.key !== ' ') return;
  event.preventDefault();
  event.currentTarget.click();
}

export type LazyDialogState = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: (event: Event) => void;
};

type TriggerProps = {
  ref?: React.Ref<HTMLElement>;
  onClick?: React.MouseEventHandler<HTMLElement>;
  onPointerEnter?: React.PointerEventHandler<HTMLElement>;
  onFocus?: React.FocusEventHandler<HTMLElement>;
  'aria-haspopup'?: 'dialog';
  'aria-expanded'?: boolean;
};

export function LazyDialog({
  trigger,
  preload,
  onOpenChange,
  children,
}: {
  /** What opens the dialog: a Button element, or a link to the dialog's own page. */
  trigger: React.ReactElement<TriggerProps>;
  /** Starts loading the dialog's module, e.g. `() => import('./x-dialog-body')`. */
  preload: () => Promise<unknown>;
  /** Told of every opening and closing (e.g. to make a request ID per opening). */
  onOpenChange?: (open: boolean) => void;
  children: (state: LazyDialogState) => React.ReactNode;
}) {
  const [open, setOwnOpen] = React.useState(false);
  // Mounted on the first opening and kept, so that closing can animate and reopening is instant.
  const [wanted, setWanted] = React.useState(false);
  // State rather than a ref: the dialog's render function gets returnFocus, which uses it.
  const [element, setElement] = React.useState<HTMLElement | null>(null);

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
      element?.focus();
    },
    [element],
  );

  const triggerElement = React.cloneElement(trigger, {
    ref: setElement,
    onClick: (event: React.MouseEvent<HTMLElement>) => {
      trigger.props.onClick?.(event);
      if (event.defaultPrevented) return;
      if (event.currentTarget instanceof HTMLAnchorElement) {
        const newTab = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
        if (newTab) return;
        event.preventDefault();
      }
      setOpen(true);
    },
    onPointerEnter: (event: React.PointerEvent<HTMLElement>) => {
      trigger.props.onPointerEnter?.(event);
      warm();
    },
    onFocus: (event: React.FocusEvent<HTMLElement>) => {
      trigger.props.onFocus?.(event);
      warm();
    },
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
  });

  return (
    <>
      {triggerElement}
      {wanted ? children({ open, onOpenChange: setOpen, returnFocus }) : null}
    </>
  );
}
