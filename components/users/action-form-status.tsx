'use client';
// What the user and address forms show about a submission: the error summary over the form after
// a failed submit (field errors in page order, the action's own error first), the note on
// required fields, and whether the form is busy. Busy lasts from the first click until the next
// page opens, so a second click sends nothing.
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { FormErrorSummary, type FormErrorSummaryItem } from '@/components/ui/form-error-summary';
import { formErrorItems } from './form-error-items';

type ActionState = {
  result: { serverError?: string };
  isExecuting: boolean;
  hasSucceeded: boolean;
};

export function actionFormStatus<T extends FieldValues>(
  form: UseFormReturn<T>,
  action: ActionState,
  order: readonly string[],
  fieldId: (path: string) => string | undefined,
): { summary: FormErrorSummaryItem[]; busy: boolean } {
  const { errors, isSubmitting } = form.formState;
  const summary = formErrorItems(errors, order, fieldId);
  if (action.result.serverError) summary.unshift({ message: action.result.serverError });
  return { summary, busy: isSubmitting || action.isExecuting || action.hasSucceeded };
}

export function ActionFormIntro({
  submitCount,
  summary,
  title,
}: {
  submitCount: number;
  summary: readonly FormErrorSummaryItem[];
  title: string;
}) {
  return (
    <>
      {submitCount > 0 ? <FormErrorSummary errors={summary} title={title} focusKey={submitCount} /> : null}
      <p className="text-sm text-muted-foreground">
        Fields marked <span className="text-danger-fg">*</span> are required.
      </p>
    </>
  );
}
