// Alert: an inline callout (variants info, success, warning, error) with an icon, optional
// AlertTitle and AlertDescription. Static by default; with `live`, error/warning alerts get
// role="alert" (announced at once) and info/success get role="status" (announced politely).
// Server-compatible.
import { cva, type VariantProps } from 'class-variance-authority';
import { CircleCheck, CircleExclamationPoint, Info, TriangleExclamationPoint } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

const alertVariants = cva(
  'relative grid w-full grid-cols-[auto_1fr] content-start items-start gap-x-3 gap-y-0.5 rounded-lg border px-4 py-3 text-sm',
  {
    variants: {
      variant: {
        info: 'border-info-border bg-info-bg text-info-fg',
        success: 'border-success-border bg-success-bg text-success-fg',
        warning: 'border-warning-border bg-warning-bg text-warning-fg',
        error: 'border-danger-border bg-danger-bg text-danger-fg',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

const icons = {
  info: Info,
  success: CircleCheck,
  warning: TriangleExclamationPoint,
  error: CircleExclamationPoint,
} as const;

export interface AlertProps extends React.ComponentProps<'div'>, VariantProps<typeof alertVariants> {
  /** Announce the alert when it appears (render it conditionally after an action). */
  live?: boolean;
  /** Replace the default icon; pass null for none. */
  icon?: React.ReactNode;
}

export function Alert({ className, variant, live = false, icon, children, ...props }: AlertProps) {
  const tone = variant ?? 'info';
  const Icon = icons[tone];
  const role = live ? (tone === 'error' || tone === 'warning' ? 'alert' : 'status') : undefined;
  return (
    <div data-slot="alert" role={role} className={cn(alertVariants({ variant: tone }), className)} {...props}>
      <span className="row-span-2 flex h-5 items-center [&>svg]:size-4">
        {icon === undefined ? <Icon aria-hidden="true" /> : icon}
      </span>
      {children}
    </div>
  );
}

export function AlertTitle({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-title"
      className={cn('col-start-2 leading-5 font-semibold tracking-tight', className)}
      {...props}
    />
  );
}

export function AlertDescription({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-description"
      className={cn(
        'col-start-2 leading-relaxed [&_a]:font-medium [&_a]:underline [&_p]:leading-relaxed',
        className,
      )}
      {...props}
    />
  );
}
