// The sandbox's pickers (lib/backoffice/sandbox/sandbox-picker.ts): find a person by name (a GET
// form, `q` in the address), then choose one of their cards (/sandbox) or the person (/sandbox/
// deposits) by a link that carries the IDs; /sandbox/cardholder chooses a card the same way. Server-compatible: plain forms and links, so they work
// without JavaScript and on a phone.
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { CARD_STATUS_WORDS } from '@/lib/backoffice/cards/card-filters';
import {
  sandboxCardHref,
  sandboxDepositHref,
  type SandboxCardPage,
  type SandboxPerson,
} from '@/lib/backoffice/sandbox/sandbox-picker';

export function FindPersonForm({
  action,
  id,
  q,
  error,
}: {
  action: SandboxCardPage | '/sandbox/deposits';
  id: string;
  q: string;
  error?: string;
}) {
  return (
    <form
      method="get"
      action={action}
      role="search"
      aria-label="Find a person"
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
    >
      <Field
        id={id}
        label="Person"
        description="A name, an e-mail, a phone number or a card's last four."
        error={error}
      >
        <Input name="q" type="search" autoComplete="off" defaultValue={q} placeholder="e.g. Jane Doe" />
      </Field>
      <Button type="submit" variant="secondary" className="sm:mt-[1.625rem]">
        Find
      </Button>
    </form>
  );
}

function NoOne({ q }: { q: string }) {
  return (
    <p className="text-sm text-muted-foreground" role="status">
      No one matches &ldquo;{q}&rdquo;.
    </p>
  );
}

/** The people found, each card a link that chooses it for the page's form (purchases by default). */
export function CardChoices({
  q,
  people,
  page = '/sandbox',
}: {
  q: string;
  people: readonly SandboxPerson[];
  page?: SandboxCardPage;
}) {
  if (people.length === 0) return <NoOne q={q} />;
  return (
    <ul aria-label="People found" className="grid gap-3">
      {people.map((person) => (
        <li key={person.appUserId} className="grid gap-1 rounded-lg border px-4 py-3">
          <p className="font-medium break-words">
            {person.name} <span className="font-normal text-muted-foreground">{person.email}</span>
          </p>
          {person.cards.length === 0 ? (
            <p className="text-sm text-muted-foreground">No cards yet.</p>
          ) : (
            <ul className="grid gap-1 text-sm" aria-label={`${person.name}'s cards`}>
              {person.cards.map((card) => (
                <li key={card.cardId}>
                  <Link href={sandboxCardHref(card, page)} className="text-link underline underline-offset-4">
                    {card.label}
                  </Link>{' '}
                  <span className="text-muted-foreground">
                    ({CARD_STATUS_WORDS[card.status as keyof typeof CARD_STATUS_WORDS] ?? card.status})
                  </span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The people found, each a link that chooses them for the deposit form. */
export function PersonChoices({ q, people }: { q: string; people: readonly SandboxPerson[] }) {
  if (people.length === 0) return <NoOne q={q} />;
  return (
    <ul aria-label="People found" className="grid gap-2 text-sm">
      {people.map((person) => (
        <li key={person.appUserId} className="break-words">
          <Link
            href={sandboxDepositHref(person.appUserId)}
            className="text-link underline underline-offset-4"
          >
            {person.name}
          </Link>{' '}
          <span className="text-muted-foreground">{person.email}</span>
        </li>
      ))}
    </ul>
  );
}
