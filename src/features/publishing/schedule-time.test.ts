import { describe, expect, it } from 'vitest';
import { epochToLocalInputs, localDateTimeToEpoch, moveItem } from './schedule-time.ts';

describe('local date and time', () => {
  it('round-trips through the local time zone', () => {
    const epoch = localDateTimeToEpoch('2026-07-14', '09:30');
    expect(epoch).not.toBeNull();
    expect(epochToLocalInputs(epoch as number)).toEqual({ date: '2026-07-14', time: '09:30' });
    expect(new Date(epoch as number).getHours()).toBe(9);
  });
  it('refuses malformed or impossible dates', () => {
    expect(localDateTimeToEpoch('2026-02-31', '10:00')).toBeNull();
    expect(localDateTimeToEpoch('', '10:00')).toBeNull();
    expect(localDateTimeToEpoch('2026-02-10', '')).toBeNull();
  });
});

describe('moveItem', () => {
  it('moves one item and keeps the others in order', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
