// /sandbox (operators and admins; docs/card-spending.md "Sandbox and live"): simulate a purchase
// on any card (merchant, category by name, country, amount), then clear, reverse or refund it, as
// a trainer shows the product. The card is chosen by name: a person found by a search (`q`), then
// one of their cards (`appUserId` and `cardId` in the address, as the card's page links here). Deposits are simulated on /sandbox/deposits (each page stays under
// the first-load JavaScript bound, bench/RESULTS.md). Gone (404) while simulation is off. The
// latest purchases of the programme are listed with the merchant steps each allows; below them,
// the disputes sent to the merchant's bank, to answer as it would: won or lost
// (docs/back-office.md "Disputes"). Rendered on the server; every form posts without JavaScript.
import { randomUUID } from 'node:crypto';
import type { Metadata } from 'next';
import Link from 'next/link';
import { AccessDenied } from '@/components/access-denied';
import { mayUseSandbox } from '@/lib/backoffice/sandbox/sandbox-access';
import { AuthorizationItem } from '@/components/cards/authorization-item';
import { holderOf } from '@/lib/backoffice/cards/purchase-words';
import { holdersOf } from '@/lib/backoffice/names/purchase-holders';
import { MerchantStepForm } from '@/components/sandbox/merchant-step-form';
import { SimulatePurchaseForm } from '@/components/sandbox/simulate-purchase-form';
import { CardChoices, FindPersonForm } from '@/components/sandbox/sandbox-picker';
import { findSandboxCard, findSandboxPeople } from '@/lib/backoffice/sandbox/sandbox-lookup';
import { sandboxCardHref, sandboxSearch } from '@/lib/backoffice/sandbox/sandbox-picker';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { SandboxTabs } from '@/components/sandbox/sandbox-tabs';
import { SettleDisputeForm } from '@/components/sandbox/settle-dispute-form';
import { moneyText, purchaseCardText } from '@/lib/backoffice/cards/purchase-words';

import { DISPUTE_REASON_TEXT } from '@/lib/backoffice/disputes/dispute-words';
import { asWalletClientError, getWalletClient } from '@/lib/backoffice/wallet-client';

export const metadata: Metadata = { title: 'Sandbox' };

const RECENT = 10;
/** The submitted disputes offered to answer, newest first. */
const SUBMITTED = 50;

