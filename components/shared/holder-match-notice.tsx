// What a list page filtered by a person typed by name says when the name did not pick exactly one
// person (lib/backoffice/shared/holder-filter.ts): no one, or the people it matched, each a link to
// the page filtered by them. /transactions and /disputes show it above their lists.
import Link from 'next/link';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import type { HolderMatch } from '@/lib/backoffice/transactions/transactions-data';

export function HolderMatchNotice({
  match,
  holder,
  whose,
  hrefFor,
}: {
  match: HolderMatch | undefined;
  /** What was typed. */
  holder: string | undefined;
  /** What the list shows, for "Choose whose … to show": "purchases", "disputes". */
  whose: string;
  /** The page filtered by one person. */
  hrefFor: (appUserId: string) => string;
}) {
  if (match?.kind === 'none') {
    return (
      <Alert>
        <AlertTitle>No one matches “{holder}”</AlertTitle>
        <AlertDescription>
          Look for a first or last name, a full name, an e-mail or an app user ID.
        </AlertDescription>
      </Alert>
    );
  }
  if (match?.kind !== 'many' || !holder) return null;
  return (
    <Alert>
      {/* user/search answers at most HOLDER_CHOICES: the count may be more than those shown. */}
      <AlertTitle>More than one person matches “{holder}”</AlertTitle>
      <AlertDescription>
        <p>Choose whose {whose} to show:</p>
        <ul className="mt-2 grid gap-1" data-testid="holder-choices">
          {match.people.map((p) => (
            <li key={p.appUserId}>
              <Link href={hrefFor(p.appUserId)} className="text-link underline underline-offset-4">
                {p.name}
              </Link>{' '}
              <span className="break-all text-muted-foreground">({p.email})</span>
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
