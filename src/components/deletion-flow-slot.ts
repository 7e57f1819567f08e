/**
 * The deletion flow as a slot: the pages that delete (projects, media) take it from their route,
 * which hands them the deletions feature's flow, so that no feature imports another.
 */
import type { ComponentType } from 'react';
import type { DeletionTarget } from '@/shared-rules/deletion-plan.ts';

export interface DeletionFlowProps {
  target: DeletionTarget;
  onClose(): void;
  /** Called with the ids that were deleted (to clear a selection). */
  onDeleted?(ids: string[]): void;
}

export type DeletionFlowSlot = ComponentType<DeletionFlowProps>;
