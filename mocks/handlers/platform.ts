/** Platform: service info, auth validation, credits, webhooks. */
import type { HttpHandler } from 'msw';
import { invalid, notFound } from '../lib/errors.ts';
import { WEBHOOK_EVENT_NAMES } from '../lib/webhook-dispatcher.ts';
import { requireString } from '../lib/validate.ts';
import type { Schema, Webhook, WebhookEventName } from '../store/contract.ts';
import { DOCS_BASE_URL } from '../lib/errors.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';

const EVENT_NAMES = new Set<string>(WEBHOOK_EVENT_NAMES);

function isEventName(value: unknown): value is WebhookEventName {
  return typeof value === 'string' && EVENT_NAMES.has(value);
}

export function platformHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/', () => {
      const body: Schema<'ServiceInfo'> = {
        status: 'ok',
        name: 'Video Creation Service (Cutroom simulator)',
        version: '1.0.0',
      };
      return { body };
    }),

    route(ctx, 'get', '/auth/validate', ({ principal, baseUrl }) => {
      const body: Schema<'AuthValidation'> = {
        success: true,
        organization_id: principal.organizationId,
        user_id: principal.userId,
        plan: principal.plan,
        environment: principal.environment,
        key_prefix: principal.apiKey.slice(0, 12),
        docs_url: DOCS_BASE_URL,
        openapi_url: `${baseUrl}/openapi.json`,
        agent_skills: {
          manifest_url: `${DOCS_BASE_URL}/agent-skills/manifest.json`,
          recommended: ['timeline-editing', 'captions', 'clip-creation', 'faceless-plans'],
          minimum_updated_after: '2025-01-01T00:00:00.000Z',
        },
      };
      return { body };
    }),

    route(ctx, 'get', '/credits', ({ workspace }) => {
      const body: Schema<'CreditsBalance'> = {
        balance: workspace.credits.balance,
        unit: 'credits',
        plan: workspace.plan,
        period_end: workspace.credits.period_end,
      };
      return { body };
    }),

    route(ctx, 'get', '/webhooks', ({ workspace }) => {
      const body: Schema<'WebhookListResponse'> = { webhooks: workspace.webhooks };
      return { body };
    }),

    route(ctx, 'post', '/webhooks', ({ body, workspace, sim }) => {
      const url = requireString(body, 'url', { min: 1, max: 2000 });
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw invalid('url', 'url must be an absolute http(s) URL.');
      }
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
        throw invalid('url', 'url must be an absolute http(s) URL.');
      }
      const events = body.events;
      if (!Array.isArray(events) || events.length === 0) {
        throw invalid('events', 'events must be a non-empty array of event names.');
      }
      const names: WebhookEventName[] = events.map((event: unknown, index) => {
        if (!isEventName(event)) {
          throw invalid(`events[${index}]`, `Unknown event name ${JSON.stringify(event)}.`);
        }
        return event;
      });
      const webhook: Webhook = {
        id: `wh_${sim.rng.hex(16)}`,
        url,
        events: [...new Set(names)],
        created_at: sim.nowIso(),
      };
      workspace.webhooks.push(webhook);
      return { status: 201, body: webhook };
    }),

    route(ctx, 'delete', '/webhooks/:webhookId', ({ params, workspace }) => {
      const id = params.webhookId ?? '';
      const index = workspace.webhooks.findIndex((webhook) => webhook.id === id);
      if (index < 0) throw notFound('webhookId', `No webhook ${id}.`);
      workspace.webhooks.splice(index, 1);
      const body: Schema<'WebhookDeleteResult'> = { deleted: true, id };
      return { body };
    }),
  ];
}
