// Spinner: an animated loading indicator. Announces `label` (default "Loading") to assistive
// technology through a polite status region, or is purely decorative with `decorative`.
import type * as React from 'react';
import { cn } from '@/lib/utils';

export interface SpinnerProps extends Omit<React.ComponentProps<'span'>, 'children'> {
  /** Text read by screen readers. Defaults to "Loading". */
  label?: string;
  /** Hide from assistive technology (e.g. inside a button that already sets aria-busy). */
  decorative?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

const sizes = { sm: 'size-4', md: 'size-5', lg: 'size-8' } as const;

export function Spinner({
  label = 'Loading',
  decorative = false,
  size = 'sm',
  className,
  ...props
}: SpinnerProps) {
  return (
    <span
      data-slot="spinner"
      role={decorative ? undefined : 'status'}
      aria-hidden={decorative ? true : undefined}
      className={cn('inline-flex items-center justify-center', className)}
      {...props}
    >
      <svg
        className={cn('animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]', sizes[size])}
        viewBox="0 0 24 24"
        fill="none"
        aria-hidden="true"
      >
        <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {decorative ? null : <span className="sr-only">{label}</span>}
    </span>
  );
}
