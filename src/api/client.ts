import createClient, { type Middleware } from 'openapi-fetch';
import { ApiError, NetworkError, apiErrorFromResponse } from './api-error.ts';
import { UNSAFE_METHODS, getCsrfToken } from './csrf-token.ts';
import type { paths as bffPaths } from './bff-schema.gen.ts';
import type { paths } from './schema.gen.ts';

// Absolute against the page's origin so the same code runs in the browser and in jsdom tests.
const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;

/** The browser talks to the service only through the BFF, which adds the key. */
export const API_BASE_URL = `${origin}/api/v1`;

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

/** The BFF's own endpoints (src/api/bff.yaml), typed like the service's. */
export const bff = createClient<bffPaths>({
  baseUrl: origin,
  credentials: 'same-origin',
  fetch: (request) => globalThis.fetch(request),
});
bff.use(csrfMiddleware);

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

export { ApiError };
