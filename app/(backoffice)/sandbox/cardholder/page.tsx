// /sandbox/cardholder (operators and admins; docs/back-office.md "Sandbox"): a sandbox card as its
// holder's phone shows it, for demos and training: "Open as the cardholder" embeds the wallet's
// card-details page in an iframe as an agency's app would, beside the cardholder's own view of
// their cards, purchases and freeze (components/sandbox/cardholder-view.tsx). The card is chosen by
// name (a search, `q`, then a link with `appUserId` and `cardId`), as on /sandbox. Gone (404)
// while simulation is off. Rendered on the server; every form posts without JavaScript.
import type { Metadata } from 'next';
import { AccessDenied } from '@/components/access-denied';
import { CardholderView } from '@/components/sandbox/cardholder-view';
import { CardChoices, FindPersonForm } from '@/components/sandbox/sandbox-picker';
import { SandboxTabs } from '@/components/sandbox/sandbox-tabs';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import Link from 'next/link';
import { mayUseSandbox } from '@/lib/backoffice/sandbox/sandbox-access';
import { findSandboxCard, findSandboxPeople } from '@/lib/backoffice/sandbox/sandbox-lookup';
import { sandboxSearch } from '@/lib/backoffice/sandbox/sandbox-picker';
import { appUserIdParam } from '@/lib/wallet/contract/schemas';

export const metadata: Metadata = { title: 'Sandbox: as the cardholder' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SandboxCardholderPage({ searchParams }: { searchParams: SearchParams }) {
  if (!(await mayUseSandbox())) return <AccessDenied what="the sandbox" />;
  const query = await searchParams;
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const cardParam = Number(first(query.cardId));
  const rawUser = first(query.appUserId);
  const chosen =
    Number.isSafeInteger(cardParam) && cardParam > 0 && appUserIdParam.safeParse(rawUser).success
      ? { appUserId: rawUser as string, cardId: cardParam }
      : undefined;
  const search = sandboxSearch(query.q);
  const [card, found] = await Promise.all([
    chosen === undefined ? undefined : findSandboxCard(chosen.appUserId, chosen.cardId),
    search.kind === 'search' ? findSandboxPeople(search.q) : undefined,
  ]);

  return (
    <>
      <PageHeader
        title="Sandbox: as the cardholder"
        description="A card as its holder's phone shows it, for demos and training: its number, expiry and CVV on the wallet's own page, embedded as an agency's app embeds it, and the cardholder's own calls."
      />
      <SandboxTabs current="cardholder" />
      <Card role="region" aria-labelledby="cardholder-title">
        <CardHeader>
          <CardTitle id="cardholder-title">Open a card as its holder</CardTitle>
          <CardDescription>
            The details page is the wallet&apos;s, shown for one minute to whoever holds the link; the
            back-office only asks for the link and never sees the number or the CVV. Nobody in the back-office
            can see them otherwise.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 [&>*]:min-w-0">
          {chosen === undefined || card === undefined ? (
            <>
              {chosen !== undefined ? (
                <Alert variant="warning">
                  <AlertTitle>That card was not found</AlertTitle>
                  <AlertDescription>Find its holder again and choose one of their cards.</AlertDescription>
                </Alert>
              ) : null}
              <FindPersonForm
                action="/sandbox/cardholder"
                id="sandbox-cardholder-find"
                q={search.kind === 'none' ? '' : search.q}
                {...(search.kind === 'invalid' ? { error: search.message } : {})}
              />
              {search.kind === 'search' && found ? (
                found.ok ? (
                  <CardChoices q={search.q} people={found.people} page="/sandbox/cardholder" />
                ) : (
                  <Alert variant="error">
                    <AlertTitle>The search failed</AlertTitle>
                    <AlertDescription>{found.message}</AlertDescription>
                  </Alert>
                )
              ) : (
                <p className="text-sm text-muted-foreground">
                  Find the person, then choose one of their cards.
                </p>
              )}
            </>
          ) : (
            <>
              <p className="text-sm break-words" data-testid="sandbox-card">
                {card.text}{' '}
                <Link href="/sandbox/cardholder" className="text-link underline underline-offset-4">
                  Choose another card
                </Link>
              </p>
              <CardholderView
                card={{
                  appUserId: card.appUserId,
                  cardId: card.cardId,
                  holder: card.holder,
                  text: card.text,
                }}
              />
            </>
          )}
        </CardContent>
      </Card>
    </>
  );
}
