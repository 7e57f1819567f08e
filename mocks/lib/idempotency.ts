/**
 * Idempotency-Key handling (faceless revise, primary reference, clip creation). Keys are scoped
 * per organization and operation. The same key with identical input (path parameters + body)
 * replays the stored response with `Idempotent-Replayed: true`; different input is 409
 * `idempotency_conflict`.
 */
import { canonicalJson } from '@/lib/canonical-json.ts';
import { ApiError, invalid } from './errors.ts';

const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,200}$/;

export interface StoredResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export { canonicalJson };

export function checkIdempotencyKey(raw: string | null): string | null {
  if (raw === null) return null;
  if (!KEY_PATTERN.test(raw)) {
    throw invalid(
      'Idempotency-Key',
      'Idempotency-Key must be 8 to 200 characters of letters, digits, dot, underscore, colon or hyphen.',
    );
  }
  return raw;
}

export class IdempotencyStore {
  private readonly entries = new Map<string, { fingerprint: string; response: StoredResponse }>();

  /**
   * Runs `produce` once per (organization, operation, key). Returns the stored response on an
   * identical replay, throws 409 on a conflicting one. Failed (non-2xx) answers are not stored.
   */
  async run(
    scope: { organizationId: string; operation: string; key: string | null; input: unknown },
    produce: () => Promise<StoredResponse>,
  ): Promise<{ response: StoredResponse; replayed: boolean }> {
    if (scope.key === null) return { response: await produce(), replayed: false };
    const entryKey = `${scope.organizationId}\u0000${scope.operation}\u0000${scope.key}`;
    const fingerprint = canonicalJson(scope.input);
    const existing = this.entries.get(entryKey);
    if (existing) {
      if (existing.fingerprint !== fingerprint) {
        throw new ApiError(
          409,
          'idempotency_conflict',
          'This Idempotency-Key was already used with a different request.',
          'Idempotency-Key',
        );
      }
      return { response: existing.response, replayed: true };
    }
    const response = await produce();
    if (response.status >= 200 && response.status < 300) {
      this.entries.set(entryKey, { fingerprint, response });
    }
    return { response, replayed: false };
  }
}
