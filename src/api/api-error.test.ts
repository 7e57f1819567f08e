import { describe, expect, it } from 'vitest';
import { ApiError, describeError } from './api-error.ts';

const refused = (param?: string) =>
  new ApiError({ status: 400, code: 'invalid_request', message: 'Must be in the future.', param });

describe('describeError', () => {
  it('names a refused field as the screen labels it', () => {
    const labels = { scheduled_for: 'Date and time' };
    expect(describeError(refused('scheduled_for'), labels)).toEqual({
      title: 'Check “Date and time”',
      detail: 'Must be in the future.',
    });
  });
  it('falls back to the field’s own name, or a general title without one', () => {
    expect(describeError(refused('caption'), { scheduled_for: 'Date and time' }).title).toBe(
      'Check “caption”',
    );
    expect(describeError(refused()).title).toBe('The request was not accepted');
  });
});
