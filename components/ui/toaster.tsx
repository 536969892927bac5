'use client';
// Toaster: sonner's toast outlet, themed to follow next-themes and styled with the kit's tokens.
// Render it once in the root layout (inside ThemeProvider); raise toasts with `toast.success(...)`
// from 'sonner' (re-exported here) in client code.
import { useTheme } from 'next-themes';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

export { toast } from 'sonner';

export function Toaster(props: ToasterProps) {
  const { resolvedTheme } = useTheme();
  return (
    <Sonner
      theme={resolvedTheme === 'dark' ? 'dark' : 'light'}
      position="bottom-right"
      closeButton
      className="toaster group"
      toastOptions={{
        classNames: {
          toast: 'font-sans rounded-lg! border-border! bg-popover! text-popover-foreground! shadow-lg!',
          description: 'text-muted-foreground!',
          actionButton: 'bg-primary! text-primary-foreground!',
          cancelButton: 'bg-muted! text-muted-foreground!',
          closeButton: 'border-border! bg-popover! text-muted-foreground! hover:text-foreground!',
          success: '[&_[data-icon]]:text-success-fg!',
          error: '[&_[data-icon]]:text-danger-fg!',
          warning: '[&_[data-icon]]:text-warning-fg!',
          info: '[&_[data-icon]]:text-info-fg!',
        },
      }}
      {...props}
    />
  );
}
