import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { bffConfigQueryOptions } from '@/api/bff-config.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { ErrorState, InlineError } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { TextField } from '@/components/text-field.tsx';
import { formatDateTime } from '@/lib/format.ts';
import {
  WEBHOOK_EVENT_NAMES,
  deliveriesQueryOptions,
  useCreateWebhook,
  useDeleteWebhook,
  validateWebhookUrl,
  webhooksQueryOptions,
  type Delivery,
} from '../api/workspace-queries.ts';
import type { Webhook, WebhookEventName } from '@/api/schema.gen.ts';

/** The BFF's receiver with this workspace's routing hint, offered by default. */
function defaultReceiver(base: string | undefined, organizationId: string): string {
  if (!base) return '';
  const url = new URL(base);
  url.searchParams.set('org', organizationId);
  return url.toString();
}

export function WebhooksSection({ organizationId }: { organizationId: string }) {
  return (
    <section aria-labelledby="webhooks-heading" className="flex flex-col gap-4">
      <h2 id="webhooks-heading" className="text-lg font-semibold">
        Webhooks
      </h2>
      <RegisterWebhook organizationId={organizationId} />
      <WebhookList />
      <DeliveryLog />
    </section>
  );
}

function RegisterWebhook({ organizationId }: { organizationId: string }) {
  const config = useQuery(bffConfigQueryOptions);
  const receiver = defaultReceiver(config.data?.webhook_receiver_url, organizationId);
  const [url, setUrl] = useState<string | null>(null);
  const [events, setEvents] = useState<Set<WebhookEventName>>(() => new Set(WEBHOOK_EVENT_NAMES));
  const [touched, setTouched] = useState(false);
  const create = useCreateWebhook();
  const value = url ?? receiver;
  const urlError = touched ? validateWebhookUrl(value) : undefined;
  const eventsError = touched && events.size === 0 ? 'Choose at least one event.' : undefined;
  return (
    <form
      aria-label="Register a webhook"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (validateWebhookUrl(value) || events.size === 0) return;
        create.mutate(
          { url: value.trim(), events: WEBHOOK_EVENT_NAMES.filter((name) => events.has(name)) },
          { onSuccess: () => setUrl(null) },
        );
      }}
    >
      <TextField
        label="Endpoint URL"
        hint="Cutroom's own receiver is filled in: it verifies each delivery and turns it into live updates."
        value={value}
        error={urlError}
        onChange={(event) => setUrl(event.target.value)}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">Events</legend>
        <div className="grid grid-cols-2 gap-1 sm:grid-cols-3">
          {WEBHOOK_EVENT_NAMES.map((name) => (
            <label key={name} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={events.has(name)}
                onChange={(event) => {
                  const next = new Set(events);
                  if (event.target.checked) next.add(name);
                  else next.delete(name);
                  setEvents(next);
                }}
              />
              <code>{name}</code>
            </label>
          ))}
        </div>
        <div className="mt-2 flex gap-2">
          <Button
            variant="ghost"
            className="px-2 py-1 text-xs"
            onClick={() => setEvents(new Set(WEBHOOK_EVENT_NAMES))}
          >
            All events
          </Button>
          <Button
            variant="ghost"
            className="px-2 py-1 text-xs"
            onClick={() => setEvents(new Set())}
          >
            None
          </Button>
        </div>
        {eventsError ? <p className="mt-1 text-xs text-red-700">{eventsError}</p> : null}
      </fieldset>
      <InlineError error={create.error} fieldLabels={{ url: 'Endpoint URL', events: 'Events' }} />
      {create.isSuccess ? (
        <p role="status" className="text-sm text-emerald-800">
          Registered {create.data.url}.
        </p>
      ) : null}
      <div>
        <Button type="submit" pending={create.isPending}>
          {create.isPending ? 'Registering…' : 'Register webhook'}
        </Button>
      </div>
    </form>
  );
}

