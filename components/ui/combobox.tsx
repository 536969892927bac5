'use client';
// Combobox: a searchable single-select (ISO countries, user lookup). The trigger is a button with
// role="combobox"; typing on it or pressing ArrowDown opens the list, the search box filters it,
// Enter picks, Escape closes. Reports the chosen option's `value` string through onChange and,
// with `name`, submits it through a hidden input.
//
// This module is the trigger and the state. The list (cmdk inside a Radix Popover, with Floating
// UI placing it: about 25 kB gzip) is combobox-panel.tsx, loaded when the list is first wanted:
// fetched as the pointer reaches the trigger or it takes focus, so a page with a combobox does not
// ship it in its first load.
import { ChevronsUpDown } from 'lucide-react';
import dynamic from 'next/dynamic';
import * as React from 'react';
import { cn } from '@/lib/utils';
import { controlClasses } from './input';

const loadPanel = () => import('./combobox-panel');
const ComboboxPanel = dynamic(() => loadPanel().then((m) => m.ComboboxPanel), { ssr: false });

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
  // The panel is mounted from the first opening on (and kept, so closing can animate).
  const [wanted, setWanted] = React.useState(false);
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
    if (next) setWanted(true);
    setOpen(next);
    if (!next && search !== '') changeSearch('');
  }

  const warm = () => {
    void loadPanel().catch(() => undefined);
  };

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
      changeOpen(true);
    } else if (printable) {
      // Type-to-search: open with the typed character already in the search box.
      event.preventDefault();
      changeSearch(event.key);
      changeOpen(true);
    }
  }

  return (
    <>
      <button
        ref={setTriggerRef}
        id={id}
        type="button"
        role="combobox"
        aria-expanded={open}
        aria-haspopup="dialog"
        aria-controls={open ? contentId : undefined}
        disabled={disabled}
        onClick={() => changeOpen(!open)}
        onKeyDown={onTriggerKeyDown}
        onPointerEnter={warm}
        onFocus={warm}
        onBlur={() => {
          if (!open) onBlur?.();
        }}
        data-slot="combobox-trigger"
        data-state={open ? 'open' : 'closed'}
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
      {wanted ? (
        <ComboboxPanel
          id={contentId}
          open={open}
          onOpenChange={changeOpen}
          anchorRef={triggerRef}
          inputRef={inputRef}
          returnFocusRef={returnFocus}
          focusSearch={focusSearch}
          options={options}
          current={current}
          onPick={pick}
          search={search}
          onSearchChange={changeSearch}
          searchPlaceholder={searchPlaceholder}
          emptyText={emptyText}
          filter={filter}
          loading={loading}
          label={aria['aria-label'] ?? searchPlaceholder}
          className={contentClassName}
        />
      ) : null}
      {name !== undefined ? <input type="hidden" name={name} value={value ?? ''} /> : null}
    </>
  );
}