/** The disputes waiting for the merchant's bank, each in words: "Dispute 5: $25.00 at Corner Cafe, ...". */
async function submittedDisputes() {
  try {
    const { list } = await getWalletClient().disputeList({
      status: 'SUBMITTED',
      pageSize: SUBMITTED,
    });
    const holders = await holdersOf(list);
    return {
      ok: true as const,
      choices: list.map((d) => ({
        disputeId: d.disputeId,
        text: `Dispute ${d.disputeId}: ${moneyText(d.amount, d.currency)} at ${d.merchant.name}, ${purchaseCardText(d, holderOf(d, holders))} (${DISPUTE_REASON_TEXT[d.reason].label.toLowerCase()})`,
      })),
    };
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    return { ok: false as const, message: walletError.staffMessage };
  }
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SandboxPage({ searchParams }: { searchParams: SearchParams }) {
  if (!(await mayUseSandbox())) return <AccessDenied what="the sandbox" />;
  const query = await searchParams;
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const cardParam = Number(first(query.cardId));
  const cardId = Number.isSafeInteger(cardParam) && cardParam > 0 ? cardParam : undefined;
  const search = sandboxSearch(query.q);
  const [card, found] = await Promise.all([
    cardId === undefined ? undefined : findSandboxCard(first(query.appUserId), cardId),
    search.kind === 'search' ? findSandboxPeople(search.q) : undefined,
  ]);

  const disputesPromise = submittedDisputes();
  let recent;
  try {
    const page = await getWalletClient().authorizationList({ pageSize: RECENT });
    // Whose purchase each is, by name, as on /transactions.
    recent = { ok: true as const, page, holders: await holdersOf(page.list) };
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    recent = { ok: false as const, message: walletError.staffMessage };
  }
  const disputes = await disputesPromise;
  return (
    <>
      <PageHeader
        title="Sandbox"
        description="Simulated card purchases, for demos and training: the card network's messages, sent by hand. Real money rules apply to the balances."
      />
      <SandboxTabs current="purchases" />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <Card role="region" aria-labelledby="simulate-title">
          <CardHeader>
            <CardTitle id="simulate-title">Simulate a purchase</CardTitle>
            <CardDescription>
              The wallet decides it as it would a real one: the card&apos;s status, its spending controls, its
              available balance and the programme&apos;s decision endpoint.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {cardId === undefined ? (
              <>
                <FindPersonForm
                  action="/sandbox"
                  id="sandbox-find"
                  q={search.kind === 'none' ? '' : search.q}
                  {...(search.kind === 'invalid' ? { error: search.message } : {})}
                />
                {search.kind === 'search' && found ? (
                  found.ok ? (
                    <CardChoices q={search.q} people={found.people} />
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
                <SimulatePurchaseForm
                  requestId={randomUUID()}
                  card={{ cardId, text: card?.text ?? `Card ${cardId}` }}
                />
                {card ? (
                  <p className="text-sm">
                    <Link
                      href={sandboxCardHref(card, '/sandbox/cardholder')}
                      className="text-link underline underline-offset-4"
                    >
                      Open this card as its holder
                    </Link>{' '}
                    <span className="text-muted-foreground">
                      (its details page and the cardholder&apos;s view)
                    </span>
                  </p>
                ) : null}
              </>
            )}
          </CardContent>
        </Card>
        <Card role="region" aria-labelledby="recent-title">
          <CardHeader>
            <CardTitle id="recent-title">Latest purchases</CardTitle>
            <CardDescription>
              The programme&apos;s {RECENT} newest. A held purchase can be cleared (up to 120 %) or reversed;
              a cleared one refunded.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {recent.ok ? (
              recent.page.list.length === 0 ? (
                <p className="text-sm text-muted-foreground">No purchases yet.</p>
              ) : (
                <ul className="grid gap-3" aria-label="Latest purchases" data-testid="sandbox-recent">
                  {recent.page.list.map((a) => (
                    <li key={a.authorizationId} className="grid gap-2">
                      <ul>
                        <AuthorizationItem
                          authorization={a}
                          holder={holderOf(a, recent.holders)}
                          cardLink={`/users/${encodeURIComponent(a.appUserId)}/cards/${a.cardId}`}
                        />
                      </ul>
                      {a.status === 'PENDING' ? (
                        <div className="flex flex-wrap gap-4">
                          <MerchantStepForm
                            step="clear"
                            id={a.authorizationId}
                            cardId={a.cardId}
                            requestId={randomUUID()}
                          />
                          <MerchantStepForm
                            step="reverse"
                            id={a.authorizationId}
                            cardId={a.cardId}
                            requestId={randomUUID()}
                          />
                        </div>
                      ) : null}
                      {a.status === 'CLEARED' &&
                      a.transactionId !== null &&
                      a.refundedAmount < a.clearedAmount ? (
                        <MerchantStepForm
                          step="refund"
                          id={a.transactionId}
                          cardId={a.cardId}
                          authorizationId={a.authorizationId}
                          requestId={randomUUID()}
                        />
                      ) : null}
                    </li>
                  ))}
                </ul>
              )
            ) : (
              <Alert variant="error">
                <AlertTitle>The latest purchases could not be loaded</AlertTitle>
                <AlertDescription>{recent.message}</AlertDescription>
              </Alert>
            )}
          </CardContent>
        </Card>
        <Card role="region" aria-labelledby="disputes-title">
          <CardHeader>
            <CardTitle id="disputes-title">Disputes with the merchant&apos;s bank</CardTitle>
            <CardDescription>
              Answer a dispute sent with its evidence as the merchant&apos;s bank would: won puts the amount
              back on the card, lost moves nothing.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {!disputes.ok ? (
              <Alert variant="error">
                <AlertTitle>The disputes could not be loaded</AlertTitle>
                <AlertDescription>{disputes.message}</AlertDescription>
              </Alert>
            ) : (
              <SettleDisputeForm choices={disputes.choices} requestId={randomUUID()} />
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
