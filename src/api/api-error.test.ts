import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, describeError, describeRetrying } from './api-error.ts';

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
  it('says what a 403 key lacks without calling every request a write', () => {
    const forbidden = (code: string) =>
      new ApiError({ status: 403, code, message: 'Not allowed for this key.' });
    expect(describeError(forbidden('insufficient_access')).detail).toBe(
      'Not allowed for this key. Ask a workspace admin for a key with access to this (a read-only key cannot make changes).',
    );
    expect(describeError(forbidden('plan_required')).title).toBe('This needs a paid plan');
  });
  it('names the BFF’s own refusals: its database, a read-only key, a note changed first', () => {
    const bff = (status: number, code: string) =>
      describeError(new ApiError({ status, code, message: 'The BFF says why.' }));
    expect(bff(503, 'database_unavailable').title).toBe(
      'Cutroom’s records are unavailable right now',
    );
    expect(bff(503, 'database_unavailable').detail).toMatch(/everything else keeps working/);
    expect(bff(503, 'upstream_error').title).toBe('The video service is not responding');
    expect(bff(403, 'read_only_key').title).toBe('Your key is read-only');
    expect(bff(403, 'edit_window_closed')).toEqual({
      title: 'This note cannot be changed',
      detail: 'The BFF says why.',
    });
    expect(bff(409, 'note_conflict').title).toBe('Someone else changed this note first');
  });
});

describe('describeRetrying', () => {
  it('says what a read being retried waits for: a 429’s wait, a 5xx, the network; nothing before a failure', () => {
    expect(describeRetrying(null)).toBeUndefined();
    expect(
      describeRetrying(
        new ApiError({ status: 429, code: 'rate_limited', message: 'Slow.', retryAfterMs: 6_500 }),
      ),
    ).toBe('The service is busy (too many requests); trying again in 7 s…');
    expect(
      describeRetrying(new ApiError({ status: 500, code: 'internal', message: 'Down.' })),
    ).toBe('The video service had a problem (Down.); trying again…');
    expect(describeRetrying(new NetworkError())).toBe(
      'Cannot reach Cutroom right now; trying again…',
    );
    expect(
      describeRetrying(new ApiError({ status: 404, code: 'x', message: 'y' })),
    ).toBeUndefined();
  });
});
