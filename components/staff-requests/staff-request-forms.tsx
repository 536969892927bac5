'use client';
// The forms of the staff requests (docs/back-office.md "Staff requests"): support asks for a locked
// card to be replaced or unlocked, with a note (what to ask for has no default: it is chosen); an
// operator or admin marks a request done (a comment if they have one) or dismisses it (a comment
// required). State actions (useActionForm): a posted form before the scripts load, the same action
// in place after; a refusal keeps what was typed.
import { Check, Send, X } from 'lucide-react';
import { useActionForm } from '@/components/forms/use-action-form';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';
import { closeStaffRequestAction, fileStaffRequestAction } from '@/lib/backoffice/staff-requests/actions';
import {
  STAFF_REQUEST_KIND_LABELS,
  STAFF_REQUEST_TEXT_MAX,
  type StaffRequestKind,
} from '@/lib/backoffice/staff-requests/staff-request-kinds';

export function FileStaffRequestForm({
  appUserId,
  cardId,
  kinds,
}: {
  appUserId: string;
  cardId: number;
  /** What may still be asked (a kind already open is not offered again). */
  kinds: readonly StaffRequestKind[];
}) {
  const { result, pending, formProps, fieldError } = useActionForm(fileStaffRequestAction);
  const typed = typedValuesOf(result.validationErrors);
  if (result.data) {
    return (
      <Alert variant="success" live>
        <AlertTitle>{result.data.filed ? 'Asked' : 'Already asked'}</AlertTitle>
        <AlertDescription>
          Request {result.data.id} waits for an operator or admin, who will do it or say why not.
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <form {...formProps} method="post" aria-label="Ask an operator" className="grid max-w-xl gap-3">
      <ServerErrorAlert title="Not asked" error={result.serverError} />
      <input type="hidden" name="appUserId" value={appUserId} />
      <input type="hidden" name="cardId" value={cardId} />
      <Field id={`staff-request-kind-${cardId}`} label="Ask for" required error={fieldError('kind')}>
        <NativeSelect name="kind" required placeholder="Choose…" defaultValue={typed('kind') ?? ''}>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {STAFF_REQUEST_KIND_LABELS[kind]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field
        id={`staff-request-note-${cardId}`}
        label="Note for the operator"
        required
        description="What the caller reported, and how to reach them if needed."
        error={fieldError('note')}
      >
        <Textarea name="note" rows={3} maxLength={STAFF_REQUEST_TEXT_MAX} defaultValue={typed('note')} />
      </Field>
      <div>
        <Button type="submit" loading={pending}>
          <Send aria-hidden="true" />
          Ask an operator
        </Button>
      </div>
    </form>
  );
}

function CloseForm({ id, outcome }: { id: number; outcome: 'DONE' | 'DISMISSED' }) {
  const { result, pending, formProps, fieldError } = useActionForm(closeStaffRequestAction);
  const typed = typedValuesOf(result.validationErrors);
  const done = outcome === 'DONE';
  const verb = done ? 'Mark done' : 'Dismiss';
  return (
    <form {...formProps} method="post" aria-label={`${verb}: request ${id}`} className="grid gap-3">
      <ServerErrorAlert title={done ? 'Not marked done' : 'Not dismissed'} error={result.serverError} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="outcome" value={outcome} />
      <Field
        id={`staff-request-${outcome.toLowerCase()}-${id}`}
        label={done ? 'Comment (optional)' : 'Why it is dismissed'}
        required={!done}
        description="The person who asked reads this."
        error={fieldError('comment')}
      >
        <Textarea
          name="comment"
          rows={2}
          maxLength={STAFF_REQUEST_TEXT_MAX}
          defaultValue={typed('comment')}
        />
      </Field>
      <div>
        <Button type="submit" variant={done ? 'default' : 'outline'} loading={pending}>
          {done ? <Check aria-hidden="true" /> : <X aria-hidden="true" />}
          {verb}
        </Button>
      </div>
    </form>
  );
}

/** Done once the card shows it (checked against the wallet), or dismissed with a comment. */
export function CloseStaffRequestForms({ id }: { id: number }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <CloseForm id={id} outcome="DONE" />
      <CloseForm id={id} outcome="DISMISSED" />
    </div>
  );
}
