import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error.ts';
import { describeParam, describeReviseError } from './revise-errors.ts';

const plan = { characters: [{ id: 'pc_1', name: 'Mara' }] };
const changes = {
  scenes: [{ index: 2, imagePrompt: '' }],
  characters: [{ id: 'pc_1', voiceId: '' }],
};

describe('revise errors', () => {
  it('names the scene or character field the service refused', () => {
    expect(describeParam('scenes[0].imagePrompt', changes, plan)).toBe('Scene 3 image prompt');
    expect(describeParam('characters[0].voiceId', changes, plan)).toBe('Mara voice');
    expect(describeParam('models.videoModelId', changes, plan)).toBe('Video model');
  });

  it('explains a missing paid plan, a reused key and validation, keeping the draft', () => {
    const paid = new ApiError({ status: 403, code: 'plan_required', message: 'Paid plan needed.' });
    expect(describeReviseError(paid, changes, plan).title).toBe('Revising needs a paid plan');
    const reused = new ApiError({ status: 409, code: 'idempotency_conflict', message: 'Used.' });
    expect(describeReviseError(reused, changes, plan).title).toMatch(/already sent/);
    const invalid = new ApiError({
      status: 400,
      code: 'invalid_request',
      message: 'Must not be empty.',
      param: 'scenes[0].imagePrompt',
    });
    expect(describeReviseError(invalid, changes, plan)).toEqual({
      title: 'Scene 3 image prompt was not accepted',
      detail: 'Must not be empty. Correct it in the draft and send again; your changes are kept.',
    });
    expect(
      describeReviseError(new ApiError({ status: 500, code: 'x', message: 'Boom.' }), changes, plan)
        .detail,
    ).toMatch(/Your draft is kept\.$/);
  });
});
