'use client';
// /sandbox/cardholder's "Open as the cardholder" (lib/backoffice/sandbox/cardholder-actions.ts):
// the button, then what the cardholder's phone would show: the wallet's card-details page in an
// iframe (allow="clipboard-write", as an agency's app embeds it), beside a small view made of the
// cardholder's own calls: their cards (masked), the card's latest purchases, freeze and unfreeze.
// Every button is a form posting the same state action, so it all works without JavaScript; the
// iframe needs none either.
import { AuthorizationItem } from '@/components/cards/authorization-item';
import { useActionForm } from '@/components/forms/use-action-form';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardStatusBadge } from '@/components/ui/status-badge';
import { REASON_LABELS } from '@/lib/backoffice/cards/card-programme-rules';
import { actAsCardholder } from '@/lib/backoffice/sandbox/cardholder-actions';
import type { CardholderStep } from '@/lib/backoffice/sandbox/forms';
import { formatExpiry, formatMoney } from '@/lib/backoffice/shared/format';

const STEP_BUTTON: Record<CardholderStep, string> = {
  open: 'Open as the cardholder',
  freeze: 'Freeze the card',
  unfreeze: 'Unfreeze the card',
};

export function CardholderView({
  card,
}: {
  /** The card chosen by name: its holder, and "Pia Picker's Virtual Visa Classic ••1234". */
  card: { appUserId: string; cardId: number; holder: string; text: string };
}) {
  const { result, pending, formProps } = useActionForm(actAsCardholder);
  const view = result.data;
  const stepForm = (step: CardholderStep, variant: 'default' | 'outline' = 'default') => (
    <form {...formProps} method="post" aria-label={STEP_BUTTON[step]}>
      <input type="hidden" name="appUserId" value={card.appUserId} />
      <input type="hidden" name="cardId" value={card.cardId} />
      <input type="hidden" name="step" value={step} />
      <Button type="submit" variant={variant} loading={pending}>
        {STEP_BUTTON[step]}
      </Button>
    </form>
  );
  const chosen = view?.cards.find((c) => c.cardId === card.cardId);
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <ServerErrorAlert title="The card was not opened as its holder" error={result.serverError} />
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          The wallet keeps only a hash of {card.holder}&apos;s wallet token, so the sandbox gives them a new
          one each time (user/walletToken/rotate): the one their app holds stops working. It is used on the
          server only, as their phone would use it.
        </p>
        {stepForm('open')}
      </div>
      {view ? (
        <>
          {view.originAdded ? (
            <Alert variant="info">
              <AlertTitle>The back-office may now embed the details page</AlertTitle>
              <AlertDescription className="break-all">
                {view.originAdded} was added to the app&apos;s card-view origins (Developers), as an agency
                adds its app&apos;s address.
              </AlertDescription>
            </Alert>
          ) : null}
          <section aria-labelledby="holder-details" className="grid gap-3 [&>*]:min-w-0">
            <h2 id="holder-details" className="text-base font-semibold">
              The card&apos;s details, as the cardholder sees them
            </h2>
            {view.link ? (
              <>
                <iframe
                  src={view.link.url}
                  title={`The card's details: ${view.cardText}`}
                  allow="clipboard-write"
                  className="h-[40rem] w-full max-w-md rounded-lg border"
                  data-testid="card-details-frame"
                />
                <p className="text-xs text-muted-foreground">
                  Served by the wallet, one time, for one minute: the back-office never sees what it shows.
                  {view.originProblem ? ` ${view.originProblem} ` : ' '}
                  <a href={view.link.url} target="_blank" rel="noreferrer" className="text-link underline">
                    Open it in a tab of its own
                  </a>{' '}
                  (once: the link is spent by the first open).
                </p>
              </>
            ) : (
              <p className="text-sm text-muted-foreground" data-testid="card-details-none">
                No details to show: {view.linkProblem ?? 'the wallet gave no link.'}
              </p>
            )}
          </section>
          <section aria-labelledby="holder-cards" className="grid gap-3 [&>*]:min-w-0">
            <h2 id="holder-cards" className="text-base font-semibold">
              Their cards
            </h2>
            <ul className="grid gap-2" aria-label="The cardholder's cards" data-testid="holder-cards">
              {view.cards.map((c) => (
                <li key={c.cardId} className="grid gap-1 rounded-lg border px-4 py-3 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {c.name} <span className="font-mono tabular-nums">{c.maskedNumber}</span>
                    <CardStatusBadge status={c.status} />
                    {c.statusReason ? (
                      <span className="font-normal text-muted-foreground">
                        {REASON_LABELS[c.statusReason]}
                      </span>
                    ) : null}
                  </p>
                  <p className="text-muted-foreground">
                    Expires {formatExpiry(c.expireMonth, c.expireYear)} · available{' '}
                    {formatMoney(c.availableBalance, c.currency, 2)} of{' '}
                    {formatMoney(c.balance, c.currency, 2)}
                  </p>
                </li>
              ))}
            </ul>
            {chosen?.status === 'ACTIVE' ? stepForm('freeze', 'outline') : null}
            {chosen?.status === 'LOCKED' && chosen.statusReason === 'CARDHOLDER_FROZEN'
              ? stepForm('unfreeze', 'outline')
              : null}
          </section>
          <section aria-labelledby="holder-purchases" className="grid gap-3 [&>*]:min-w-0">
            <h2 id="holder-purchases" className="text-base font-semibold">
              Latest purchases on this card
            </h2>
            {view.purchases.length === 0 ? (
              <p className="text-sm text-muted-foreground">No purchases yet.</p>
            ) : (
              <ul className="grid gap-2" aria-label="The cardholder's purchases">
                {view.purchases.map((a) => (
                  <AuthorizationItem key={a.authorizationId} authorization={a} />
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
