'use client';
// Adding a webhook endpoint on /developers: its URL, every event type or some, a description.
// A state action (useActionForm), so it works before its scripts load; the wallet's refusal of
// the URL (https only, no private address) comes back beside the URL field, with what was typed.
// On success the endpoint's signing secret is shown here, once: the wallet never shows it again.
import { Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useActionForm } from '@/components/forms/use-action-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { ServerErrorAlert } from '@/components/forms/server-error-alert';
import { SecretShownOnce } from '@/components/developers/secret-shown-once';
import { EndpointUrlField } from '@/components/developers/endpoint-url-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { addWebhookEndpoint } from '@/lib/backoffice/developers/actions';
import { typedValuesOf } from '@/lib/backoffice/shared/action-form-data';
import { EVENT_TYPES, EVENT_TYPE_WHEN } from '@/lib/wallet/contract/enums';

export function AddEndpointForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const { result, pending, formProps, fieldError } = useActionForm(addWebhookEndpoint);
  const added = result.data;
  const typed = typedValuesOf(result.validationErrors);
  useEffect(() => {
    if (added) formRef.current?.reset();
  }, [added]);
  const eventsError = fieldError('events');

  return (
    <form
      ref={formRef}
      {...formProps}
      method="post"
      aria-label="Add a webhook endpoint"
      className="grid gap-5"
    >
      {added ? (
        <Alert variant="success" live>
          <AlertTitle>Endpoint {added.endpointId} added</AlertTitle>
          <AlertDescription>
            {/* Only the URL may break anywhere: a sentence broken mid-word read "i nto". */}
            <p className="break-words">
              Events ({added.events.join(', ')}) go to <span className="break-all">{added.url}</span>. Its
              signing secret is shown <strong>this once</strong>: copy it into the receiving server now.
            </p>
            <SecretShownOnce id="endpoint-secret" secret={added.secret} />
          </AlertDescription>
        </Alert>
      ) : null}
      <ServerErrorAlert title="The endpoint was not added" error={result.serverError} />
      <EndpointUrlField
        id="endpoint-url"
        label="Endpoint URL"
        required
        description="Where the wallet POSTs each event: an https:// address on the internet."
        error={fieldError('url')}
        defaultValue={typed('url')}
        placeholder="e.g. https://example.com/hooks"
      />
      <fieldset className="grid gap-3" aria-describedby={eventsError ? 'endpoint-events-error' : undefined}>
        <legend className="text-sm font-medium">Events</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="scope" value="all" defaultChecked={typed('scope') !== 'some'} />
          Every event type, also those added later
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="scope" value="some" defaultChecked={typed('scope') === 'some'} />
          Only these:
        </label>
        <ul className="grid gap-2 ps-6 sm:grid-cols-2">
          {EVENT_TYPES.map((type, i) => (
            <li key={type}>
              <label className="flex items-start gap-2 text-sm">
                <Checkbox name={`events.${i}`} value={type} className="mt-0.5" />
                <span>
                  <code className="font-mono">{type}</code>
                  <span className="block text-muted-foreground">{EVENT_TYPE_WHEN[type]}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {eventsError ? (
          <p id="endpoint-events-error" className="text-sm text-destructive" role="alert">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      <Field
        id="endpoint-description"
        label="Description"
        description="Optional: what it is for."
        error={fieldError('description')}
      >
        <Input name="description" maxLength={200} defaultValue={typed('description')} />
      </Field>
      <div>
        <Button type="submit" loading={pending}>
          <Plus aria-hidden="true" />
          Add endpoint
        </Button>
      </div>
    </form>
  );
}
