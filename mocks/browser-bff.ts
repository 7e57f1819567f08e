/**
 * The BFF's own endpoints for the in-browser mock (`npm run dev:mock`), where no BFF runs: a
 * session held in memory, demo login, and no event stream (the client falls back to polling).
 * Only the demo keys sign in, as with the real BFF in front of the simulator. Every answer is a
 * shape of the BFF's interface (src/api/bff.yaml, generated types); who a key is comes from the
 * one list of demo workspaces (src/shared-rules/demo-workspaces.ts).
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { components } from '@/api/bff-schema.gen.ts';
import { DEMO_KEYS, demoIdentity } from '@/shared-rules/demo-workspaces.ts';

type BffSchemas = components['schemas'];

/** Sessions of the mock last as long as the BFF's default (8 h). */
const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

interface BrowserSession {
  apiKey: string;
  expiresAt: string;
}

/** The BFF's error shape (all four fields), documented at its `GET /bff/errors`. */
const error = (
  request: Request,
  status: number,
  code: BffSchemas['BffErrorCode'],
  message: string,
) =>
  HttpResponse.json<BffSchemas['Error']>(
    {
      error: {
        code,
        message,
        param: null,
        doc_url: `${new URL(request.url).origin}/bff/errors#${code}`,
      },
    },
    { status },
  );

/** No live events in the mock: one `status` frame saying delivery is not live (the app polls). */
const NOT_LIVE: BffSchemas['StatusFrame'] = { event: 'status', data: { live: false } };

/** The session as the BFF answers it (bff.yaml `Session`), for a demo key. */
export function browserSession(session: BrowserSession): BffSchemas['Session'] | null {
  const identity = demoIdentity(session.apiKey);
  if (!identity) return null;
  return {
    organization_id: identity.organizationId,
    user_id: identity.userId,
    plan: identity.plan,
    environment: identity.environment,
    key_prefix: session.apiKey.slice(0, 12),
    csrf_token: 'browser-mock-csrf',
    expires_at: session.expiresAt,
  };
}

export function createBrowserBffHandlers(): {
  handlers: HttpHandler[];
  currentApiKey: () => string | undefined;
} {
  let session: BrowserSession | null = null;
  const handlers = [
    http.get('*/bff/config', ({ request }) =>
      HttpResponse.json<BffSchemas['BffConfig']>({
        demo_available: true,
        upstream: 'simulator',
        // No receiver runs in the browser mock; this is where the BFF's would be.
        webhook_receiver_url: `${new URL(request.url).origin}/webhooks/vcs`,
      }),
    ),
    http.get('*/bff/session', ({ request }) => {
      const answer = session && browserSession(session);
      return answer
        ? HttpResponse.json(answer)
        : error(request, 401, 'unauthenticated', 'Not signed in.');
    }),
    http.post('*/bff/session', async ({ request }) => {
      const input = (await request.json().catch(() => ({}))) as Partial<
        { api_key: string } & { demo: true; profile: BffSchemas['DemoProfile'] }
      >;
      const apiKey = input.demo ? DEMO_KEYS[input.profile ?? 'paid'] : (input.api_key ?? '');
      const next = { apiKey, expiresAt: new Date(Date.now() + SESSION_TTL_MS).toISOString() };
      const answer = browserSession(next);
      if (!answer) {
        return error(request, 401, 'invalid_api_key', 'The service refused the API key.');
      }
      session = next;
      return HttpResponse.json(answer);
    }),
    http.delete('*/bff/session', () => {
      session = null;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/bff/events', ({ request }) => {
      if (!session) return error(request, 401, 'unauthenticated', 'Not signed in.');
      // One status frame, then the stream ends; `retry` keeps the browser from reconnecting soon.
      const frames = `retry: 60000\n\nevent: ${NOT_LIVE.event}\ndata: ${JSON.stringify(NOT_LIVE.data)}\n\n`;
      const stream = new ReadableStream<Uint8Array>({
        start: (controller) => {
          controller.enqueue(new TextEncoder().encode(frames));
          controller.close();
        },
      });
      return new HttpResponse(stream, {
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' },
      });
    }),
  ];
  return { handlers, currentApiKey: () => session?.apiKey };
}
