'use client';
// Two-factor sign-in on /account: off (a button to set it up), being set up (the QR code and the
// secret to type in, and the code that confirms them), or on (since when, recovery codes left, and
// turning it off with a code). Confirming shows the ten recovery codes once (recovery-codes.tsx:
// downloaded or copied); this component keeps them on screen while the page behind it changes to
// "on". Every form is a state action's form: it works before its scripts load too.
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useActionForm } from '@/components/forms/use-action-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { confirmTwoFactor, disableTwoFactor, startTwoFactor } from '@/lib/backoffice/auth/two-factor-actions';
import type { TwoFactorStatus } from '@/lib/backoffice/auth/two-factor';
import { RecoveryCodes } from './recovery-codes';

export function TwoFactorCard({ status, required }: { status: TwoFactorStatus; required: boolean }) {
  const start = useActionForm(startTwoFactor);
  const confirm = useActionForm(confirmTwoFactor);
  const disable = useActionForm(disableTwoFactor);
  const recoveryCodes = confirm.result.data?.recoveryCodes;
  const serverError =
    start.result.serverError ?? confirm.result.serverError ?? disable.result.serverError ?? null;

  return (
    <div className="grid gap-5">
      {required && status.state !== 'on' ? (
        <Alert variant="error" live>
          <AlertTitle>Set up two-factor sign-in to continue</AlertTitle>
          <AlertDescription>
            Your agency requires it of you. Until it is on, the rest of the back-office stays closed.
          </AlertDescription>
        </Alert>
      ) : null}
      {serverError ? (
        <Alert variant="error" live>
          <AlertTitle>Nothing was changed</AlertTitle>
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      ) : null}
      {recoveryCodes ? (
        <Alert variant="success" live>
          <AlertTitle>Two-factor sign-in is on. Keep these recovery codes</AlertTitle>
          <AlertDescription>
            <p>
              Each code signs you in once, instead of a code from your app, if you lose your phone. They are
              shown only now: download them, copy them into your password manager or print them.
            </p>
            <RecoveryCodes codes={recoveryCodes} />
          </AlertDescription>
        </Alert>
      ) : null}

      {status.state === 'off' ? (
        <form {...start.formProps} method="post" aria-label="Set up two-factor sign-in">
          <p className="mb-4 text-sm text-muted-foreground">
            Sign in with a code from an authenticator app on your phone as well as your password.
          </p>
          <Button type="submit" loading={start.pending}>
            <ShieldCheck aria-hidden="true" />
            Set up two-factor sign-in
          </Button>
        </form>
      ) : null}

      {status.state === 'pending' ? (
        <form
          {...confirm.formProps}
          method="post"
          aria-label="Confirm two-factor sign-in"
          className="grid max-w-md gap-5"
        >
          <ol className="grid list-decimal gap-2 pl-5 text-sm">
            <li>Scan this QR code with your authenticator app, or type the key below into it.</li>
            <li>Enter the 6-digit code the app then shows.</li>
          </ol>
          {/* A data: URL the server drew: shown without any script. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={status.qrCode}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
            className="rounded-md border bg-white p-2"
          />
          <p className="text-sm">
            Key:{' '}
            <code className="break-all font-mono" data-testid="totp-secret">
              {status.secret}
            </code>
          </p>
          <Field
            id="two-factor-confirm-code"
            label="Code from the app"
            required
            error={confirm.fieldError('code')}
          >
            <Input name="code" inputMode="numeric" autoComplete="one-time-code" spellCheck={false} />
          </Field>
          <div>
            <Button type="submit" loading={confirm.pending}>
              <ShieldCheck aria-hidden="true" />
              Turn on two-factor sign-in
            </Button>
          </div>
        </form>
      ) : null}

      {status.state === 'on' ? (
        <form
          {...disable.formProps}
          method="post"
          aria-label="Turn off two-factor sign-in"
          className="grid max-w-md gap-5"
        >
          <p className="text-sm">
            On since <time dateTime={status.since}>{status.since.slice(0, 10)}</time>;{' '}
            {status.recoveryCodesLeft} recovery code{status.recoveryCodesLeft === 1 ? '' : 's'} left.
          </p>
          {required ? (
            <p className="text-sm text-muted-foreground">Your agency requires it: it cannot be turned off.</p>
          ) : (
            <>
              <Field
                id="two-factor-disable-code"
                label="A code from the app (or a recovery code), to turn it off"
                required
                error={disable.fieldError('code')}
              >
                <Input name="code" autoComplete="one-time-code" spellCheck={false} />
              </Field>
              <div>
                <Button type="submit" variant="outline" loading={disable.pending}>
                  <ShieldOff aria-hidden="true" />
                  Turn off two-factor sign-in
                </Button>
              </div>
            </>
          )}
        </form>
      ) : null}
    </div>
  );
}
