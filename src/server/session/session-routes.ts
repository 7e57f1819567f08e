import type { FastifyInstance, FastifyReply } from 'fastify';
import type { components as bff } from '../../api/bff-schema.gen.ts';
import type { components as service } from '../../api/schema.gen.ts';
import { DEMO_KEYS } from '../../shared-rules/demo-workspaces.ts';
import { matchesBffSchema, matchesServiceSchema } from '../app/bff-contract.ts';
import { type BffConfig, isDemoAvailable } from '../app/config.ts';
import type { BffErrorCode } from '../../api/bff-schema.gen.ts';
import { sendError } from '../app/errors.ts';
import { WEBHOOK_PATH } from '../webhooks/receiver.ts';
import type { KeyIdentity, SessionManager } from './session.ts';
import type { SessionRevocations } from './session-revocations.ts';
import type { FailureWindows } from '../shared-state/shared-state.ts';
import {
  type UpstreamClient,
  UpstreamTimeoutError,
  UpstreamUnreachableError,
} from '../proxy/upstream-client.ts';

type AuthValidation = service['schemas']['AuthValidation'];
type LoginRequest = bff['schemas']['LoginRequest'];
type PublicConfig = bff['schemas']['BffConfig'];

export interface SessionRoutesOptions {
  config: Pick<BffConfig, 'upstream' | 'apiKey' | 'publicUrl'>;
  sessions: SessionManager;
  upstream: UpstreamClient;
  /** Failed logins per client IP, shared by the instances. */
  loginFailures: FailureWindows;
  revocations: SessionRevocations;
}

type Validation =
  | { ok: true; identity: KeyIdentity }
  | { ok: false; status: number; code: BffErrorCode; message: string };

/** Confirms a key with upstream `GET /auth/validate`. */
async function validateKey(
  upstream: UpstreamClient,
  apiKey: string,
  requestId: string,
): Promise<Validation> {
  try {
    const response = await upstream.requestBuffered(
      {
        method: 'GET',
        pathAndQuery: `${upstream.basePath}/auth/validate`,
        headers: {
          accept: 'application/json',
          'user-agent': 'cutroom-bff',
          'x-request-id': requestId,
          authorization: `Bearer ${apiKey}`,
        },
      },
      64 * 1024,
    );
    if (response.status === 401 || response.status === 403) {
      return {
        ok: false,
        status: 401,
        code: 'invalid_api_key',
        message: 'The API key was refused.',
      };
    }
    if (response.status !== 200) {
      return {
        ok: false,
        status: 502,
        code: 'upstream_error',
        message: `The service answered the key check with HTTP ${response.status}.`,
      };
    }
    // The answer must be the contract's AuthValidation (openapi.yaml), checked at run time.
    const parsed: unknown = JSON.parse(response.body.toString('utf8'));
    if (!matchesServiceSchema('AuthValidation', parsed)) {
      return {
        ok: false,
        status: 502,
        code: 'upstream_error',
        message: 'The service answered the key check with an unexpected body.',
      };
    }
    const { organization_id, user_id, plan, environment, key_prefix } = parsed as AuthValidation;
    return { ok: true, identity: { organization_id, user_id, plan, environment, key_prefix } };
  } catch (error) {
    if (error instanceof UpstreamTimeoutError) {
      return { ok: false, status: 504, code: 'upstream_timeout', message: error.message };
    }
    if (error instanceof UpstreamUnreachableError) {
      return { ok: false, status: 502, code: 'upstream_unreachable', message: error.message };
    }
    return {
      ok: false,
      status: 502,
      code: 'upstream_error',
      message: 'The key check with the service failed.',
    };
  }
}

const noStore = (reply: FastifyReply): FastifyReply => reply.header('cache-control', 'no-store');

/** `/bff/config` and `/bff/session` (login, current session, logout). */
export function registerSessionRoutes(app: FastifyInstance, options: SessionRoutesOptions): void {
  const { config, sessions, upstream, loginFailures, revocations } = options;
  const demoAvailable = isDemoAvailable(config);

  app.get('/bff/config', async (request, reply) => {
    noStore(reply);
    // Where the service should send webhooks: the BFF's own receiver, as the service reaches it.
    const origin = config.publicUrl ?? `${request.protocol}://${request.host}`;
    const body: PublicConfig = {
      demo_available: demoAvailable,
      upstream: config.upstream.kind,
      webhook_receiver_url: `${origin.replace(/\/+$/, '')}${WEBHOOK_PATH}`,
    };
    return body;
  });

  app.post('/bff/session', async (request, reply) => {
    noStore(reply);
    const limit = await loginFailures.check(request.ip);
    if (!limit.allowed) {
      reply.header('retry-after', String(limit.retryAfterSeconds));
      return sendError(reply, 429, 'rate_limited', 'Too many failed sign-in attempts; try later.');
    }
    // The body must be bff.yaml's LoginRequest: an API key, or the demo with an optional profile.
    if (!matchesBffSchema('LoginRequest', request.body)) {
      return sendError(
        reply,
        400,
        'invalid_request',
        'Send {"api_key": "..."} or {"demo": true}.',
        'api_key',
      );
    }
    const body = request.body as LoginRequest;
    let apiKey: string;
    if ('api_key' in body) {
      apiKey = body.api_key;
    } else {
      if (!demoAvailable) {
        return sendError(reply, 403, 'demo_unavailable', 'The demo is not available here.');
      }
      const profile = body.profile ?? 'paid';
      if (config.upstream.kind === 'remote') {
        if (profile !== 'paid') {
          return sendError(
            reply,
            400,
            'invalid_request',
            'Demo profiles exist only with the simulator.',
            'profile',
          );
        }
        apiKey = config.apiKey as string;
      } else {
        apiKey =
          profile === 'paid' && config.apiKey !== undefined ? config.apiKey : DEMO_KEYS[profile];
      }
    }

    const validation = await validateKey(upstream, apiKey, request.id);
    if (!validation.ok) {
      if (validation.status === 401) await loginFailures.record(request.ip);
      return sendError(reply, validation.status, validation.code, validation.message);
    }
    await loginFailures.reset(request.ip);
    const { session, cookie } = sessions.create(apiKey, validation.identity);
    sessions.setCookie(reply, cookie, session);
    request.log.info({ organization: session.identity.organization_id }, 'signed in');
    return sessions.toPublic(session);
  });

  app.get('/bff/session', async (request, reply) => {
    noStore(reply);
    const session = sessions.read(request);
    if (!session) return sendError(reply, 401, 'unauthenticated', 'Not signed in.');
    return sessions.toPublic(session);
  });

  // CSRF and the session itself are checked by the app-wide guard before this runs.
  app.delete('/bff/session', async (request, reply) => {
    noStore(reply);
    const session = sessions.read(request);
    if (!session) return sendError(reply, 401, 'unauthenticated', 'Not signed in.');
    await revocations.revoke(session);
    sessions.clearCookie(reply);
    return reply.code(204).send();
  });
}
