/**
 * Errors of the reference: `{ error: { code, message, param, doc_url } }`. Handlers throw
 * `ApiError`; the route wrapper turns it into the response.
 */
import type { ApiErrorBody } from '../store/contract.ts';

export const DOCS_BASE_URL = 'https://docs.video-creation.example';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The contract's error body: all four fields, `param` null when no single field is at fault. */
export function errorPayload(code: string, message: string, param: string | null): ApiErrorBody {
  return { error: { code, message, param, doc_url: `${DOCS_BASE_URL}/errors#${code}` } };
}

export function errorResponse(error: ApiError): Response {
  return new Response(JSON.stringify(errorPayload(error.code, error.message, error.param)), {
    status: error.status,
    headers: { 'content-type': 'application/json', ...error.headers },
  });
}

export const invalid = (param: string | null, message: string): ApiError =>
  new ApiError(400, 'invalid_request', message, param);

export const notFound = (param: string, message: string): ApiError =>
  new ApiError(404, 'not_found', message, param);

export const conflict = (code: string, message: string, param: string | null = null): ApiError =>
  new ApiError(409, code, message, param);
