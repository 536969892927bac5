'use client';
// Step 5 of the card-issue wizard: the name embossed on the card, checked as it is typed against
// the contract's rule (shown beside the field), with a suggestion made from the user's name.
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { EMBOSSED_NAME_MAX, embossedNameProblem } from '@/lib/backoffice/card-issue/card-issue-embossed-name';
import { withFieldLabelAndProblem } from '@/lib/backoffice/card-issue/card-issue-format';
import type { IssueCardInput, IssueCardValues } from '@/lib/backoffice/card-issue/forms';

export const EMBOSSED_NAME_LABEL = 'Name on the card';

export function NameStep({ suggestion }: { suggestion: string }) {
  const form = useFormContext<IssueCardInput, unknown, IssueCardValues>();
  const value = useWatch({ control: form.control, name: 'embossedName' }) ?? '';
  const message = form.formState.errors.embossedName?.message;
  // The rule says what is allowed; the problem says what in this value breaks it.
  const error = withFieldLabelAndProblem(EMBOSSED_NAME_LABEL, message, embossedNameProblem(value));

  return (
    <div className="grid gap-3">
      <Field
        label={EMBOSSED_NAME_LABEL}
        id="issue-embossed-name"
        required
        error={error}
        description={
          <>
            1–{EMBOSSED_NAME_MAX} capital letters A–Z, with single spaces between words, as it will be printed
            on the card. <span className="tabular-nums">{value.length}</span> of {EMBOSSED_NAME_MAX}{' '}
            characters.
          </>
        }
      >
        <Input
          autoComplete="off"
          spellCheck={false}
          className="font-mono tracking-wide sm:max-w-sm"
          {...form.register('embossedName')}
        />
      </Field>
      {suggestion && suggestion !== value ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          Suggested from the user&apos;s name: <span className="font-mono text-foreground">{suggestion}</span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() =>
              form.setValue('embossedName', suggestion, { shouldValidate: true, shouldDirty: true })
            }
          >
            Use the suggestion
          </Button>
        </p>
      ) : null}
    </div>
  );
}