function WebhookList() {
  const webhooks = useQuery(webhooksQueryOptions);
  const remove = useDeleteWebhook();
  const [confirming, setConfirming] = useState<Webhook | null>(null);
  // After a delete the pressed button's row is gone: focus goes to the list's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const [deletedCount, setDeletedCount] = useState(0);
  useEffect(() => {
    if (deletedCount > 0) heading.current?.focus();
  }, [deletedCount]);
  return (
    <div>
      <h3
        ref={heading}
        tabIndex={-1}
        className="mb-2 font-semibold focus:outline-2 focus:outline-indigo-600"
      >
        Registered endpoints
      </h3>
      <InlineError error={remove.error} />
      {webhooks.isPending ? (
        <LoadingState label="Loading webhooks…" />
      ) : webhooks.isError ? (
        <ErrorState error={webhooks.error} onRetry={() => void webhooks.refetch()} />
      ) : webhooks.data.webhooks.length === 0 ? (
        <p className="text-sm text-slate-600">
          No webhooks: Cutroom falls back to polling for updates.
        </p>
      ) : (
        <ul aria-label="Registered webhooks" className="flex flex-col gap-2">
          {webhooks.data.webhooks.map((webhook) => (
            <li
              key={webhook.id}
              aria-label={`Webhook ${webhook.id}`}
              className="flex items-start gap-3 rounded-md border border-slate-200 bg-white p-3 text-sm"
            >
              <div className="min-w-0 flex-1">
                <p className="break-all font-mono text-xs">{webhook.url}</p>
                <p className="mt-1 text-xs text-slate-600">
                  {webhook.events.length === WEBHOOK_EVENT_NAMES.length
                    ? 'All 10 events'
                    : webhook.events.join(', ')}{' '}
                  · registered {formatDateTime(webhook.created_at)} · {webhook.id}
                </p>
              </div>
              <Button
                variant="secondary"
                className="px-2 py-1 text-xs"
                onClick={() => setConfirming(webhook)}
              >
                Delete<span className="sr-only"> webhook {webhook.id}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {confirming ? (
        <Dialog title="Delete this webhook?" onClose={() => setConfirming(null)}>
          <p className="text-sm">
            <span className="break-all font-mono text-xs">{confirming.url}</span> will stop
            receiving {confirming.events.length} event types. If it is Cutroom’s receiver, live
            updates fall back to polling until another is registered.
          </p>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Keep it
            </Button>
            <Button
              variant="danger"
              pending={remove.isPending}
              onClick={() =>
                remove.mutate(confirming.id, {
                  onSuccess: () => {
                    setConfirming(null);
                    setDeletedCount((count) => count + 1);
                  },
                })
              }
            >
              {remove.isPending ? 'Deleting…' : 'Delete webhook'}
            </Button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

const outcomeText: Record<Delivery['outcome'], string> = {
  delivered: 'Verified, delivered',
  duplicate: 'Verified, duplicate (already delivered)',
  ignored_unknown_type: 'Verified, ignored: unknown event type',
  ignored_no_organization: 'Verified, ignored: no matching workspace',
  refused_signature: 'Refused: signature not valid',
  refused_body: 'Refused: not a service event',
};

const reasonText: Record<string, string> = {
  missing_signature: 'no signature header',
  missing_timestamp: 'no timestamp header',
  malformed_signature: 'the signature is not a hex HMAC',
  malformed_timestamp: 'the timestamp is not a number',
  stale_timestamp: 'the timestamp is more than 5 minutes old (replay?)',
  future_timestamp: 'the timestamp is more than 5 minutes ahead',
  signature_mismatch: 'signed with another secret, or the body was changed',
  invalid_json: 'the body is not JSON',
  not_a_service_event: 'the body is not an event',
  already_received: 'this event id was received before',
  unknown_event_type: 'not one of the 10 event names',
  no_organization: 'the event names no workspace',
  organization_mismatch: 'the event belongs to another workspace',
};

function DeliveryLog() {
  const deliveries = useQuery(deliveriesQueryOptions);
  return (
    <div>
      <h3 className="mb-2 font-semibold">Delivery log</h3>
      <p className="mb-2 text-sm text-slate-600">
        Every webhook Cutroom’s receiver got for this workspace, newest first: verified or refused,
        and why.
      </p>
      {deliveries.isPending ? (
        <LoadingState label="Loading deliveries…" />
      ) : deliveries.isError ? (
        <ErrorState error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      ) : deliveries.data.length === 0 ? (
        <p className="text-sm text-slate-600">No deliveries received yet.</p>
      ) : (
        // Scrolls on its own: focusable, so keyboard users can scroll it too.
        <div
          role="region"
          aria-label="Webhook deliveries, scrollable"
          tabIndex={0}
          className="max-h-96 overflow-auto rounded-lg border border-slate-200 bg-white focus:outline-2 focus:outline-indigo-600"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Webhook deliveries</caption>
            <thead className="sticky top-0 bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="p-2">
                  Received
                </th>
                <th scope="col" className="p-2">
                  Event
                </th>
                <th scope="col" className="p-2">
                  Outcome
                </th>
                <th scope="col" className="p-2">
                  HTTP
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {deliveries.data.map((delivery) => (
                <tr key={delivery.id}>
                  <td className="p-2 whitespace-nowrap">{formatDateTime(delivery.received_at)}</td>
                  <td className="p-2">
                    {delivery.event_type ? <code>{delivery.event_type}</code> : '—'}
                    {delivery.event_id ? (
                      <span className="block font-mono text-xs text-slate-500">
                        {delivery.event_id}
                      </span>
                    ) : null}
                    {delivery.subject ? (
                      <span className="block text-xs text-slate-600">
                        about <span className="font-mono">{delivery.subject}</span>
                      </span>
                    ) : null}
                  </td>
                  <td className={`p-2 ${delivery.verified ? '' : 'font-medium text-red-800'}`}>
                    {outcomeText[delivery.outcome]}
                    {delivery.reason && delivery.outcome !== 'delivered' ? (
                      <span className="block text-xs">
                        {reasonText[delivery.reason] ?? delivery.reason}
                      </span>
                    ) : null}
                  </td>
                  <td className="p-2">{delivery.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
