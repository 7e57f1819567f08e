// The session's CSRF token lives in memory only: the BFF hands it out with the session and the
// client echoes it in `X-CSRF-Token` on every unsafe request.
let csrfToken: string | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function getCsrfToken(): string | null {
  return csrfToken;
}

export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
