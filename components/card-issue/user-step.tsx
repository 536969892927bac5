'use client';
// Step 1 of the card-issue wizard: the user who gets the card, found by name, e-mail, app user ID,
// phone or a card's last four (user/search), or preselected by `?appUserId=`; once
// chosen, who it is, with a way to change it.
import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { DescriptionItem, DescriptionList } from '@/components/ui/description-list';
import { Field } from '@/components/ui/field';
import { userDisplayName } from '@/lib/backoffice/card-issue/card-issue-format';
import { userLookup } from '@/lib/backoffice/card-issue/card-issue-user-search';
import type { IssueUser } from '@/lib/backoffice/card-issue/forms';
import { useDebounced, useUserSearch } from './use-card-issue-data';

export interface UserStepProps {
  user: IssueUser | null;
  /** Why the `?appUserId=` user could not be preselected. */
  preselectProblem: string | null;
  error: string | undefined;
  onPick: (user: IssueUser) => void;
  onChangeUser: () => void;
  pickerRef: React.Ref<HTMLButtonElement>;
  /** The chosen user's summary, focused once a user is picked (the picker it replaces is gone). */
  summaryRef: React.Ref<HTMLElement>;
}

export function UserStep({
  user,
  preselectProblem,
  error,
  onPick,
  onChangeUser,
  pickerRef,
  summaryRef,
}: UserStepProps) {
  if (user) {
    return (
      <div className="grid gap-4">
        <section
          ref={summaryRef}
          tabIndex={-1}
          aria-label="Chosen user"
          className="flex flex-wrap items-start justify-between gap-4 rounded-lg border bg-muted/30 p-4 outline-none focus-visible:ring-3 focus-visible:ring-ring/30"
        >
          <div className="flex items-start gap-3">
            <UserRound className="mt-0.5 size-5 text-muted-foreground" aria-hidden="true" />
            <DescriptionList columns={2} className="gap-y-3" data-testid="issue-user">
              <DescriptionItem term="Name">{userDisplayName(user)}</DescriptionItem>
              <DescriptionItem term="E-mail">{user.email}</DescriptionItem>
              <DescriptionItem term="App user ID">{user.appUserId}</DescriptionItem>
              <DescriptionItem term="Cards held">{String(user.cardCount)}</DescriptionItem>
            </DescriptionList>
          </div>
          <Button type="button" variant="outline" size="sm" onClick={onChangeUser}>
            Change user
          </Button>
        </section>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {preselectProblem ? (
        <Alert variant="warning" live>
          <AlertTitle>The user from the link was not found</AlertTitle>
          <AlertDescription>{preselectProblem}</AlertDescription>
        </Alert>
      ) : null}
      <UserPicker error={error} onPick={onPick} pickerRef={pickerRef} />
    </div>
  );
}

function UserPicker({ error, onPick, pickerRef }: Pick<UserStepProps, 'error' | 'onPick' | 'pickerRef'>) {
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim());
  const lookup = userLookup(settled);
  const query = useUserSearch(settled, lookup.kind !== 'unsearchable');
  const users = lookup.kind === 'unsearchable' ? [] : (query.data ?? []);
  const options: ComboboxOption[] = users.map((u) => ({
    value: u.appUserId,
    label: userDisplayName(u),
    description: `${u.email} · ${u.appUserId}`,
  }));
  const waiting = search.trim() !== settled || query.isFetching;

  let emptyText = 'No user matches what you typed.';
  if (lookup.kind === 'unsearchable') emptyText = 'Type at least 2 characters (at most 64).';
  else if (query.error) emptyText = query.error.message;
  else if (lookup.kind === 'newest') emptyText = 'No users are registered yet.';

  return (
    <Field
      label="User"
      id="issue-user-picker"
      required
      error={error}
      description="Search by name, e-mail, app user ID, phone or a card's last four. Open the list without typing to see the newest users."
    >
      {(control) => (
        <Combobox
          {...control}
          ref={pickerRef}
          options={options}
          value={null}
          onChange={(appUserId) => {
            const picked = users.find((u) => u.appUserId === appUserId);
            if (picked) onPick(picked);
          }}
          onSearchChange={setSearch}
          filter={false}
          loading={waiting}
          placeholder="Find a user…"
          searchPlaceholder="Name, e-mail, app user ID, phone or last four"
          emptyText={emptyText}
          aria-required
        />
      )}
    </Field>
  );
}
