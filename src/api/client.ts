import createClient, { type Middleware } from 'openapi-fetch';
import { ApiError, NetworkError, apiErrorFromResponse } from './api-error.ts';
import { UNSAFE_METHODS, getCsrfToken } from './csrf-token.ts';
import type { paths } from './schema.gen.ts';

// Absolute against the page's origin so the same code runs in the browser and in jsdom tests.
const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

/** The browser talks to the service only through the BFF, which adds the key. */
export const API_BASE_URL = `${origin}/api/v1`;

export const bffUrl = (path: string) => `${origin}${path}`;

const csrfMiddleware: Middleware = {
  onRequest({ request }) {
    const token = getCsrfToken();
    if (token && UNSAFE_METHODS.has(request.method)) request.headers.set('X-CSRF-Token', token);
    return request;
  },
};

export const api = createClient<paths>({
  baseUrl: API_BASE_URL,
  credentials: 'same-origin',
  // Looked up per call, so interceptors installed later (msw in tests) see every request.
  fetch: (request) => globalThis.fetch(request),
});
api.use(csrfMiddleware);

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Turns an openapi-fetch result into data, or throws ApiError / NetworkError. */
export async function unwrap<T>(request: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await request;
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new NetworkError(cause instanceof Error ? cause.message : undefined);
  }
  if (!result.response.ok || result.error !== undefined) {
    throw apiErrorFromResponse(result.response, result.error);
  }
  return result.data as T;
}

/** A key for one logical write, reused by every retry of that write. */
export function newIdempotencyKey(): string {
  return `cutroom-${crypto.randomUUID()}`;
}

/** JSON requests to the BFF's own endpoints (`/bff/*`), with the same error handling. */
export async function bffRequest<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const method = init.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json' });
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  const token = getCsrfToken();
  if (token && UNSAFE_METHODS.has(method)) headers.set('X-CSRF-Token', token);
  let response: Response;
  try {
    response = await fetch(bffUrl(path), {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new NetworkError(cause instanceof Error ? cause.message : undefined);
  }
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) throw apiErrorFromResponse(response, body);
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export { ApiError };
