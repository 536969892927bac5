// Switch: a native <input type="checkbox" role="switch"> drawn as a switch (Space toggles, it
// submits "on" inside a <form> like any checkbox, and it works before the page's scripts load).
// No script of its own, so it adds nothing to a page's JavaScript. Give it a name via
// <Label htmlFor> or aria-label.
import type * as React from 'react';
import { cn } from '@/lib/utils';

export type SwitchProps = Omit<React.ComponentProps<'input'>, 'type' | 'role'> & {
  onCheckedChange?: (checked: boolean) => void;
};

export function Switch({ className, onCheckedChange, onChange, ...props }: SwitchProps) {
  return (
    <input
      data-slot="switch"
      type="checkbox"
      role="switch"
      className={cn(
        'peer relative inline-flex h-5 w-9 shrink-0 cursor-pointer appearance-none items-center rounded-full border-2 border-transparent bg-muted-foreground/45 transition-colors checked:bg-primary',
        // The thumb.
        "before:pointer-events-none before:block before:size-4 before:rounded-full before:bg-white before:shadow-sm before:transition-transform before:content-['']",
        'checked:before:translate-x-4 dark:checked:before:bg-primary-foreground',
        'focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      onChange={(event) => {
        onChange?.(event);
        onCheckedChange?.(event.target.checked);
      }}
      {...props}
    />
  );
}
