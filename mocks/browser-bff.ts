/**
 * The BFF's own endpoints for the in-browser mock (`npm run dev:mock`), where no BFF runs: a
 * session held in memory, demo login, and no event stream (the client falls back to polling).
 * Only the demo keys sign in, as with the real BFF in front of the simulator.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { DEMO_KEYS, DEMO_ORGS } from './lib/auth.ts';

interface BrowserSession {
  apiKey: string;
}

const PROFILES: Record<string, { organization_id: string; user_id: string; plan: string }> = {
  [DEMO_KEYS.paid]: { organization_id: DEMO_ORGS.paid, user_id: 'user_demo_owner', plan: 'pro' },
  [DEMO_KEYS.free]: { organization_id: DEMO_ORGS.free, user_id: 'user_demo_free', plan: 'free' },
  [DEMO_KEYS.readonly]: {
    organization_id: DEMO_ORGS.paid,
    user_id: 'user_demo_readonly',
    plan: 'pro',
  },
};

const error = (status: number, code: string, message: string) =>
  HttpResponse.json({ error: { code, message } }, { status });

export function createBrowserBffHandlers(): {
  handlers: HttpHandler[];
  currentApiKey: () => string | undefined;
} {
  let session: BrowserSession | null = null;
  const body = (apiKey: string) => ({
    ...PROFILES[apiKey],
    environment: 'test',
    key_prefix: apiKey.slice(0, 12),
    csrf_token: 'browser-mock-csrf',
  });
  const handlers = [
    http.get('*/bff/config', () =>
      HttpResponse.json({ demo_available: true, upstream: 'simulator' }),
    ),
    http.get('*/bff/session', () =>
      session ? HttpResponse.json(body(session.apiKey)) : error(401, 'unauthorized', 'Sign in.'),
    ),
    http.post('*/bff/session', async ({ request }) => {
      const input = (await request.json().catch(() => ({}))) as {
        api_key?: string;
        demo?: boolean;
      };
      const apiKey = input.demo ? DEMO_KEYS.paid : (input.api_key ?? '');
      if (!PROFILES[apiKey]) return error(401, 'unauthorized', 'Invalid API key.');
      session = { apiKey };
      return HttpResponse.json(body(apiKey));
    }),
    http.delete('*/bff/session', () => {
      session = null;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/bff/events', () => error(503, 'unavailable', 'No event stream in the mock.')),
  ];
  return { handlers, currentApiKey: () => session?.apiKey };
}
