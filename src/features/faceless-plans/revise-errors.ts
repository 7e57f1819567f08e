/**
 * Revise errors in the reviewer's words: which scene or character field the service refused,
 * a missing paid plan, a reused Idempotency-Key.
 */
import { ApiError, describeError } from '@/api/api-error.ts';
import type { ReviseRequest } from '@/shared-rules/faceless-staleness.ts';
import type { Plan } from '@/api/schema.gen.ts';

const FIELD_WORDS: Record<string, string> = {
  title: 'title',
  narration: 'narration',
  originalCue: 'original cue',
  characterIds: 'characters',
  locationId: 'location',
  imagePrompt: 'image prompt',
  motionPrompt: 'motion prompt',
  durationSeconds: 'duration',
  index: 'scene',
  id: 'character',
  name: 'name',
  canonicalDescription: 'description',
  anchorPrompt: 'anchor prompt',
  referenceAssetIds: 'references',
  storyFacts: 'story facts',
  voiceId: 'voice',
  voiceStyle: 'voice style',
  plannerModelId: 'planner model',
  imageModelId: 'image model',
  videoModelId: 'video model',
  styleAnchorPrompt: 'style anchor prompt',
};

/** `scenes[0].imagePrompt` → `Scene 3 image prompt` (the draft's first scene change is scene 3). */
export function describeParam(param: string, changes: ReviseRequest, plan: Plan): string {
  const match = /^(scenes|characters)\[(\d+)\](?:\.(\w+))?/.exec(param);
  if (match) {
    const [, list, position, field] = match;
    const words = field ? (FIELD_WORDS[field] ?? field) : '';
    if (list === 'scenes') {
      const index = changes.scenes?.[Number(position)]?.index;
      return `${index === undefined ? 'A scene' : `Scene ${index + 1}`}${words ? ` ${words}` : ''}`;
    }
    const id = changes.characters?.[Number(position)]?.id;
    const name = plan.characters?.find((character) => character.id === id)?.name ?? 'A character';
    return `${name}${words ? ` ${words}` : ''}`;
  }
  const field = param.split('.').pop() ?? param;
  return FIELD_WORDS[field] ? capitalise(FIELD_WORDS[field]) : param;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function describeReviseError(
  error: unknown,
  changes: ReviseRequest,
  plan: Plan,
): { title: string; detail: string } {
  if (error instanceof ApiError) {
    if (error.status === 400 && error.param) {
      return {
        title: `${describeParam(error.param, changes, plan)} was not accepted`,
        detail: `${error.message} Correct it in the draft and send again; your changes are kept.`,
      };
    }
    if (error.status === 403 && error.code === 'plan_required') {
      return {
        title: 'Revising needs a paid plan',
        detail:
          'This workspace has no active paid plan, so the service will not create revisions. Your draft is kept here: upgrade the plan or sign in with a paid workspace, then send it.',
      };
    }
    if (error.status === 409) {
      return {
        title: 'This draft was already sent with different content',
        detail:
          'The service refused to reuse the request key for changed content. Send again to create a new revision from the draft as it is now.',
      };
    }
  }
  const { title, detail } = describeError(error);
  return { title, detail: `${detail} Your draft is kept.` };
}
