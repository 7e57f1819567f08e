import { describe, expect, it } from 'vitest';
import { expiryState, formatCountdown } from './expiry.ts';

describe('formatCountdown', () => {
  it('says days and hours, then hours and minutes, then minutes and seconds', () => {
    expect(formatCountdown(2 * 86_400_000 + 3 * 3_600_000 + 5_000)).toBe('2 d 3 h');
    expect(formatCountdown(3 * 3_600_000 + 7 * 60_000)).toBe('3 h 7 min');
    expect(formatCountdown(4 * 60_000 + 9_000)).toBe('4:09');
    expect(formatCountdown(0)).toBe('expired');
  });
});

describe('expiryState', () => {
  const now = Date.parse('2026-01-10T00:00:00Z');
  it('classifies an export by its expires_at', () => {
    expect(expiryState(undefined, now)).toBe('none');
    expect(expiryState('2026-01-09T23:59:59Z', now)).toBe('expired');
    expect(expiryState('2026-01-10T05:00:00Z', now)).toBe('soon');
    expect(expiryState('2026-01-12T00:00:00Z', now)).toBe('live');
  });
});
