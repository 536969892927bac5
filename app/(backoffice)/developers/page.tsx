// /developers (admins, docs/back-office.md "Roles"; docs/wallet-api.md "Endpoints and events"): the
// agency's webhook endpoints (add, with the secret shown once; send a test event; delete), what
// each event type's body looks like (the OpenAPI document's examples), the decision endpoint with
// a sample request and answer, the events of the last 30 days with each one's body and each
// delivery's status, attempts, last status code and next attempt (redeliver), filtered by type
// (?type=, a GET form), the card-view origins (the app pages that may embed the card-details page),
// and the way to the API reference. Rendered on the server
// from the wallet API (webhook/list, event/list): everything reads, pages and posts without
// JavaScript.
import { BookOpen, Webhook } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { AccessDenied } from '@/components/access-denied';
import { AddEndpointForm } from '@/components/developers/add-endpoint-form';
import {
  RotateDecisionSecretForm,
  SetDecisionForm,
  TestDecisionForm,
} from '@/components/developers/decision-endpoint-forms';
import { CardViewOriginsForm } from '@/components/developers/card-view-origins-form';
import { CopyButton } from '@/components/developers/copy-button';
import { DeleteEndpointForm, RedeliverForm, TestEventForm } from '@/components/developers/endpoint-actions';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { NativeSelect } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { lastDecisionSetting } from '@/lib/backoffice/developers/decision-setting';
import { env } from '@/lib/env';
import { can } from '@/lib/backoffice/auth/permissions';
import { wholeNumberOr, searchParam } from '@/lib/backoffice/shared/paging';
import { newRequestId } from '@/lib/backoffice/shared/request-id';
import { asWalletClientError, getWalletClient } from '@/lib/backoffice/wallet-client';
import { EVENT_TYPES, EVENT_TYPE_WHEN, type EventType } from '@/lib/wallet/contract/enums';
import { buildOpenApiDocument } from '@/lib/wallet/contract/openapi';
import type {
  DecisionSettings,
  Delivery,
  EventPage,
  EventWithDeliveries,
  WebhookEndpoint,
} from '@/lib/wallet/contract/schemas';
import { LocalTime } from '@/components/ui/local-time';

export const metadata: Metadata = { title: 'Developers' };

const EVENTS_PER_PAGE = 20;

const DELIVERY_BADGE: Record<Delivery['status'], { variant: BadgeVariant; label: string }> = {
  PENDING: { variant: 'warning', label: 'Pending' },
  DELIVERED: { variant: 'success', label: 'Delivered' },
  FAILED: { variant: 'danger', label: 'Failed' },
};

function When({ at }: { at: string | null }) {
  if (!at) return <span className="text-muted-foreground">—</span>;
  return <LocalTime value={at} seconds />;
}

type WebhookSample = {
  post: { requestBody: { content: { 'application/json': { example?: unknown } } } };
};

/** The body the OpenAPI document shows for a webhook (an event type, or the decision request). */
function sampleOf(name: string): string {
  const webhooks = buildOpenApiDocument().webhooks as Record<string, WebhookSample>;
  return JSON.stringify(webhooks[name]?.post.requestBody.content['application/json'].example ?? {}, null, 2);
}

/** JSON, preformatted, wrapping on a phone instead of widening the page. */
function JsonBlock({ text, label }: { text: string; label: string }) {
  return (
    // Focusable: a long body scrolls inside its box, and a keyboard must be able to scroll it too.
    <pre
      aria-label={label}
      tabIndex={0}
      className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap break-all rounded-md border border-border bg-muted/40 p-3 font-mono text-xs"
    >
      {text}
    </pre>
  );
}

/** An event's body as its endpoints received it (without the deliveries event/list adds). */
function EventBody({ event }: { event: EventWithDeliveries }) {
  const { id, type, createdAt, agencyCode, appId, data } = event;
  const body = JSON.stringify({ id, type, createdAt, agencyCode, appId, data }, null, 2);
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm underline-offset-4 hover:underline">Body</summary>
      <JsonBlock text={body} label={`Body of ${id}`} />
      <div className="mt-2">
        <CopyButton text={body} what="the event body" />
      </div>
    </details>
  );
}

