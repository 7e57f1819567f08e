import type { FastifyInstance } from 'fastify';
import { sendError } from '../app/errors.ts';
import { randomUUID } from 'node:crypto';
import type { WebhookDelivery, WebhookReceipt } from '../../api/bff-schema.gen.ts';
import { matchesBffSchema } from '../app/bff-contract.ts';
import type { EventHub, VcsEvent } from '../events/event-hub.ts';
import type { DeliveryEntry, DeliveryLogStore, DeliveryOutcome } from './delivery-log.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifySignature } from './verify-signature.ts';
import { webhookEventNameValues } from '../../api/schema.gen.ts';

/** The `data` fields that name what an event is about, most specific first. */
const SUBJECT_FIELDS = [
  'export_id',
  'job_id',
  'run_id',
  'clip_id',
  'revision_id',
  'asset_id',
  'project_id',
] as const;

/** What a delivery is about, for the delivery log (bff.yaml `WebhookDeliveryEntry.subject`). */
function subjectOf(data: Record<string, unknown>): string | null {
  for (const field of SUBJECT_FIELDS) {
    const value = data[field];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

export const WEBHOOK_PATH = '/webhooks/vcs';

/** Event names of the contract (api-reference "Events"); other types are acknowledged and ignored. */
export const KNOWN_EVENT_TYPES: ReadonlySet<string> = new Set(webhookEventNameValues);

export interface ReceiverOptions {
  secret: string;
  hub: EventHub;
  bodyLimit: number;
  nowSeconds?: () => number;
  /** Counts signature checks by outcome (`valid` or the reason of refusal). */
  onVerification?: (outcome: string) => void;
  /** Counts verified events by outcome (published, duplicate, queued, ignored). */
  onEvent?: (outcome: string) => void;
  /** Where every delivery is recorded (verified or refused, and why). */
  deliveryLog?: DeliveryLogStore;
}

/**
 * `POST /webhooks/vcs`: verifies the signature over the raw bytes and hands known events to the
 * hub (which de-duplicates by event id across instances), routed by `data.organization_id` (or,
 * when the payload has none, by the `?org=` of the URL the BFF registered; a disagreement between
 * the two drops the event). A 200 means the event will reach the streams: published now, or kept
 * by this instance until the shared state returns.
 * Register inside its own plugin: it replaces the content-type parsers of its scope.
 */
export async function webhookReceiver(
  app: FastifyInstance,
  options: ReceiverOptions,
): Promise<void> {
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const counted = (outcome: string) => options.onEvent?.(outcome);

  // Keep the exact bytes whatever the content type: the signature covers them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: options.bodyLimit },
    (_request, body, done) => done(null, body),
  );

  app.post(WEBHOOK_PATH, async (request, reply) => {
    const { org } = request.query as { org?: unknown };
    const fromQuery =
      typeof org === 'string' && matchesBffSchema('OrganizationId', org) ? org : undefined;
    const record = (
      outcome: DeliveryOutcome,
      status: number,
      fields: Partial<
        Pick<DeliveryEntry, 'organization_id' | 'event_id' | 'event_type' | 'subject' | 'reason'>
      >,
    ) => {
      const entry: DeliveryEntry = {
        id: randomUUID(),
        received_at: new Date(nowSeconds() * 1000).toISOString(),
        organization_id: fields.organization_id ?? fromQuery ?? null,
        event_id: fields.event_id ?? null,
        event_type: fields.event_type ?? null,
        subject: fields.subject ?? null,
        verified: outcome !== 'refused_signature',
        outcome,
        reason: fields.reason ?? null,
        status,
      };
      options.deliveryLog?.append(entry).catch((error: unknown) => {
        request.log.warn({ err: error }, 'could not record a webhook delivery');
      });
    };
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const verdict = verifySignature({
      secret: options.secret,
      signature: request.headers[SIGNATURE_HEADER],
      timestamp: request.headers[TIMESTAMP_HEADER],
      rawBody,
      nowSeconds: nowSeconds(),
    });
    options.onVerification?.(verdict.ok ? 'valid' : verdict.reason);
    if (!verdict.ok) {
      request.log.warn({ reason: verdict.reason }, 'webhook refused');
      record('refused_signature', 401, { reason: verdict.reason });
      return sendError(reply, 401, 'invalid_signature', 'The webhook signature is not valid.');
    }

    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      record('refused_body', 400, { reason: 'invalid_json' });
      return sendError(reply, 400, 'invalid_json', 'The webhook body is not valid JSON.');
    }
    // The delivery must be bff.yaml's WebhookDelivery: an envelope the receiver can read, and an
    // event of the contract (openapi.yaml WebhookEvent) when its type is one the contract names.
    if (!matchesBffSchema('WebhookDelivery', json)) {
      record('refused_body', 400, { reason: 'not_a_service_event' });
      return sendError(reply, 400, 'invalid_request', 'The webhook body is not a service event.');
    }
    const delivery = json as WebhookDelivery;
    const fromData = delivery.data.organization_id;
    const organizationId = typeof fromData === 'string' && fromData !== '' ? fromData : fromQuery;
    const identity = {
      event_id: delivery.id,
      event_type: delivery.type,
      subject: subjectOf(delivery.data),
      ...(organizationId === undefined ? {} : { organization_id: organizationId }),
    };
    if (!KNOWN_EVENT_TYPES.has(delivery.type)) {
      counted('ignored');
      record('ignored_unknown_type', 200, { ...identity, reason: 'unknown_event_type' });
      return { received: true, ignored: true } satisfies WebhookReceipt;
    }
    const event = delivery as VcsEvent;
    if (organizationId === undefined || (fromQuery !== undefined && fromQuery !== organizationId)) {
      request.log.warn({ eventId: event.id }, 'webhook event without a matching organization');
      counted('ignored');
      record('ignored_no_organization', 200, {
        ...identity,
        reason: organizationId === undefined ? 'no_organization' : 'organization_mismatch',
      });
      return { received: true, ignored: true } satisfies WebhookReceipt;
    }
    const outcome = await options.hub.publish(organizationId, event);
    counted(outcome);
    if (outcome === 'duplicate') {
      record('duplicate', 200, { ...identity, reason: 'already_received' });
      return { received: true, duplicate: true } satisfies WebhookReceipt;
    }
    if (outcome === 'queued') {
      request.log.warn({ eventId: event.id }, 'shared state unreachable: event kept for later');
    }
    record('delivered', 200, {
      ...identity,
      ...(outcome === 'queued' ? { reason: 'kept_until_shared_state_returns' } : {}),
    });
    return { received: true } satisfies WebhookReceipt;
  });
}
