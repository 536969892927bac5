'use client';
// Select: Radix Select (Select, SelectTrigger, SelectValue, SelectContent, SelectItem, SelectGroup,
// SelectLabel, SelectSeparator) for short option lists, and NativeSelect, a styled native <select>
// for long lists or plain forms (works with register()).
import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown, ChevronUp } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/lib/utils';
import { controlClasses } from './input';

export const Select = SelectPrimitive.Root;
export const SelectGroup = SelectPrimitive.Group;
export const SelectValue = SelectPrimitive.Value;

export function SelectTrigger({
  className,
  children,
  size = 'md',
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Trigger> & { size?: 'sm' | 'md' }) {
  return (
    <SelectPrimitive.Trigger
      data-slot="select-trigger"
      className={cn(
        controlClasses,
        'flex items-center justify-between gap-2 px-3 text-left whitespace-nowrap',
        size === 'sm' ? 'h-8' : 'h-9',
        'data-[placeholder]:text-muted-foreground [&>span]:truncate',
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

/**
 * While the listbox is open, Radix hides the rest of the page with aria-hidden but leaves it
 * focusable (axe: aria-hidden-focus). Making it `inert` as well says the same thing to both
 * assistive technology and the browser. Live regions (toasts) stay untouched.
 */
function inertOthers(node: HTMLElement): () => void {
  const marked: Element[] = [];
  let current: HTMLElement = node;
  while (current.parentElement && current !== document.body) {
    for (const sibling of current.parentElement.children) {
      if (
        sibling === current ||
        sibling.hasAttribute('inert') ||
        sibling.hasAttribute('aria-live') ||
        ['SCRIPT', 'STYLE', 'TEMPLATE', 'NEXT-ROUTE-ANNOUNCER'].includes(sibling.tagName)
      ) {
        continue;
      }
      sibling.setAttribute('inert', '');
      marked.push(sibling);
    }
    current = current.parentElement;
  }
  return () => {
    for (const element of marked) element.removeAttribute('inert');
  };
}

export function SelectContent({
  className,
  children,
  position = 'popper',
  ref,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Content>) {
  const contentRef = React.useCallback(
    (node: HTMLDivElement | null) => {
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
      if (!node) return;
      const restore = inertOthers(node);
      return () => {
        restore();
        if (typeof ref === 'function') ref(null);
        else if (ref) ref.current = null;
      };
    },
    [ref],
  );
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        ref={contentRef}
        data-slot="select-content"
        position={position}
        className={cn(
          'relative z-50 max-h-(--radix-select-content-available-height) min-w-32 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-lg',
          'motion-safe:data-[state=open]:animate-pop-in motion-safe:data-[state=closed]:animate-pop-out',
          position === 'popper' &&
            'w-full min-w-(--radix-select-trigger-width) data-[side=bottom]:translate-y-1 data-[side=top]:-translate-y-1',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.ScrollUpButton className="flex h-6 cursor-default items-center justify-center text-muted-foreground">
          <ChevronUp className="size-4" aria-hidden="true" />
        </SelectPrimitive.ScrollUpButton>
        <SelectPrimitive.Viewport
          className={cn(
            'p-1',
            position === 'popper' && 'h-(--radix-select-trigger-height) w-full scroll-my-1',
          )}
        >
          {children}
        </SelectPrimitive.Viewport>
        <SelectPrimitive.ScrollDownButton className="flex h-6 cursor-default items-center justify-center text-muted-foreground">
          <ChevronDown className="size-4" aria-hidden="true" />
        </SelectPrimitive.ScrollDownButton>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectLabel({ className, ...props }: React.ComponentProps<typeof SelectPrimitive.Label>) {
  return (
    <SelectPrimitive.Label
      data-slot="select-label"
      className={cn('px-2 py-1.5 text-xs font-medium text-muted-foreground', className)}
      {...props}
    />
  );
}

export function SelectItem({
  className,
  children,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      data-slot="select-item"
      className={cn(
        'relative flex w-full cursor-default items-center rounded-sm py-1.5 pr-8 pl-2 text-sm outline-hidden select-none',
        'data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground',
        'data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <span className="absolute right-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check className="size-4" aria-hidden="true" />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}

export function SelectSeparator({
  className,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Separator>) {
  return (
    <SelectPrimitive.Separator
      data-slot="select-separator"
      className={cn('-mx-1 my-1 h-px bg-border', className)}
      {...props}
    />
  );
}

export interface NativeSelectProps extends React.ComponentProps<'select'> {
  /** Text of an empty first option ("" value), e.g. "Select a country". */
  placeholder?: string;
  /** Classes for the wrapper (put width/layout classes here; `className` styles the <select>). */
  containerClassName?: string;
}

export function NativeSelect({
  className,
  containerClassName,
  placeholder,
  children,
  ...props
}: NativeSelectProps) {
  return (
    <div data-slot="native-select" className={cn('relative w-full', containerClassName)}>
      <select
        className={cn(
          controlClasses,
          'block h-9 cursor-pointer appearance-none pr-9 pl-3',
          // An empty ("placeholder") choice reads as a placeholder; the options keep full colour.
          'has-[option[value=""]:checked]:text-muted-foreground [&>option]:text-foreground',
          className,
        )}
        {...props}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
