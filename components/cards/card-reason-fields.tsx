'use client';
// The two fields every card-change dialog asks (lock, cancel, replace): the reason, from the
// contract's reasons in words, and the optional note for the card's history (kept in the audit log
// only: docs/back-office.md "Pages").
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import {
  CARD_CHANGE_REASONS,
  CARD_NOTE_MAX,
  REASON_LABELS,
} from '@/lib/backoffice/cards/card-programme-rules';

export function CardReasonField({
  error,
  registration,
}: {
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field label="Reason" required error={error}>
      <NativeSelect placeholder="Choose a reason" {...registration}>
        {CARD_CHANGE_REASONS.map((reason) => (
          <option key={reason} value={reason}>
            {REASON_LABELS[reason]}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

export function CardNoteField({
  error,
  registration,
  testId,
}: {
  error: string | undefined;
  registration: UseFormRegisterReturn;
  testId: string;
}) {
  return (
    <Field label="Note" description="Optional: what the caller said, for the card's history." error={error}>
      <Textarea maxLength={CARD_NOTE_MAX} data-testid={testId} {...registration} />
    </Field>
  );
}
