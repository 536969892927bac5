'use server';
// Server actions of /developers (admins, docs/back-office.md "Roles";
// docs/wallet-api.md "Endpoints and events"): add a webhook endpoint (its secret is returned once,
// to be shown once), delete one, redeliver an event to one, and send one a test event (webhook/test). Checked, validated, audited with
// the wallet result code (runWalletMutation), and usable as forms posted without JavaScript: such a
// post of a one-click form ends back on /developers.
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { authActionClient, keepTypedValues } from '@/lib/backoffice/shared/action-client';
import { runWalletMutation } from '@/lib/backoffice/shared/wallet-mutation';
import { postedWithoutScript } from '@/lib/backoffice/shared/action-form-data';
import {
  addWebhookEndpointPostSchema,
  addWebhookEndpointSchema,
  eventsParam,
  redeliverEventPostSchema,
  redeliverEventSchema,
  testEndpointPostSchema,
  testEndpointSchema,
  webhookEndpointRefPostSchema,
  webhookEndpointRefSchema,
} from '@/lib/backoffice/developers/forms';
import { getWalletClient } from '@/lib/backoffice/wallet-client';

const PAGE = '/developers';

/** What the add form shows once: the new endpoint and its signing secret. */
export type EndpointAddedData = { endpointId: number; url: string; events: string[]; secret: string };

export const addWebhookEndpoint = authActionClient
  .metadata({ name: 'webhook.add', permission: 'developers.manage' })
  .inputSchema(addWebhookEndpointPostSchema, keepTypedValues)
  .stateAction<EndpointAddedData>(async ({ parsedInput, ctx }) => {
    const events = eventsParam(parsedInput);
    const created = await runWalletMutation({
      staff: ctx.staff,
      schema: addWebhookEndpointSchema,
      action: 'webhook.add',
      targetType: 'webhook',
      targetId: parsedInput.url,
      summary: `Add webhook endpoint ${parsedInput.url} for ${events === '*' ? 'every event type' : events}`,
      call: () =>
        getWalletClient().webhookAdd({
          url: parsedInput.url,
          events,
          ...(parsedInput.description ? { description: parsedInput.description } : {}),
        }),
      // Never the secret: the log is read by people who must not be able to forge deliveries.
      describe: (result) => ({
        targetId: String(result.endpointId),
        summary: `Added webhook endpoint ${result.endpointId} (${result.url}) for ${result.events.join(', ')}`,
      }),
    });
    revalidatePath(PAGE);
    return {
      endpointId: created.endpointId,
      url: created.url,
      events: created.events,
      secret: created.secret,
    };
  });

export const deleteWebhookEndpoint = authActionClient
  .metadata({ name: 'webhook.delete', permission: 'developers.manage' })
  .inputSchema(webhookEndpointRefPostSchema)
  .action(async ({ parsedInput, clientInput, ctx }) => {
    const { endpointId, requestId } = parsedInput;
    await runWalletMutation({
      staff: ctx.staff,
      schema: webhookEndpointRefSchema,
      action: 'webhook.delete',
      targetType: 'webhook',
      targetId: String(endpointId),
      summary: `Delete webhook endpoint ${endpointId}`,
      call: () => getWalletClient().webhookDelete({ endpointId, requestId }),
    });
    revalidatePath(PAGE);
    if (postedWithoutScript(clientInput)) redirect(PAGE);
    return { endpointId };
  });

export const redeliverWebhookEvent = authActionClient
  .metadata({ name: 'event.redeliver', permission: 'developers.manage' })
  .inputSchema(redeliverEventPostSchema)
  .action(async ({ parsedInput, clientInput, ctx }) => {
    const { eventId, endpointId } = parsedInput;
    const delivery = await runWalletMutation({
      staff: ctx.staff,
      schema: redeliverEventSchema,
      action: 'event.redeliver',
      targetType: 'event',
      targetId: eventId,
      summary: `Redeliver event ${eventId} to webhook endpoint ${endpointId}`,
      call: () => getWalletClient().eventRedeliver({ eventId, endpointId }),
    });
    revalidatePath(PAGE);
    if (postedWithoutScript(clientInput)) redirect(PAGE);
    return { eventId, endpointId, status: delivery.status };
  });

export const sendTestEvent = authActionClient
  .metadata({ name: 'webhook.test', permission: 'developers.manage' })
  .inputSchema(testEndpointPostSchema)
  .action(async ({ parsedInput, clientInput, ctx }) => {
    const { endpointId } = parsedInput;
    const delivery = await runWalletMutation({
      staff: ctx.staff,
      schema: testEndpointSchema,
      action: 'webhook.test',
      targetType: 'webhook',
      targetId: String(endpointId),
      summary: `Send a test event to webhook endpoint ${endpointId}`,
      call: () => getWalletClient().webhookTest({ endpointId }),
      describe: (result) => ({
        targetId: String(endpointId),
        summary: `Sent test event ${result.eventId} to webhook endpoint ${endpointId}`,
      }),
    });
    revalidatePath(PAGE);
    if (postedWithoutScript(clientInput)) redirect(PAGE);
    return { endpointId, eventId: delivery.eventId };
  });
