// The contracts of /developers (docs/back-office.md "Routes";
// docs/wallet-api.md "Endpoints and events"): adding a webhook endpoint, deleting one,
// redelivering an event to one, and sending one a test event. One schema each, shared by the forms and the server actions of
// lib/backoffice/developers/actions.ts; each also reads a form posted without JavaScript.
import { z } from 'zod';
import {
  EVENT_TYPES,
  eventIdParam,
  positiveIdParam,
  requestIdParam,
  webhookUrlParam,
} from '@/lib/wallet/contract/schemas';
import { fromFormData } from '../shared/action-form-data';

/** Checkboxes posted as events.0, events.3...: the list without the unticked gaps. */
const ticked = (value: unknown) =>
  Array.isArray(value) ? value.filter((v) => v !== undefined && v !== '') : value;

export const addWebhookEndpointSchema = z
  .object({
    // The wallet's rule (webhookUrlParam) in a person's words; where the URL may point (https, no
    // private address) is the wallet's check, which comes back beside this field.
    url: z
      .string('Enter the URL events are sent to.')
      .trim()
      .min(1, 'Enter the URL events are sent to.')
      .max(2048, 'The URL must be at most 2048 characters.')
      .refine(
        (v) => webhookUrlParam.safeParse(v).success,
        'Enter a URL like https://example.com/hooks, without a user name or password.',
      ),
    scope: z.enum(['all', 'some'], 'Choose every event type, or some.').default('all'),
    events: z
      .preprocess(ticked, z.array(z.enum(EVENT_TYPES, 'Choose event types from the list.')))
      .default([]),
    description: z
      .string()
      .trim()
      .max(200, 'The description must be at most 200 characters.')
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .refine((v) => v.scope === 'all' || v.events.length > 0, {
    path: ['events'],
    error: 'Choose at least one event type, or every type.',
  });

export const addWebhookEndpointPostSchema = z.preprocess(fromFormData, addWebhookEndpointSchema);
export type AddWebhookEndpointInput = z.input<typeof addWebhookEndpointSchema>;

/** The wallet's `events` parameter: `*`, or the chosen types joined by commas. */
export function eventsParam(input: z.output<typeof addWebhookEndpointSchema>): string {
  return input.scope === 'all' ? '*' : input.events.join(',');
}

export const webhookEndpointRefSchema = z.object({
  endpointId: positiveIdParam,
  requestId: requestIdParam,
});
export const webhookEndpointRefPostSchema = z.preprocess(fromFormData, webhookEndpointRefSchema);

export const redeliverEventSchema = z.object({
  eventId: eventIdParam,
  endpointId: positiveIdParam,
});
export const redeliverEventPostSchema = z.preprocess(fromFormData, redeliverEventSchema);

/** Send a test event (webhook/test): the endpoint it goes to. */
export const testEndpointSchema = z.object({ endpointId: positiveIdParam });
export const testEndpointPostSchema = z.preprocess(fromFormData, testEndpointSchema);
