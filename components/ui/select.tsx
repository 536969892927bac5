// NativeSelect: a styled native <select>, for every list in the back-office (works with
// register(), posts with a plain form, and needs no script: it renders on the server). The kit
// once also held Radix Select; nothing used it, and as a client module it sent Radix's
// positioning code to every page that showed a native select.
import { ChevronDown } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';
import { controlClasses } from './input';

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
