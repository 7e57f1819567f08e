import type { FastifyInstance } from 'fastify';
import { safeEqual } from '../session/csrf.ts';
import { sendError } from '../app/errors.ts';
import type { Database } from '../db/database.ts';
import type { SharedState } from '../shared-state/shared-state.ts';
import type { UpstreamClient } from '../proxy/upstream-client.ts';
import type { BffMetrics } from './metrics.ts';

export interface OpsRoutesOptions {
  upstream: UpstreamClient;
  state: SharedState;
  /** The BFF's database; reported once opening it has begun (npm start begins at once). */
  database?: Database;
  metrics: BffMetrics;
  /** When set, `/metrics` needs `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** True once a shutdown began: the load balancer must stop sending traffic here. */
  isDraining: () => boolean;
  /** Time allowed to the upstream probe. */
  probeTimeoutMs?: number;
}

interface Check {
  ok: boolean;
  detail: string;
}

const noStore = { 'cache-control': 'no-store' };

/**
 * `GET /healthz`: the process is up (liveness). `GET /readyz`: this instance can serve (upstream
 * answers over HTTP, the shared state and the database are reachable, not shutting down); 503
 * otherwise, with each check. `GET /metrics`: Prometheus text.
 */
export function registerOpsRoutes(app: FastifyInstance, options: OpsRoutesOptions): void {
  const { upstream, state, metrics } = options;
  const probeTimeoutMs = options.probeTimeoutMs ?? 2_000;

  app.get('/healthz', async (_request, reply) => {
    reply.headers(noStore);
    return { status: 'ok' };
  });

  const probeUpstream = async (requestId: string): Promise<Check> => {
    try {
      // Any HTTP answer (401 without a key included) proves the service is reachable.
      const response = await upstream.requestBuffered(
        {
          method: 'GET',
          pathAndQuery: `${upstream.basePath}/`,
          headers: {
            accept: 'application/json',
            'user-agent': 'cutroom-bff',
            'x-request-id': requestId,
          },
          timeoutMs: probeTimeoutMs,
        },
        64 * 1024,
      );
      return { ok: true, detail: `HTTP ${response.status}` };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  };

  app.get('/readyz', async (request, reply) => {
    reply.headers(noStore);
    const [upstreamCheck, stateReachable, databaseCheck] = await Promise.all([
      probeUpstream(request.id),
      state.ping(),
      options.database?.begun ? options.database.ping() : undefined,
    ]);
    const status = state.status();
    const sharedState: Check & { kind: string } = {
      kind: status.kind,
      ok: stateReachable,
      detail: stateReachable ? 'reachable' : (status.detail ?? 'unreachable'),
    };
    const draining = options.isDraining();
    const ready = upstreamCheck.ok && sharedState.ok && (databaseCheck?.ok ?? true) && !draining;
    reply.code(ready ? 200 : 503);
    return {
      status: ready ? 'ready' : draining ? 'shutting_down' : 'not_ready',
      checks: {
        upstream: upstreamCheck,
        shared_state: sharedState,
        ...(databaseCheck ? { database: databaseCheck } : {}),
      },
    };
  });

  app.get('/metrics', async (request, reply) => {
    if (options.metricsToken !== undefined) {
      const header = request.headers.authorization;
      const token =
        typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!safeEqual(token, options.metricsToken)) {
        reply.header('www-authenticate', 'Bearer');
        return sendError(reply, 401, 'unauthenticated', 'The metrics token is missing or wrong.');
      }
    }
    reply.headers(noStore).type(metrics.contentType);
    return metrics.render();
  });
}
