'use client';
// The list of the kit's Combobox (combobox.tsx), loaded when the list is first wanted: cmdk's
// search box and options inside a Radix Popover placed against the trigger, which combobox.tsx
// renders itself (a virtual anchor), so that the trigger is in the page's first load and this is
// not. Focus goes to the search box on opening and back to the trigger on a pick or Escape.
import { Command } from 'cmdk';
import { Check, Search } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/lib/utils';
import type { ComboboxOption } from './combobox';
import { Popover, PopoverAnchor, PopoverContent } from './popover';
import { Spinner } from './spinner';

export type ComboboxPanelProps = {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The trigger: the panel is placed against it, and a press on it is not a press outside. */
  anchorRef: React.RefObject<HTMLButtonElement | null>;
  inputRef: React.RefObject<HTMLInputElement | null>;
  /** Set when closing should put focus back on the trigger (a pick, Escape). */
  returnFocusRef: React.RefObject<boolean>;
  focusSearch: () => void;
  options: readonly ComboboxOption[];
  current: ComboboxOption | undefined;
  onPick: (option: ComboboxOption) => void;
  search: string;
  onSearchChange: (search: string) => void;
  searchPlaceholder: string;
  emptyText: React.ReactNode;
  filter: boolean;
  loading: boolean;
  label: string;
  className?: string;
};

export function ComboboxPanel({
  id,
  open,
  onOpenChange,
  anchorRef,
  inputRef,
  returnFocusRef,
  focusSearch,
  options,
  current,
  onPick,
  search,
  onSearchChange,
  searchPlaceholder,
  emptyText,
  filter,
  loading,
  label,
  className,
}: ComboboxPanelProps) {
  // cmdk computes aria-activedescendant one render late (it can point at an unmounted item), so
  // keep it in step with the highlighted item ourselves.
  const syncActiveDescendant = React.useCallback((root: HTMLDivElement | null) => {
    if (!root) return;
    const sync = () => {
      const active = root.querySelector('[cmdk-item][aria-selected="true"]')?.id;
      for (const element of root.querySelectorAll('[cmdk-input], [cmdk-list]')) {
        if (active) {
          if (element.getAttribute('aria-activedescendant') !== active) {
            element.setAttribute('aria-activedescendant', active);
          }
        } else if (element.hasAttribute('aria-activedescendant')) {
          element.removeAttribute('aria-activedescendant');
        }
      }
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-selected', 'aria-activedescendant'],
    });
    return () => observer.disconnect();
  }, []);

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchorRef} />
      <PopoverContent
        id={id}
        align="start"
        aria-label={label}
        className={cn('w-(--radix-popover-trigger-width) min-w-64 p-0', className)}
        onOpenAutoFocus={(event) => {
          // Focus the search box with the caret after any type-to-search character.
          event.preventDefault();
          focusSearch();
        }}
        onInteractOutside={(event) => {
          // A press on the trigger toggles the list through the trigger's own click.
          if (event.target instanceof Node && anchorRef.current?.contains(event.target))
            event.preventDefault();
        }}
        onEscapeKeyDown={() => {
          returnFocusRef.current = true;
        }}
        onCloseAutoFocus={(event) => {
          if (returnFocusRef.current) {
            event.preventDefault();
            anchorRef.current?.focus();
          }
          returnFocusRef.current = false;
        }}
      >
        <Command
          ref={syncActiveDescendant}
          shouldFilter={filter}
          defaultValue={current?.value}
          loop
          label={searchPlaceholder}
          className="flex flex-col overflow-hidden rounded-lg text-popover-foreground"
        >
          <div className="flex items-center gap-2 border-b px-3">
            <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <Command.Input
              ref={inputRef}
              value={search}
              onValueChange={onSearchChange}
              placeholder={searchPlaceholder}
              className="flex h-10 w-full bg-transparent py-2 text-sm outline-hidden placeholder:text-muted-foreground"
            />
          </div>
          <Command.List
            label="Options"
            className="max-h-72 scroll-py-1 overflow-x-hidden overflow-y-auto p-1"
          >
            {loading ? (
              <Command.Loading>
                <div className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
                  <Spinner decorative />
                  Searching…
                </div>
              </Command.Loading>
            ) : (
              <Command.Empty className="py-6 text-center text-sm text-muted-foreground">
                {emptyText}
              </Command.Empty>
            )}
            {options.map((option) => {
              const selected = option.value === current?.value;
              return (
                <Command.Item
                  key={option.value}
                  value={option.value}
                  keywords={[
                    option.label,
                    ...(option.description ? [option.description] : []),
                    ...(option.keywords ?? []),
                  ]}
                  disabled={option.disabled}
                  onSelect={() => onPick(option)}
                  className={cn(
                    'relative flex cursor-default items-start gap-2 rounded-sm py-1.5 pr-2 pl-8 text-sm outline-hidden select-none',
                    'data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground',
                    'data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50',
                  )}
                >
                  {selected ? (
                    <Check className="absolute top-2 left-2 size-4 text-primary" aria-hidden="true" />
                  ) : null}
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate">
                      {option.label}
                      {selected ? <span className="sr-only"> (selected)</span> : null}
                    </span>
                    {option.description ? (
                      <span className="truncate text-xs text-muted-foreground">{option.description}</span>
                    ) : null}
                  </span>
                </Command.Item>
              );
            })}
          </Command.List>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
