// /sandbox/deposits (operators and admins; docs/deposits-and-kyt.md "Back-office"): simulate a
// deposit to a user's address (chain, amount, confirmations, a sender), the user chosen by name (a
// search, `q`, then a link with `appUserId`), then more confirmations for one still confirming, as a trainer shows a deposit confirm, screened and credited or held.
// Beside /sandbox's purchases, on a page of its own so each page stays under the first-load
// JavaScript bound (bench/RESULTS.md). Gone (404) while simulation is off. Rendered on the
// server; every form posts without JavaScript.
import { randomBytes } from 'node:crypto';
import type { Metadata } from 'next';
import { AccessDenied } from '@/components/access-denied';
import { mayUseSandbox } from '@/lib/backoffice/sandbox/sandbox-access';
import { ConfirmDepositForm } from '@/components/sandbox/confirm-deposit-form';
import { SandboxTabs } from '@/components/sandbox/sandbox-tabs';
import { SimulateDepositForm } from '@/components/sandbox/simulate-deposit-form';
import { FindPersonForm, PersonChoices } from '@/components/sandbox/sandbox-picker';
import { findSandboxPeople, findSandboxPerson } from '@/lib/backoffice/sandbox/sandbox-lookup';
import { sandboxSearch } from '@/lib/backoffice/sandbox/sandbox-picker';
import { DepositsTable } from '@/components/deposits/deposits-table';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { depositRow } from '@/lib/backoffice/deposits/deposit-rows';
import { personNamesOf } from '@/lib/backoffice/names/person-names';
import { asWalletClientError, getWalletClient } from '@/lib/backoffice/wallet-client';
import { appUserIdParam } from '@/lib/wallet/contract/schemas';

export const metadata: Metadata = { title: 'Sandbox deposits' };

const RECENT = 10;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SandboxDepositsPage({ searchParams }: { searchParams: SearchParams }) {
  if (!(await mayUseSandbox())) return <AccessDenied what="the sandbox" />;
  const query = await searchParams;
  const rawUser = Array.isArray(query.appUserId) ? query.appUserId[0] : query.appUserId;
  const appUserId = appUserIdParam.safeParse(rawUser).success ? rawUser : undefined;
  const search = sandboxSearch(query.q);
  const [person, found] = await Promise.all([
    appUserId === undefined ? undefined : findSandboxPerson(appUserId),
    search.kind === 'search' ? findSandboxPeople(search.q) : undefined,
  ]);

  let deposits;
  try {
    deposits = { ok: true as const, list: (await getWalletClient().depositList({ pageSize: RECENT })).list };
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    deposits = { ok: false as const, message: walletError.staffMessage };
  }
  const names = await personNamesOf(deposits.ok ? deposits.list.map((d) => d.appUserId) : []);

  return (
    <>
      <PageHeader
        title="Sandbox deposits"
        description="Simulated deposits, for demos and training: the chain's messages, sent by hand. Real money rules apply to the balances."
      />
      <SandboxTabs current="deposits" />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <Card role="region" aria-labelledby="deposit-title">
          <CardHeader>
            <CardTitle id="deposit-title">Simulate a deposit</CardTitle>
            <CardDescription>
              USDT sent to the user&apos;s own deposit address on a chain: it confirms, KYT screens it, and it
              is credited to their wallet or held for a person on /compliance.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {appUserId === undefined ? (
              <>
                <FindPersonForm
                  action="/sandbox/deposits"
                  id="sandbox-deposit-find"
                  q={search.kind === 'none' ? '' : search.q}
                  {...(search.kind === 'invalid' ? { error: search.message } : {})}
                />
                {search.kind === 'search' && found ? (
                  found.ok ? (
                    <PersonChoices q={search.q} people={found.people} />
                  ) : (
                    <Alert variant="error">
                      <AlertTitle>The search failed</AlertTitle>
                      <AlertDescription>{found.message}</AlertDescription>
                    </Alert>
                  )
                ) : (
                  <p className="text-sm text-muted-foreground">Find the person the deposit is for.</p>
                )}
              </>
            ) : (
              <SimulateDepositForm
                transaction={randomBytes(32).toString('hex')}
                person={{ appUserId, name: person?.name ?? `User ${appUserId}` }}
              />
            )}
          </CardContent>
        </Card>
        <Card role="region" aria-labelledby="deposits-title">
          <CardHeader>
            <CardTitle id="deposits-title">Latest deposits</CardTitle>
            <CardDescription>
              The programme&apos;s {RECENT} newest. One still confirming can be given more confirmations.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {deposits.ok ? (
              deposits.list.length === 0 ? (
                <p className="text-sm text-muted-foreground">No deposits yet.</p>
              ) : (
                <DepositsTable
                  label="Latest deposits"
                  actionsLabel="Confirmations"
                  showUser
                  deposits={deposits.list.map((d) => depositRow(d, names))}
                  actions={(row) => {
                    const d = deposits.list.find((x) => x.depositId === row.depositId);
                    return d && d.status === 'CONFIRMING' ? (
                      <ConfirmDepositForm
                        depositId={d.depositId}
                        appUserId={d.appUserId}
                        requiredConfirmations={d.requiredConfirmations}
                      />
                    ) : null;
                  }}
                />
              )
            ) : (
              <Alert variant="error">
                <AlertTitle>The latest deposits could not be loaded</AlertTitle>
                <AlertDescription>{deposits.message}</AlertDescription>
              </Alert>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
