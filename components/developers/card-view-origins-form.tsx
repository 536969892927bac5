'use client';
// The card-view origins on /developers (lib/backoffice/developers/card-view-actions.ts): the
// agency's app pages that may embed the wallet's card-details page, one per line, the rule said
// in words and a refusal beside the field. A state action's form: it posts without JavaScript.
import { useActionForm } from '@/components/forms/use-action-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { setCardViewOrigins } from '@/lib/backoffice/developers/card-view-actions';
import { CARD_VIEW_ORIGINS_RULE } from '@/lib/backoffice/developers/card-view-rule';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';

export function CardViewOriginsForm({ current }: { current: readonly string[] | null }) {
  const { result, pending, formProps, fieldError } = useActionForm(setCardViewOrigins);
  const typed = typedValuesOf(result.validationErrors);
  const saved = result.data;
  return (
    <form {...formProps} method="post" aria-label="Set the card-view origins" className="grid gap-4">
      {saved ? (
        <Alert variant="success" live>
          <AlertTitle>Card-view origins saved</AlertTitle>
          <AlertDescription className="break-all">
            {saved.origins.length > 0
              ? `The card-details page may now be embedded by ${saved.origins.join(', ')}.`
              : 'No page may embed the card-details page now: it opens only as a page of its own.'}
          </AlertDescription>
        </Alert>
      ) : null}
      <ServerErrorAlert title="The card-view origins were not changed" error={result.serverError} />
      <Field
        id="card-view-origins"
        label="Card-view origins"
        description={CARD_VIEW_ORIGINS_RULE}
        error={fieldError('origins')}
      >
        <Textarea
          name="origins"
          rows={3}
          autoComplete="off"
          spellCheck={false}
          defaultValue={typed('origins') ?? (saved?.origins ?? current ?? []).join('\n')}
          placeholder="e.g. https://app.example.com"
        />
      </Field>
      <div>
        <Button type="submit" loading={pending}>
          Save the card-view origins
        </Button>
      </div>
    </form>
  );
}
