import { describe, expect, it } from 'vitest';
import { isSuggestionRunFinished, suggestionRunPollDelayMs } from './suggestion-runs.ts';

describe('suggestion runs', () => {
  it('stops polling once a run is complete, failed or cancelled', () => {
    expect(isSuggestionRunFinished('complete')).toBe(true);
    expect(isSuggestionRunFinished('failed')).toBe(true);
    expect(isSuggestionRunFinished('cancelled')).toBe(true);
    expect(isSuggestionRunFinished('queued')).toBe(false);
    expect(isSuggestionRunFinished('running')).toBe(false);
  });

  it('backs off 1, 2, 4, 8 s and stays at 8 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(suggestionRunPollDelayMs)).toEqual([
      1_000, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000,
    ]);
  });
});
