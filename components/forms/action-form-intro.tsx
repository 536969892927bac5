'use client';
// The top of a posted form (useActionForm): the error summary of the action's last answer (its
// own error first, then the field errors in page order, each linked to its field; it takes focus
// at each answer) and the note on required fields.
import { FormErrorSummary } from '@/components/ui/form-error-summary';
import { formErrorItems } from './form-error-items';

export interface ActionFormIntroProps {
  result: { serverError?: string; validationErrors?: unknown };
  /** useActionForm's count of answers: the summary takes focus at each. */
  answers: number;
  /** The fields' paths in page order; `fieldId` the control each links to. */
  order: readonly string[];
  fieldId: (path: string) => string | undefined;
  title: string;
}

export function ActionFormIntro({ result, answers, order, fieldId, title }: ActionFormIntroProps) {
  const summary = formErrorItems(result.validationErrors, order, fieldId);
  if (result.serverError) summary.unshift({ message: result.serverError });
  return (
    <>
      <FormErrorSummary errors={summary} title={title} focusKey={answers} />
      <p className="text-sm text-muted-foreground">
        Fields marked <span className="text-danger-fg">*</span> are required.
      </p>
    </>
  );
}
