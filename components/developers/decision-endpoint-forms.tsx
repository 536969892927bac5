'use client';
// The decision endpoint on /developers (lib/backoffice/developers/decision-actions.ts): setting
// it (URL, fallback, deadline, filled in from decision/get; the signing secret shown once, only
// when one was drawn), rotating its secret, and sending a test authorization through it, with the
// answer and how long it took. State actions' forms: they post without JavaScript.
import { useActionForm } from '@/components/forms/use-action-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { SecretShownOnce } from '@/components/developers/secret-shown-once';
import { EndpointUrlField } from '@/components/developers/endpoint-url-field';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/select';
import { DECIDED_BY_TEXT } from '@/lib/backoffice/cards/authorization-view';
import { DECLINE_REASON_TEXT } from '@/lib/backoffice/cards/decline-reasons';
import { setDecisionEndpoint, testDecisionEndpoint } from '@/lib/backoffice/developers/decision-actions';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';
import type { DecisionEndpoint, DecisionSettings } from '@/lib/wallet/contract/schemas';

/** What a decision/set answered: the settings, and the secret when this call drew one. */
function DecisionSaved({ saved, rotated }: { saved: DecisionEndpoint; rotated?: boolean }) {
  return (
    <Alert variant="success" live>
      <AlertTitle>
        {rotated
          ? 'Signing secret rotated'
          : saved.url
            ? 'Decision endpoint set'
            : 'Decision endpoint removed'}
      </AlertTitle>
      <AlertDescription>
        {saved.url ? (
          <p className="break-all">
            Purchases that pass the wallet&apos;s own checks are sent to {saved.url}; when it does not answer
            in time or answers wrongly, the purchase is{' '}
            {saved.fallback === 'APPROVE' ? 'approved' : 'declined'} (deadline {saved.timeoutMs} ms).
          </p>
        ) : (
          <p>The wallet decides every purchase by its own checks alone.</p>
        )}
        {saved.secret ? (
          <>
            <p>
              Its new signing secret is shown <strong>this once</strong>
              {rotated
                ? '; for 24 hours the old one still signs Wallet-Signature-Previous, so deploy this one meanwhile:'
                : ':'}
            </p>
            <SecretShownOnce id="decision-secret" secret={saved.secret} />
          </>
        ) : saved.url ? (
          <p>The signing secret is unchanged.</p>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

export function SetDecisionForm({ current }: { current: DecisionSettings | null }) {
  const { result, pending, formProps, fieldError } = useActionForm(setDecisionEndpoint);
  const typed = typedValuesOf(result.validationErrors);
  const saved = result.data;
  return (
    <form {...formProps} method="post" aria-label="Set the decision endpoint" className="grid gap-4">
      {saved ? <DecisionSaved saved={saved} /> : null}
      <ServerErrorAlert title="The decision endpoint was not changed" error={result.serverError} />
      <EndpointUrlField
        id="decision-url"
        label="Decision URL"
        description='An https:// address that answers {"approved": true} to approve, or {"approved": false, "reason": "..."} to decline. Empty removes the endpoint; saving keeps the signing secret.'
        error={fieldError('url')}
        defaultValue={typed('url') ?? saved?.url ?? current?.url ?? undefined}
        placeholder="e.g. https://example.com/decide"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="decision-fallback"
          label="When it does not answer in time or answers wrongly"
          error={fieldError('fallback')}
        >
          <NativeSelect
            name="fallback"
            defaultValue={typed('fallback') ?? saved?.fallback ?? current?.fallback ?? 'DECLINE'}
          >
            <option value="DECLINE">Decline the purchase</option>
            <option value="APPROVE">Approve the purchase</option>
          </NativeSelect>
        </Field>
        <Field id="decision-timeout" label="Deadline (ms, 100-2000)" error={fieldError('timeoutMs')}>
          <Input
            name="timeoutMs"
            inputMode="numeric"
            defaultValue={typed('timeoutMs') ?? String(saved?.timeoutMs ?? current?.timeoutMs ?? 1500)}
          />
        </Field>
      </div>
      <div>
        <Button type="submit" loading={pending}>
          Save the decision endpoint
        </Button>
      </div>
    </form>
  );
}

/** Rotate secret: a new one shown once; the old one keeps signing Wallet-Signature-Previous 24 h. */
export function RotateDecisionSecretForm() {
  const { result, pending, formProps } = useActionForm(setDecisionEndpoint);
  const saved = result.data;
  return (
    <form {...formProps} method="post" aria-label="Rotate the decision signing secret" className="grid gap-3">
      {saved ? <DecisionSaved saved={saved} rotated /> : null}
      <ServerErrorAlert title="The secret was not rotated" error={result.serverError} />
      <input type="hidden" name="rotateSecret" value="true" />
      <p className="text-muted-foreground text-sm">
        A new signing secret, shown once. For 24 hours each request carries both signatures (Wallet-Signature
        with the new secret, Wallet-Signature-Previous with the old), so no purchase is declined while the new
        one is deployed.
      </p>
      <div>
        <Button type="submit" variant="outline" loading={pending}>
          Rotate secret
        </Button>
      </div>
    </form>
  );
}

export function TestDecisionForm() {
  const { result, pending, formProps, fieldError } = useActionForm(testDecisionEndpoint);
  const typed = typedValuesOf(result.validationErrors);
  const tested = result.data;
  const a = tested?.authorization;
  return (
    <form {...formProps} method="post" aria-label="Send a test authorization" className="grid gap-4">
      {a && tested ? (
        <Alert variant={a.status === 'DECLINED' ? 'error' : 'success'} live>
          <AlertTitle data-testid="decision-test-answer">
            {a.status === 'DECLINED' ? 'Declined' : 'Approved'} in {tested.tookMs} ms
          </AlertTitle>
          <AlertDescription>
            Decided by: {DECIDED_BY_TEXT[a.decidedBy]}.{' '}
            {a.declineReason ? `${DECLINE_REASON_TEXT[a.declineReason].what} ` : ''}
            {a.agencyReason ? `The programme said: “${a.agencyReason}”. ` : ''}
            {tested.reversed ? 'The 1.00 hold was reversed at once.' : ''} (Authorization {a.authorizationId};
            the time is the whole call as the back-office saw it.)
          </AlertDescription>
        </Alert>
      ) : null}
      <ServerErrorAlert title="The test was not sent" error={result.serverError} />
      <Field
        id="decision-test-card"
        label="Card ID"
        description="An active card with at least 1.00 available: a purchase of 1.00 is simulated on it, then reversed."
        error={fieldError('cardId')}
      >
        <Input
          name="cardId"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={typed('cardId')}
          className="max-w-40"
        />
      </Field>
      <div>
        <Button type="submit" variant="outline" loading={pending}>
          Send a test authorization
        </Button>
      </div>
    </form>
  );
}
