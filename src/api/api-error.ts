/**
 * One error type for everything the client receives from the BFF or the service, carrying the
 * service's error shape `{error: {code, message, param, doc_url}}` plus what retries need.
 */
import type { components } from './schema.gen.ts';

/**
 * An error answer as it may arrive: the contract's `Error` (generated), every field optional
 * because a proxy or a crashed upstream can answer with anything.
 */
export type ServiceErrorBody = { error?: Partial<components['schemas']['Error']['error']> };

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly param: string | undefined;
  readonly docUrl: string | undefined;
  /** Milliseconds the server asked us to wait (from `Retry-After`), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    param?: string | undefined;
    docUrl?: string | undefined;
    retryAfterMs?: number | undefined;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.param = init.param;
    this.docUrl = init.docUrl;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** A request that never got an HTTP answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor(message = 'The network request failed.') {
    super(message);
    this.name = 'NetworkError';
  }
}

/** `Retry-After` is either delay-seconds or an HTTP date. */
export function parseRetryAfter(
  value: string | null,
  now: number = Date.now(),
): number | undefined {
  if (value == null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

export function apiErrorFromResponse(response: Response, body: unknown): ApiError {
  const error = (body as ServiceErrorBody | undefined)?.error;
  return new ApiError({
    status: response.status,
    code: error?.code ?? `http_${response.status}`,
    message: error?.message ?? (response.statusText || `Request failed with ${response.status}`),
    param: error?.param ?? undefined,
    docUrl: error?.doc_url,
    retryAfterMs: parseRetryAfter(response.headers.get('Retry-After')),
  });
}

/**
 * Words a person can act on, for every error the service defines. `fieldLabels` names a 400's
 * `param` as the screen labels that field (`scheduled_for` → “Date and time”).
 */
export function describeError(
  error: unknown,
  fieldLabels?: Readonly<Record<string, string>>,
): { title: string; detail: string } {
  if (error instanceof NetworkError) {
    return {
      title: 'Cannot reach Cutroom',
      detail: 'Check your connection; we will keep retrying for a little while.',
    };
  }
  if (!(error instanceof ApiError)) {
    return {
      title: 'Something went wrong',
      detail: error instanceof Error ? error.message : 'An unexpected error occurred.',
    };
  }
  const serviceSays = error.message;
  const own = describeBffRefusal(error);
  if (own) return own;
  switch (error.status) {
    case 400:
      return {
        title: error.param
          ? `Check “${fieldLabels?.[error.param] ?? error.param}”`
          : 'The request was not accepted',
        detail: serviceSays,
      };
    case 401:
      return {
        title: 'Your session has ended',
        detail: 'Sign in again with your API key to continue.',
      };
    case 403:
      if (error.code === 'plan_required') {
        return {
          title: 'This needs a paid plan',
          detail: `${serviceSays} Upgrade the workspace plan, or use a key from a paid workspace.`,
        };
      }
      if (error.code === 'csrf_failed') {
        return {
          title: 'Your session could not be verified',
          detail: 'Reload the page and try again.',
        };
      }
      // A 403 also answers reads: say what the key lacks without assuming the request was a write.
      return {
        title: 'Your key does not allow this',
        detail: `${serviceSays} Ask a workspace admin for a key with access to this (a read-only key cannot make changes).`,
      };
    case 404:
      return {
        title: 'Not found',
        detail: `${serviceSays} It may have been deleted; go back to the list and refresh.`,
      };
    case 409:
      return {
        title: 'Someone else changed this first',
        detail: `${serviceSays} Reload to see the latest version, then apply your change again.`,
      };
    case 413:
      return { title: 'That is too large', detail: serviceSays };
    case 429: {
      const wait = error.retryAfterMs
        ? ` Try again in ${Math.ceil(error.retryAfterMs / 1000)} s.`
        : '';
      return { title: 'The service is busy', detail: `Too many requests right now.${wait}` };
    }
    case 502:
    case 503:
    case 504:
      return {
        title: 'The video service is not responding',
        detail: `${serviceSays} Your work is safe; try again in a moment.`,
      };
    default:
      return {
        title: error.status >= 500 ? 'The video service had a problem' : 'The request failed',
        detail: `${serviceSays}${error.status >= 500 ? ' Try again in a moment.' : ''}`,
      };
  }
}

/**
 * The BFF's own refusals about notes, decisions and its database, whose status alone would be
 * named wrongly (a 503 that is not the video service, a 403 that is not the key's).
 */
function describeBffRefusal(error: ApiError): { title: string; detail: string } | undefined {
  const says = error.message;
  switch (error.code) {
    case 'database_unavailable':
      return {
        title: 'Cutroom’s records are unavailable right now',
        detail: `${says} Notes, decisions, names and the audit log live in Cutroom’s own database, which cannot be reached; everything else keeps working. Try again in a moment.`,
      };
    case 'read_only_key':
      return {
        title: 'Your key is read-only',
        detail: `${says} It can read notes but not write them; sign in with a key that may make changes.`,
      };
    case 'not_note_author':
    case 'edit_window_closed':
      return { title: 'This note cannot be changed', detail: says };
    case 'note_conflict':
    case 'note_has_replies':
      return { title: 'Someone else changed this note first', detail: says };
    case 'no_open_notes':
      return { title: 'Write a note first', detail: says };
    case 'decision_not_allowed':
      return { title: 'This revision waits for no decision', detail: says };
    default:
      return undefined;
  }
}

/**
 * What a read being retried on its own is waiting for, in words (for its loading state), or
 * undefined while it has not failed yet: a 429's wait, a 5xx, or the network.
 */
export function describeRetrying(failureReason: unknown): string | undefined {
  if (failureReason instanceof NetworkError) {
    return 'Cannot reach Cutroom right now; trying again…';
  }
  if (!(failureReason instanceof ApiError)) return undefined;
  if (failureReason.status === 429) {
    const wait = failureReason.retryAfterMs
      ? ` in ${Math.ceil(failureReason.retryAfterMs / 1000)} s`
      : '';
    return `The service is busy (too many requests); trying again${wait}…`;
  }
  if (failureReason.status >= 500) {
    return `The video service had a problem (${failureReason.message}); trying again…`;
  }
  return undefined;
}
