'use client';
// Combobox: a searchable single-select built on cmdk inside a Radix Popover (ISO countries, user
// lookup). The trigger is a button with role="combobox"; typing on it or pressing ArrowDown opens
// the list, the search box filters it, Enter picks, Escape closes. Reports the chosen option's
// `value` string through onChange and, with `name`, submits it through a hidden input.
import { Command } from 'cmdk';
import { Check, ChevronsUpDown, Search } from 'lucide-react';
import * as React from 'react';
import { cn } from '@/lib/utils';
import { controlClasses } from './input';
import { Popover, PopoverContent, PopoverTrigger } from './popover';
import { Spinner } from './spinner';

export interface ComboboxOption {
  value: string;
  label: string;
  description?: string;
  disabled?: boolean;
  /** Extra search terms (e.g. an ISO alpha-3 code or a former name). */
  keywords?: string[];
}

export interface ComboboxProps {
  options: readonly ComboboxOption[];
  /** The selected option's value; '' / null / undefined means nothing is selected. */
  value?: string | null;
  /** Called with the picked option's value (and the option itself). */
  onChange?: (value: string, option: ComboboxOption) => void;
  /** Called when the trigger loses focus while the list is closed (react-hook-form `field.onBlur`). */
  onBlur?: () => void;
  /** Text on the trigger when nothing is selected. */
  placeholder?: string;
  /** Placeholder (and accessible name) of the search box. */
  searchPlaceholder?: string;
  /** Shown when no option matches the search. */
  emptyText?: React.ReactNode;
  /** Submit the value under this name through a hidden input (plain <form> posts). */
  name?: string;
  id?: string;
  disabled?: boolean;
  className?: string;
  /** Classes for the popover panel. */
  contentClassName?: string;
  /** Server-side search: called on every keystroke of the search box. */
  onSearchChange?: (search: string) => void;
  /** Filter options on the client (default). Set false when `options` already are search results. */
  filter?: boolean;
  /** Show a loading row (e.g. while server-side results load). */
  loading?: boolean;
  /** The selected option when it is not (or no longer) among `options`, so the trigger can show its label. */
  selectedOption?: ComboboxOption;
  ref?: React.Ref<HTMLButtonElement>;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
  'aria-required'?: boolean | 'true' | 'false';
  'aria-label'?: string;
  'aria-labelledby'?: string;
}

export function Combobox({
  options,
  value,
  onChange,
  onBlur,
  placeholder = 'Select…',
  searchPlaceholder = 'Search…',
  emptyText = 'No results found.',
  name,
  id,
  disabled,
  className,
  contentClassName,
  onSearchChange,
  filter = true,
  loading = false,
  selectedOption,
  ref,
  ...aria
}: ComboboxProps) {
  const [open, setOpen] = React.useState(false);
  const [search, setSearch] = React.useState('');
  // Remembers the last picked option so its label survives `options` changing (server search).
  const [picked, setPicked] = React.useState<ComboboxOption | undefined>(undefined);
  const inputRef = React.useRef<HTMLInputElement>(null);
  const triggerRef = React.useRef<HTMLButtonElement | null>(null);
  const setTriggerRef = React.useCallback(
    (node: HTMLButtonElement | null) => {
      triggerRef.current = node;
      if (typeof ref === 'function') ref(node);
      else if (ref) ref.current = node;
    },
    [ref],
  );
  // Picking an option or pressing Escape hands focus back to the trigger. Radix skips that when
  // focus left the list meanwhile (say the trigger was focused again while the list was closing
  // and reopened), which would drop a keyboard user on the page's body.
  const returnFocus = React.useRef(false);
  const contentId = React.useId();

  const current = value
    ? (options.find((option) => option.value === value) ??
      (picked?.value === value ? picked : undefined) ??
      (selectedOption?.value === value ? selectedOption : undefined))
    : undefined;

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

  function changeSearch(next: string) {
    setSearch(next);
    onSearchChange?.(next);
  }

  const focusSearch = React.useCallback(() => {
    const input = inputRef.current;
    if (input && document.activeElement !== input) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
  }, []);

  // Opening focuses the search box through onOpenAutoFocus, which Radix fires only when the panel
  // mounts. Reopened during its closing animation, the panel is still mounted and nothing moves
  // focus: do it here.
  React.useEffect(() => {
    if (open) focusSearch();
  }, [open, focusSearch]);

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next && search !== '') changeSearch('');
  }

  function pick(option: ComboboxOption) {
    returnFocus.current = true;
    setPicked(option);
    onChange?.(option.value, option);
    changeOpen(false);
  }

  function onTriggerKeyDown(event: React.KeyboardEvent<HTMLButtonElement>) {
    if (disabled) return;
    const printable =
      event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (open) {
      // Keys typed before focus reaches the search box land here: keep them, and move focus.
      if (printable) {
        event.preventDefault();
        changeSearch(search + event.key);
        focusSearch();
      }
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    } else if (printable) {
      // Type-to-search: open with the typed character already in the search box.
      event.preventDefault();
      changeSearch(event.key);
      setOpen(true);
    }
  }

  return (
    <Popover open={open} onOpenChange={changeOpen}>
      <PopoverTrigger asChild disabled={disabled}>
        <button
          ref={setTriggerRef}
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? contentId : undefined}
          disabled={disabled}
          onKeyDown={onTriggerKeyDown}
          onBlur={() => {
            if (!open) onBlur?.();
          }}
          data-slot="combobox-trigger"
          data-placeholder={current ? undefined : ''}
          className={cn(
            controlClasses,
            'flex h-9 items-center justify-between gap-2 px-3 text-left',
            'data-[placeholder]:text-muted-foreground',
            className,
          )}
          {...aria}
        >
          <span className="truncate">{current ? current.label : value ? value : placeholder}</span>
          <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent
        id={contentId}
        align="start"
        aria-label={aria['aria-label'] ?? searchPlaceholder}
        className={cn('w-(--radix-popover-trigger-width) min-w-64 p-0', contentClassName)}
        onOpenAutoFocus={(event) => {
          // Focus the search box with the caret after any type-to-search character.
          event.preventDefault();
          focusSearch();
        }}
        onEscapeKeyDown={() => {
          returnFocus.current = true;
        }}
        onCloseAutoFocus={(event) => {
          if (returnFocus.current) {
            event.preventDefault();
            triggerRef.current?.focus();
          }
          returnFocus.current = false;
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
              onValueChange={changeSearch}
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
                  onSelect={() => pick(option)}
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
      {name !== undefined ? <input type="hidden" name={name} value={value ?? ''} /> : null}
    </Popover>
  );
}
