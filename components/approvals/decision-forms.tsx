'use client';
// The decisions on one request (/approvals/[id], docs/back-office.md "Approvals"): approve (with a
// comment if the approver has one), reject with a comment, withdraw one's own. Each is a state action (useActionForm): a posted form before
// the scripts load, the same action in place after. The page says what happened once it refreshes
// (the request's new state, a failed call's result code); a refusal (someone decided first, the
// request expired, the maker approving their own) is shown here, and a typed comment is kept.
import { Check, Undo2, X } from 'lucide-react';
import { useActionForm } from '@/components/forms/use-action-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { ResultCode } from '@/components/ui/result-code';
import { approveApproval, rejectApproval, withdrawApproval } from '@/lib/backoffice/approvals/actions';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';

function Refused({ title, message }: { title: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert variant="error" live>
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

export function ApproveForm({ id, again = false }: { id: number; again?: boolean }) {
  const { result, pending, formProps, fieldError } = useActionForm(approveApproval);
  const typed = typedValuesOf(result.validationErrors);
  return (
    <form {...formProps} method="post" aria-label={`Approve request ${id}`} className="grid gap-3">
      <Refused title="Not approved" message={result.serverError} />
      {result.data?.status === 'FAILED' ? (
        <Alert variant="error" live>
          <AlertTitle>
            The wallet refused it (code{' '}
            {result.data.resultCode === null ? null : <ResultCode code={result.data.resultCode} />})
          </AlertTitle>
          <AlertDescription>{result.data.resultMessage}</AlertDescription>
        </Alert>
      ) : null}
      <input type="hidden" name="id" value={id} />
      <Field
        id={`approve-comment-${id}`}
        label="Comment (optional)"
        description="Kept with the request and in the audit log: what you checked, for instance."
        error={fieldError('comment')}
      >
        <Textarea name="comment" rows={3} maxLength={500} defaultValue={typed('comment')} />
      </Field>
      <div>
        <Button type="submit" loading={pending}>
          <Check aria-hidden="true" />
          {again ? 'Carry it out again' : 'Approve and carry out'}
        </Button>
      </div>
    </form>
  );
}

export function RejectForm({ id }: { id: number }) {
  const { result, pending, formProps, fieldError } = useActionForm(rejectApproval);
  const typed = typedValuesOf(result.validationErrors);
  return (
    <form {...formProps} method="post" aria-label={`Reject request ${id}`} className="grid gap-3">
      <Refused title="Not rejected" message={result.serverError} />
      <input type="hidden" name="id" value={id} />
      <Field
        id={`reject-comment-${id}`}
        label="Why it is rejected"
        required
        description="The person who asked reads this."
        error={fieldError('comment')}
      >
        <Textarea name="comment" rows={3} maxLength={500} defaultValue={typed('comment')} />
      </Field>
      <div>
        <Button type="submit" variant="destructive" loading={pending}>
          <X aria-hidden="true" />
          Reject
        </Button>
      </div>
    </form>
  );
}

export function WithdrawForm({ id }: { id: number }) {
  const { result, pending, formProps } = useActionForm(withdrawApproval);
  return (
    <form {...formProps} method="post" aria-label={`Withdraw request ${id}`} className="grid gap-3">
      <Refused title="Not withdrawn" message={result.serverError} />
      <input type="hidden" name="id" value={id} />
      <div>
        <Button type="submit" variant="outline" loading={pending}>
          <Undo2 aria-hidden="true" />
          Withdraw the request
        </Button>
      </div>
    </form>
  );
}
