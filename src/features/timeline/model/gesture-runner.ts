/**
 * Runs one gesture's operations against the service, one request each, chaining
 * `expected_revision`. When a step fails, the steps already applied are rolled back with their
 * inverses (newest first), so a group edit is either fully applied, fully rolled back, or — when
 * even the rollback fails — reported as partly applied with exactly which items moved.
 */
import { invertApplied, type AppliedOp, type EditOp } from './edit-ops.ts';

export interface ApplyResponse {
  /** Timeline revision after the operation. */
  revision: number;
  effectId?: string;
  warnings?: string[];
  /** Items the operation deleted (a trim down to nothing). */
  deletedIds?: string[];
}

export interface TimelineTransport {
  apply(op: EditOp, expectedRevision: number): Promise<ApplyResponse>;
  /** The server's current revision (after a refetch), for rolling back past a concurrent change. */
  currentRevision(): Promise<number>;
}

export type RunResult =
  | { status: 'applied'; revision: number; applied: AppliedOp[]; warnings: string[] }
  | {
      status: 'rolled-back';
      error: unknown;
      failedOp: EditOp;
      revision: number;
      rolledBack: number;
    }
  | {
      status: 'partial';
      error: unknown;
      failedOp: EditOp;
      applied: AppliedOp[];
      rollbackError: unknown;
    };

export async function runOps(
  ops: readonly EditOp[],
  baseRevision: number,
  transport: TimelineTransport,
  isConflict: (error: unknown) => boolean,
  onProgress?: (done: number, total: number) => void,
): Promise<RunResult> {
  const applied: AppliedOp[] = [];
  let revision = baseRevision;
  for (const op of ops) {
    onProgress?.(applied.length, ops.length);
    try {
      const response = await transport.apply(op, revision);
      revision = response.revision;
      applied.push({
        op,
        revision,
        warnings: response.warnings ?? [],
        ...(response.effectId ? { effectId: response.effectId } : {}),
        ...(response.deletedIds?.length ? { deletedIds: response.deletedIds } : {}),
      });
    } catch (error) {
      const rollback = await rollBack(applied, revision, transport, isConflict);
      if (rollback.ok)
        return {
          status: 'rolled-back',
          error,
          failedOp: op,
          revision: rollback.revision,
          rolledBack: applied.length,
        };
      return {
        status: 'partial',
        error,
        failedOp: op,
        applied: rollback.remaining,
        rollbackError: rollback.error,
      };
    }
  }
  return {
    status: 'applied',
    revision,
    applied,
    warnings: applied.flatMap((step) => step.warnings),
  };
}

type RollbackResult =
  { ok: true; revision: number } | { ok: false; error: unknown; remaining: AppliedOp[] };

async function rollBack(
  applied: AppliedOp[],
  startRevision: number,
  transport: TimelineTransport,
  isConflict: (error: unknown) => boolean,
): Promise<RollbackResult> {
  let revision = startRevision;
  for (let i = applied.length - 1; i >= 0; i -= 1) {
    const inverse = invertApplied(applied[i]!);
    if (!inverse)
      return {
        ok: false,
        error: new Error('This step cannot be undone.'),
        remaining: applied.slice(0, i + 1),
      };
    try {
      revision = (await transport.apply(inverse, revision)).revision;
    } catch (error) {
      if (!isConflict(error)) return { ok: false, error, remaining: applied.slice(0, i + 1) };
      // Someone changed the timeline meanwhile: our own inverse still applies to our item.
      try {
        revision = await transport.currentRevision();
        revision = (await transport.apply(inverse, revision)).revision;
      } catch (retryError) {
        return { ok: false, error: retryError, remaining: applied.slice(0, i + 1) };
      }
    }
  }
  return { ok: true, revision };
}
