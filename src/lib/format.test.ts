import { describe, expect, it } from 'vitest';
import {
  formatSeconds,
  formatBytes,
  formatDateTime,
  formatDuration,
  formatNumber,
  formatPercent,
} from './format.ts';

describe('format', () => {
  it('formats bytes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MiB');
    expect(formatBytes(undefined)).toBe('—');
  });
  it('formats durations as m:ss, and h:mm:ss from an hour', () => {
    expect(formatDuration(65.4)).toBe('1:05');
    expect(formatDuration(3599)).toBe('59:59');
    expect(formatDuration(3 * 3600 + 65)).toBe('3:01:05');
    expect(formatDuration(null)).toBe('—');
  });
  it('formats progress on either scale', () => {
    expect(formatPercent(0.42)).toBe('42%');
    expect(formatPercent(42)).toBe('42%');
    expect(formatPercent(1)).toBe('100%');
  });
});

describe('formatSeconds', () => {
  it('says a storyboard time to the tenth, whole seconds without it', () => {
    expect(formatSeconds(5)).toBe('0:05');
    expect(formatSeconds(72.5)).toBe('1:12.5');
    expect(formatSeconds(undefined)).toBe('—');
  });
});

describe('formatNumber', () => {
  it('writes numbers as Intl.NumberFormat("en") does', () => {
    const intl = new Intl.NumberFormat('en');
    for (const value of [0, 7, 999, 1000, 12345, 1234567.891, -4200.5, 0.1234, 2.0005, 1e9]) {
      expect(formatNumber(value), String(value)).toBe(intl.format(value));
    }
  });
});

describe('formatDateTime', () => {
  it('writes local time as Intl.DateTimeFormat("en", medium date, short time) does', () => {
    const intl = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    const dates = [
      new Date(2026, 0, 5, 0, 7),
      new Date(2026, 8, 5, 12, 0),
      new Date(2026, 10, 24, 1, 55),
      new Date(1999, 11, 31, 23, 59),
      new Date(2030, 5, 15, 11, 30),
      new Date(2026, 2, 29, 13, 5),
    ];
    for (const date of dates) {
      expect(formatDateTime(date.toISOString()), date.toISOString()).toBe(intl.format(date));
    }
  });
  it('keeps a missing or unreadable value visible', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
