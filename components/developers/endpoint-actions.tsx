'use client';
// The one-click forms of /developers: deleting an endpoint (behind a disclosure that asks again,
// which works without JavaScript), sending an endpoint a test event, and redelivering an event to
// an endpoint. Each is a posted form
// whose action is the server action, so it works before hydration (the action then redirects back
// to /developers); once hydrated the action is called in a transition (no action-hook library in
// the page's JavaScript) and the page refreshes with the outcome.
import { RotateCw, Send, Trash2 } from 'lucide-react';
import { useState, useTransition, type FormEvent } from 'react';
import { formAction } from '@/components/forms/form-action';
import { settleAction } from '@/components/forms/settle-action';
import { toast } from '@/components/ui/toaster';
import { Button } from '@/components/ui/button';
import {
  deleteWebhookEndpoint,
  redeliverWebhookEvent,
  sendTestEvent,
} from '@/lib/backoffice/developers/actions';
import { newRequestId } from '@/lib/backoffice/shared/request-id';

export function DeleteEndpointForm({
  endpointId,
  url,
  requestId: first,
}: {
  endpointId: number;
  url: string;
  requestId: string;
}) {
  const [requestId, setRequestId] = useState(first);
  const [isExecuting, startTransition] = useTransition();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The row goes with the refresh: the outcome is read from the call, not an effect of the row.
    startTransition(() =>
      settleAction(deleteWebhookEndpoint({ endpointId, requestId }), {
        onSuccess: () => {
          setRequestId(newRequestId());
          toast.success('Endpoint deleted', { description: `Nothing more is sent to ${url}.` });
        },
        onError: (serverError) => toast.error(serverError ?? 'The endpoint was not deleted.'),
      }),
    );
  }
  return (
    <details className="group">
      <summary className="cursor-pointer text-sm text-destructive underline-offset-4 hover:underline">
        Delete…
      </summary>
      <form
        method="post"
        action={formAction(deleteWebhookEndpoint)}
        onSubmit={onSubmit}
        className="mt-2 grid gap-2"
      >
        <p className="text-sm text-muted-foreground">Deliveries not yet made to it are dropped.</p>
        <input type="hidden" name="endpointId" value={endpointId} />
        <input type="hidden" name="requestId" value={requestId} />
        <div>
          <Button
            type="submit"
            variant="destructive"
            size="sm"
            loading={isExecuting}
            aria-label={`Delete endpoint ${endpointId}`}
          >
            <Trash2 aria-hidden="true" />
            Delete endpoint
          </Button>
        </div>
      </form>
    </details>
  );
}

export function RedeliverForm({ eventId, endpointId }: { eventId: string; endpointId: number }) {
  const [isExecuting, startTransition] = useTransition();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    startTransition(() =>
      settleAction(redeliverWebhookEvent({ eventId, endpointId }), {
        onSuccess: () =>
          toast.success('Queued', {
            description: `Event ${eventId} is sent to endpoint ${endpointId} again now.`,
          }),
        onError: (serverError) => toast.error(serverError ?? 'The event was not queued.'),
      }),
    );
  }
  return (
    <form method="post" action={formAction(redeliverWebhookEvent)} onSubmit={onSubmit}>
      <input type="hidden" name="eventId" value={eventId} />
      <input type="hidden" name="endpointId" value={endpointId} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        loading={isExecuting}
        aria-label={`Redeliver event ${eventId} to endpoint ${endpointId}`}
      >
        <RotateCw aria-hidden="true" />
        Redeliver
      </Button>
    </form>
  );
}

export function TestEventForm({ endpointId, url }: { endpointId: number; url: string }) {
  const [isExecuting, startTransition] = useTransition();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    startTransition(() =>
      settleAction(sendTestEvent({ endpointId }), {
        onSuccess: (data) =>
          toast.success('Test event sent', {
            description: `A ping event (${data.eventId}) is being delivered to ${url} now.`,
          }),
        onError: (serverError) => toast.error(serverError ?? 'The test event was not sent.'),
      }),
    );
  }
  return (
    <form method="post" action={formAction(sendTestEvent)} onSubmit={onSubmit}>
      <input type="hidden" name="endpointId" value={endpointId} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        loading={isExecuting}
        aria-label={`Send a test event to endpoint ${endpointId}`}
      >
        <Send aria-hidden="true" />
        Send a test event
      </Button>
    </form>
  );
}
