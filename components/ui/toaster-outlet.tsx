'use client';
// sonner's toast outlet, themed to follow next-themes and styled with the kit's tokens. Loaded
// by toaster.tsx after the page is interactive, never part of a page's first JavaScript.
import { useTheme } from 'next-themes';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

export function ToasterOutlet(props: ToasterProps) {
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