/** What each event type's body looks like, one disclosure per type. */
function EventSamples() {
  return (
    <ul className="grid gap-2" aria-label="Event payloads">
      {EVENT_TYPES.map((type) => {
        const sample = sampleOf(type);
        return (
          <li key={type}>
            <details>
              <summary className="cursor-pointer text-sm">
                <code className="font-mono font-semibold">{type}</code>{' '}
                <span className="text-muted-foreground">{EVENT_TYPE_WHEN[type]}</span>
              </summary>
              <JsonBlock text={sample} label={`Sample body of ${type}`} />
              <div className="mt-2">
                <CopyButton text={sample} what={`the ${type} sample`} />
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}

function DeliveryLine({
  delivery,
  eventId,
  endpoints,
}: {
  delivery: Delivery;
  eventId: string;
  endpoints: Map<number, WebhookEndpoint>;
}) {
  const badge = DELIVERY_BADGE[delivery.status];
  const endpoint = endpoints.get(delivery.endpointId);
  return (
    <li
      className="grid gap-1 border-b border-border py-2 last:border-b-0"
      data-testid={`delivery-${eventId}-${delivery.endpointId}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={badge.variant}>{badge.label}</Badge>
        <span className="break-all text-sm">
          to {endpoint ? endpoint.url : `endpoint ${delivery.endpointId}`}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-xs text-muted-foreground sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt>Attempts</dt>
        <dd>{delivery.attempts}</dd>
        <dt>Last status</dt>
        <dd>{delivery.lastStatusCode ?? (delivery.lastError ? 'no answer' : '—')}</dd>
        <dt>Last attempt</dt>
        <dd>
          <When at={delivery.lastAttemptAt} />
        </dd>
        <dt>Next attempt</dt>
        <dd>
          <When at={delivery.nextAttemptAt} />
        </dd>
      </dl>
      {delivery.lastError ? (
        <p className="break-words text-xs text-muted-foreground">Why: {delivery.lastError}</p>
      ) : null}
      <div>
        <RedeliverForm eventId={eventId} endpointId={delivery.endpointId} />
      </div>
    </li>
  );
}

export default async function DevelopersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const me = await requireStaff();
  if (!can(me.role, 'developers.read')) return <AccessDenied what="the developer settings" />;
  const query = await searchParams;
  const page = wholeNumberOr(searchParam(query, 'page'), 10_000, 1);
  // A type the list does not know (a stale or hand-edited link) shows every type.
  const asked = searchParam(query, 'type');
  const type = (EVENT_TYPES as readonly string[]).includes(asked ?? '') ? (asked as EventType) : undefined;

  const wallet = getWalletClient();
  let endpoints: WebhookEndpoint[] = [];
  let events: EventPage | undefined;
  let failure: string | undefined;
  try {
    [endpoints, events] = await Promise.all([
      wallet.webhookList({}),
      wallet.eventList({ pageNum: page, pageSize: EVENTS_PER_PAGE, ...(type ? { type } : {}) }),
    ]);
  } catch (error) {
    const walletError = asWalletClientError(error);
    if (!walletError) throw error;
    failure = walletError.staffMessage;
  }
  const byId = new Map(endpoints.map((e) => [e.endpointId, e]));
  const decision = await lastDecisionSetting();
  // The settings as the wallet has them (decision/get), whoever set them; never the secret.
  let settings: DecisionSettings | null = null;
  try {
    settings = await wallet.decisionGet({});
  } catch (error) {
    if (!asWalletClientError(error)) throw error;
  }
  // The pages that may embed the card-details page (app/cardViewOrigins); null: not known now.
  let cardViewOrigins: string[] | null = null;
  try {
    cardViewOrigins = (await wallet.appCardViewOrigins({})).origins;
  } catch (error) {
    if (!asWalletClientError(error)) throw error;
  }

  return (
    <>
      <PageHeader
        title="Developers"
        description="Where the wallet tells your servers what happened (webhooks), what it sent, and the API reference."
        actions={
          <Link href="/developers/api" className={buttonVariants({ variant: 'outline' })}>
            <BookOpen aria-hidden="true" />
            API reference
          </Link>
        }
      />
      {failure ? (
        <Alert variant="error" live className="mb-6">
          <AlertTitle>The webhooks could not be loaded</AlertTitle>
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-6 [&>*]:min-w-0">
        <Card>
          <CardHeader>
            <CardTitle>Webhook endpoints</CardTitle>
            <CardDescription>
              Each receives the events it asked for as a POST of the event&apos;s JSON, with the headers
              Wallet-Event-Id, Wallet-Timestamp (Unix milliseconds) and Wallet-Signature: the hex HMAC-SHA256,
              with the endpoint&apos;s secret, of Wallet-Timestamp, a dot and the raw body. Failed deliveries
              are retried for a day; receivers deduplicate on the event id.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6 [&>*]:min-w-0">
            {endpoints.length === 0 ? (
              <EmptyState
                icon={<Webhook />}
                title="No endpoints yet"
                description="Add one below to receive events."
              />
            ) : (
              <Table aria-label="Webhook endpoints">
                <TableHeader>
                  <TableRow>
                    <TableHead>Endpoint</TableHead>
                    <TableHead>Events</TableHead>
                    <TableHead>Added</TableHead>
                    <TableHead>
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {endpoints.map((endpoint) => (
                    <TableRow key={endpoint.endpointId} data-testid={`endpoint-${endpoint.endpointId}`}>
                      <TableCell className="max-w-xs">
                        <span className="block break-all font-medium">{endpoint.url}</span>
                        <span className="block text-xs text-muted-foreground">
                          Endpoint {endpoint.endpointId}
                          {endpoint.description ? ` · ${endpoint.description}` : ''}
                        </span>
                      </TableCell>
                      <TableCell className="text-sm">
                        {endpoint.events.includes('*') ? 'Every type' : endpoint.events.join(', ')}
                      </TableCell>
                      <TableCell className="whitespace-nowrap text-sm text-muted-foreground">
                        <When at={endpoint.createdAt} />
                      </TableCell>
                      <TableCell className="grid gap-2">
                        <TestEventForm endpointId={endpoint.endpointId} url={endpoint.url} />
                        <DeleteEndpointForm
                          endpointId={endpoint.endpointId}
                          url={endpoint.url}
                          requestId={newRequestId()}
                        />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <section aria-labelledby="event-payloads" className="grid gap-3 [&>*]:min-w-0">
              <h2 id="event-payloads" className="text-base font-semibold">
                What each event looks like
              </h2>
              <EventSamples />
            </section>
            <section aria-labelledby="add-endpoint" className="grid gap-3 [&>*]:min-w-0">
              <h2 id="add-endpoint" className="text-base font-semibold">
                Add an endpoint
              </h2>
              <AddEndpointForm />
            </section>
          </CardContent>
        </Card>

        <Card role="region" aria-labelledby="decision-title">
          <CardHeader>
            <CardTitle id="decision-title">Decision endpoint</CardTitle>
            <CardDescription>
              Where the programme decides each card purchase itself, after the wallet&apos;s own checks pass.
              Each request is signed with the endpoint&apos;s secret as webhooks are (Wallet-Timestamp and
              Wallet-Signature; for a day after a new secret, Wallet-Signature-Previous with the old one).
              Answer with a 2xx and {'{"approved": true}'}, or {'{"approved": false, "reason": "..."}'} to
              decline; anything else is treated as unavailable and the fallback decides.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6 [&>*]:min-w-0">
            <p className="text-sm break-words" data-testid="decision-settings">
              {settings?.url ? (
                <>
                  Purchases go to <span className="break-all">{settings.url}</span>; when it does not answer
                  in {settings.timeoutMs} ms or answers wrongly they are{' '}
                  {settings.fallback === 'APPROVE' ? 'approved' : 'declined'}.{' '}
                </>
              ) : (
                'No decision endpoint: the wallet decides every purchase by its own checks alone. '
              )}
              {settings?.secretCreatedAt ? (
                <>
                  Signing secret drawn <When at={settings.secretCreatedAt} />.
                </>
              ) : null}
            </p>
            <p className="text-sm" data-testid="decision-current">
              {decision ? (
                <>
                  Last change here: {decision.summary}, by {decision.by},{' '}
                  <When at={decision.at.toISOString()} />.
                </>
              ) : (
                'Not changed from this back-office yet.'
              )}
            </p>
            <details>
              <summary className="cursor-pointer text-sm underline-offset-4 hover:underline">
                A sample request
              </summary>
              <JsonBlock text={sampleOf('decision')} label="Sample decision request" />
            </details>
            <SetDecisionForm current={settings} />
            {settings?.secretCreatedAt ? <RotateDecisionSecretForm /> : null}
            {env.WALLET_SIMULATION ? (
              <section aria-labelledby="decision-test" className="grid gap-3 [&>*]:min-w-0">
                <h2 id="decision-test" className="text-base font-semibold">
                  Send a test authorization
                </h2>
                <TestDecisionForm />
              </section>
            ) : null}
          </CardContent>
        </Card>

        <Card role="region" aria-labelledby="card-view-title">
          <CardHeader>
            <CardTitle id="card-view-title">Card-view origins</CardTitle>
            <CardDescription>
              The pages of your app that may show a card&apos;s number, expiry and CVV to its holder by
              embedding the wallet&apos;s card-details page in an iframe (with
              allow=&quot;clipboard-write&quot; for its copy buttons). Any other page cannot frame it; with
              none set, a details link opens only as a page of its own. Only https:// origins: the details
              never travel unencrypted.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 [&>*]:min-w-0">
            <p className="text-sm break-words" data-testid="card-view-origins">
              {cardViewOrigins === null
                ? 'The card-view origins could not be read now.'
                : cardViewOrigins.length === 0
                  ? 'None: no page may embed the card-details page.'
                  : `Now: ${cardViewOrigins.join(', ')}.`}
            </p>
            <CardViewOriginsForm current={cardViewOrigins} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Events</CardTitle>
            <CardDescription>
              Every change the wallet made in the last 30 days, newest first, and how its delivery to each
              endpoint went.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <form
              method="get"
              role="search"
              aria-label="Filter the events"
              className="flex flex-wrap items-end gap-2"
            >
              <div className="grid gap-1.5">
                <Label htmlFor="event-type">Event type</Label>
                <NativeSelect id="event-type" name="type" defaultValue={type ?? ''}>
                  <option value="">Every type</option>
                  {EVENT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <Button type="submit" variant="outline">
                Show
              </Button>
            </form>
            {!events || events.list.length === 0 ? (
              <EmptyState
                title="No events"
                description={
                  type
                    ? `No ${type} event in the last 30 days.`
                    : 'Register a user or issue a card, and its event appears here.'
                }
              />
            ) : (
              <>
                <ul className="grid gap-4" aria-label="Events">
                  {events.list.map((event) => (
                    <li
                      key={event.id}
                      className="rounded-md border border-border p-3"
                      data-testid={`event-${event.id}`}
                    >
                      <div className="flex flex-wrap items-baseline justify-between gap-2">
                        <code className="font-mono text-sm font-semibold">{event.type}</code>
                        <span className="text-xs text-muted-foreground">
                          <When at={event.createdAt} />
                        </span>
                      </div>
                      <p className="break-all font-mono text-xs text-muted-foreground">{event.id}</p>
                      <EventBody event={event} />
                      {event.deliveries.length === 0 ? (
                        <p className="mt-2 text-sm text-muted-foreground">
                          No endpoint was subscribed to it.
                        </p>
                      ) : (
                        <ul className="mt-2" aria-label={`Deliveries of ${event.id}`}>
                          {event.deliveries.map((delivery) => (
                            <DeliveryLine
                              key={delivery.endpointId}
                              delivery={delivery}
                              eventId={event.id}
                              endpoints={byId}
                            />
                          ))}
                        </ul>
                      )}
                    </li>
                  ))}
                </ul>
                <Pagination
                  className="mt-4"
                  page={page}
                  pageSize={EVENTS_PER_PAGE}
                  total={events.dataTotal}
                  basePath="/developers"
                  searchParams={query}
                  itemLabel="events"
                />
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
