/**
 * The one conflict path of every editor: send a change based on a document revision; on a
 * conflict (409: someone else changed the document), fetch the document once, say what changed,
 * and send the change again only when it still applies to the fresh document (rebased onto it).
 * A change is never silently overwritten and never silently dropped: the report says which.
 */
export type Rebase<Change> = { ok: true; change: Change } | { ok: false; reason: string };

export interface ConflictReport {
  /** What changed on the server, in words. */
  changes: string;
  /** Whether the pending change was applied on top of the other changes. */
  reapplied: boolean;
  /** Why it was not, when it was not. */
  reason?: string;
}

export interface ConflictRetryOptions<Doc, Change, Result> {
  base: Doc;
  change: Change;
  send(change: Change, base: Doc): Promise<Result>;
  isConflict(error: unknown): boolean;
  /** Fetches the current document (called at most once). */
  refetch(): Promise<Doc>;
  /** The change rewritten for the fresh document, or why it no longer applies. */
  rebase(change: Change, base: Doc, fresh: Doc): Rebase<Change>;
  /** What changed between the two documents, in words. */
  describe(base: Doc, fresh: Doc): string;
  /** Called before the change is sent again (to show it on top of the fresh document). */
  onRebase?(fresh: Doc, change: Change): void;
}

export type ConflictRetryResult<Doc, Change, Result> =
  | {
      status: 'applied';
      result: Result;
      /** The change as sent (rebased after a conflict). */
      change: Change;
      /** The document it was applied to. */
      base: Doc;
      conflict: ConflictReport | null;
    }
  | { status: 'not-applied'; base: Doc; conflict: ConflictReport }
  | {
      status: 'failed';
      error: unknown;
      /** The latest document known (the fresh one after a conflict). */
      base: Doc;
      conflict: ConflictReport | null;
    };

export async function withConflictRetry<Doc, Change, Result>(
  options: ConflictRetryOptions<Doc, Change, Result>,
): Promise<ConflictRetryResult<Doc, Change, Result>> {
  const { base, change } = options;
  try {
    const result = await options.send(change, base);
    return { status: 'applied', result, change, base, conflict: null };
  } catch (error) {
    if (!options.isConflict(error)) return { status: 'failed', error, base, conflict: null };
  }
  let fresh: Doc;
  try {
    fresh = await options.refetch();
  } catch (error) {
    return { status: 'failed', error, base, conflict: null };
  }
  const changes = options.describe(base, fresh);
  const rebased = options.rebase(change, base, fresh);
  if (!rebased.ok) {
    return {
      status: 'not-applied',
      base: fresh,
      conflict: { changes, reapplied: false, reason: rebased.reason },
    };
  }
  options.onRebase?.(fresh, rebased.change);
  try {
    const result = await options.send(rebased.change, fresh);
    return {
      status: 'applied',
      result,
      change: rebased.change,
      base: fresh,
      conflict: { changes, reapplied: true },
    };
  } catch (error) {
    if (options.isConflict(error)) {
      return {
        status: 'not-applied',
        base: fresh,
        conflict: {
          changes,
          reapplied: false,
          reason: 'It changed again while your change was being re-applied; try once more.',
        },
      };
    }
    return { status: 'failed', error, base: fresh, conflict: { changes, reapplied: false } };
  }
}
