/** Platform: service info, auth validation, credits, webhooks. */
import type { HttpHandler } from 'msw';
import { DOCS_BASE_URL, notFound } from '../lib/errors.ts';
import type { Schema } from '../store/contract.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';
import type { Webhook } from '@/api/schema.gen.ts';

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
      const { url, events } = body as Schema<'WebhookCreateRequest'>;
      const webhook: Webhook = {
        id: `wh_${sim.rng.hex(16)}`,
        url,
        events: [...new Set(events)],
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
