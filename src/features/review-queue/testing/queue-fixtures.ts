/** Small plan revisions and queue entries for the review queue's tests. */
import type { FacelessPlanRevision, Plan } from '@/api/schema.gen.ts';
import type { QueueEntry } from '../model/queue-entry.ts';

/** A five-scene, two-character plan priced as the simulator prices one. */
export function testPlan(overrides: Partial<Plan> = {}): Plan {
  const scenes = Array.from({ length: 5 }, (_, index) => ({
    index,
    title: `Scene title ${index + 1}`,
    narration: `Narration ${index + 1}`,
    characterIds: ['pc_a'],
    imagePrompt: `image ${index + 1}`,
    motionPrompt: `motion ${index + 1}`,
    startSeconds: index * 5,
    endSeconds: index * 5 + 5,
    durationSeconds: 5,
  }));
  return {
    plannerModelId: 'planner-large-2025-06',
    imageModelId: 'image-xl-3',
    videoModelId: 'video-motion-2',
    characters: [
      { id: 'pc_a', name: 'Mara', canonicalDescription: 'keeper' },
      { id: 'pc_b', name: 'Ezra', canonicalDescription: 'fisherman' },
    ],
    scenes,
    costEstimate: {
      unit: 'credits',
      planning: 2,
      styleAnchor: 4,
      characterAnchors: 8,
      keyframes: 30,
      semanticActionQa: 5,
      animation: 100,
      total: 149,
    },
    ...overrides,
  };
}

let counter = 0;

export function testRevision(overrides: Partial<FacelessPlanRevision> = {}): FacelessPlanRevision {
  counter += 1;
  return {
    id: `rev-${counter}`,
    project_id: 'project-1',
    revision: 1,
    status: 'draft',
    plan: testPlan(),
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function testEntry(overrides: Partial<QueueEntry> = {}): QueueEntry {
  const revision = overrides.revision ?? testRevision();
  return {
    projectId: revision.project_id,
    projectName: 'Project one',
    previous: undefined,
    latestRevision: revision.revision,
    ...overrides,
    revision,
  };
}
