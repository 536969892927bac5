'use client';
// The replace page's form (/users/<appUserId>/cards/<cardId>/replace; docs/back-office.md "Without
// JavaScript"): the reason and the note, posted to replaceCardFromPage, a form's state action, so
// it works before any script loads (the browser posts it; the server answers with the new card's
// page, or this page with the problem and what was chosen and typed) and after (the same action in
// place, then the new card's page). The requestId is made as the page renders: posting twice
// replaces once. A card cancelled meanwhile is said above the fields, and the fields stay where
// they were with what was typed (the form-state answer of a post without JavaScript is matched to
// this component by its place in the page, so the page renders it in both cases).
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { MakerReasonInput } from '@/components/approvals/maker-reason-field';
import { useActionForm } from '@/components/forms/use-action-form';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { replaceCardFromPage } from '@/lib/backoffice/cards/actions';
import {
  CARD_CHANGE_REASONS,
  CARD_NOTE_MAX,
  REASON_LABELS,
  type CardChangeReason,
} from '@/lib/backoffice/cards/card-programme-rules';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';

export function CardReplacePageForm({
  appUserId,
  cardId,
  cardPath,
  suggestedReason,
  requestId,
  cancelled,
  waitsForApproval = false,
}: {
  appUserId: string;
  cardId: number;
  cardPath: string;
  suggestedReason: CardChangeReason | null;
  requestId: string;
  /** The card is cancelled: it cannot be replaced, so the form only keeps what was typed. */
  cancelled: boolean;
  /** The replacement waits for a second person (a card locked as stolen or fraud): a reason is asked. */
  waitsForApproval?: boolean;
}) {
  const router = useRouter();
  const { result, pending, formProps, fieldError } = useActionForm(replaceCardFromPage);
  const typed = typedValuesOf(result.validationErrors);
  const formError = (result.validationErrors as { _errors?: unknown } | undefined)?._errors;
  const done = result.data && 'path' in result.data ? result.data.path : cardPath;
  const answered = result.data !== undefined;
  useEffect(() => {
    if (answered) router.push(done);
  }, [answered, done, router]);
  const refused = result.serverError !== undefined || result.validationErrors !== undefined;
  if (cancelled && !refused) {
    return (
      <div className="grid gap-4">
        <p>The card is cancelled: it cannot be replaced.</p>
        <Link href={cardPath} className={cn(buttonVariants({ variant: 'outline' }), 'w-fit')}>
          Back to the card
        </Link>
      </div>
    );
  }
  return (
    <form {...formProps} method="post" aria-label="Replace the card" className="grid gap-4">
      <input type="hidden" name="appUserId" value={appUserId} />
      <input type="hidden" name="cardId" value={String(cardId)} />
      <input type="hidden" name="requestId" value={requestId} />
      <ServerErrorAlert
        title="Nothing was changed"
        error={result.serverError ?? (Array.isArray(formError) ? String(formError[0]) : undefined)}
      />
      <Field id="replace-reason" label="Reason" required error={fieldError('reason')}>
        <NativeSelect
          name="reason"
          placeholder="Choose a reason"
          defaultValue={typed('reason') ?? suggestedReason ?? ''}
        >
          {CARD_CHANGE_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {REASON_LABELS[reason]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {waitsForApproval || fieldError('makerReason') ? (
        <MakerReasonInput
          hint="The card is locked as stolen or for suspected fraud: another member of staff must approve its replacement, as they would its unlock."
          invalid={fieldError('makerReason') !== undefined}
        />
      ) : null}
      <Field
        id="replace-note"
        label="Note"
        description="Optional: what the caller said, for the card's history."
        error={fieldError('note')}
      >
        <Textarea
          name="note"
          maxLength={CARD_NOTE_MAX}
          defaultValue={typed('note') ?? ''}
          data-testid="card-replace-note"
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Link href={cardPath} className={buttonVariants({ variant: 'outline' })}>
          Keep the card
        </Link>
        <Button type="submit" loading={pending} disabled={cancelled}>
          {waitsForApproval ? 'Send for approval' : 'Replace card'}
        </Button>
      </div>
    </form>
  );
}
