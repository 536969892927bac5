// The deposits KYT holds, on /compliance (docs/back-office.md "Compliance"): one block per
// deposit rather than a table row, so that nothing is cut or pushed out of view: on a 390 px phone
// each stacks (the person, the amount, the status and risk first, the decision form last), and on
// a wide screen the form sits beside the facts with every KYT reason written out whole. The person
// by name, linking to their page. Server-compatible: the rows are views made on the server.
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import type { DepositRowView } from './deposits-table';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase sm:pt-0.5">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export function HeldDepositsList({
  deposits,
  label,
  actions,
}: {
  deposits: readonly DepositRowView[];
  label: string;
  /** What may be done with a deposit (the release form, for admins). */
  actions?: (deposit: DepositRowView) => ReactNode;
}) {
  return (
    <ul aria-label={label} className="grid gap-3">
      {deposits.map((d) => (
        <li
          key={d.depositId}
          data-testid={`deposit-${d.depositId}`}
          aria-labelledby={`held-${d.depositId}`}
          className="grid min-w-0 gap-4 rounded-lg border p-4 lg:grid-cols-[minmax(0,1fr)_18rem]"
        >
          <div className="grid min-w-0 gap-3">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h3 id={`held-${d.depositId}`} className="font-medium">
                <a
                  className="underline underline-offset-2"
                  href={`/users/${encodeURIComponent(d.appUserId)}`}
                >
                  {d.userName ?? d.appUserId}
                </a>
                <span className="sr-only">, deposit #{d.depositId}</span>
              </h3>
              <Badge variant={d.status.variant} data-testid="deposit-status">
                {d.status.label}
              </Badge>
              {d.risk ? <Badge variant={d.risk.variant}>{d.risk.label}</Badge> : null}
            </div>
            <p className="tabular-nums">
              <span className="text-lg font-semibold">{d.amount}</span>{' '}
              <span className="text-sm text-muted-foreground">credits {d.credited}</span>
            </p>
            <dl className="grid gap-2 text-sm">
              <Fact term="Deposit">
                #{d.depositId} on {d.chain}, {d.createdAt}
              </Fact>
              <Fact term="From">
                <code className="break-all text-xs">{d.fromAddress}</code>
              </Fact>
              <Fact term="Transaction">
                <code className="break-all text-xs">{d.txHash}</code>
              </Fact>
              <Fact term="Confirmations">{d.confirmations}</Fact>
              {d.note ? <Fact term="Note">{d.note}</Fact> : null}
              <Fact term="Why it is held">
                {d.reasons.length > 0 ? (
                  <ul className="list-disc pl-4" data-testid="deposit-reasons">
                    {d.reasons.map((r) => (
                      <li key={r}>{r}</li>
                    ))}
                  </ul>
                ) : (
                  'No reason given by the screening'
                )}
              </Fact>
            </dl>
          </div>
          {actions ? <div className="min-w-0">{actions(d)}</div> : null}
        </li>
      ))}
    </ul>
  );
}
