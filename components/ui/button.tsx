'use client';
// Button: the kit's one button. Variants and sizes come from button-variants.ts; `asChild` renders
// the single child (e.g. a next/link <Link>) with button styling; `loading` shows a spinner and
// makes the button busy and disabled so a form cannot be submitted twice.
import { Slot } from '@radix-ui/react-slot';
import type * as React from 'react';
import { cn } from '@/lib/utils';
import { buttonVariants, type ButtonVariantProps } from './button-variants';
import { Spinner } from './spinner';

export { buttonVariants, type ButtonVariantProps } from './button-variants';

export interface ButtonProps extends React.ComponentProps<'button'>, ButtonVariantProps {
  /** Render the child element instead of a <button>, merging props and classes onto it. */
  asChild?: boolean;
  /** Show a spinner, set aria-busy and disable the button. */
  loading?: boolean;
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  children,
  ...props
}: ButtonProps) {
  if (asChild) {
    return (
      <Slot
        data-slot="button"
        className={cn(buttonVariants({ variant, size }), className)}
        aria-busy={loading || undefined}
        aria-disabled={disabled || loading || undefined}
        {...props}
      >
        {children}
      </Slot>
    );
  }
  return (
    <button
      data-slot="button"
      className={cn(buttonVariants({ variant, size }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <Spinner decorative /> : null}
      {loading && size === 'icon' ? <span className="sr-only">{children}</span> : children}
    </button>
  );
}
