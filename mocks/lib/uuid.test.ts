import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid.ts';

const withVersion = (version: string, variant = 'a'): string =>
  `123e4567-e89b-${version}2d3-${variant}456-426614174000`;

describe('isUuid', () => {
  it('accepts versions 1 to 8', () => {
    for (const version of ['1', '2', '3', '4', '5', '6', '7', '8']) {
      expect(isUuid(withVersion(version))).toBe(true);
    }
  });

  it('rejects versions 0 and 9 and higher hex digits', () => {
    for (const version of ['0', '9', 'a', 'f']) expect(isUuid(withVersion(version))).toBe(false);
  });

  it('accepts variants 8, 9, a, b and rejects others', () => {
    for (const variant of ['8', '9', 'a', 'b', 'A', 'B']) {
      expect(isUuid(withVersion('4', variant))).toBe(true);
    }
    for (const variant of ['0', '7', 'c', 'd', 'e', 'f']) {
      expect(isUuid(withVersion('4', variant))).toBe(false);
    }
  });

  it('accepts the nil and max forms in either case', () => {
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
    expect(isUuid('ffffffff-ffff-ffff-ffff-ffffffffffff')).toBe(true);
    expect(isUuid('FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF')).toBe(true);
  });

  it('is case-insensitive', () => {
    expect(isUuid(withVersion('4').toUpperCase())).toBe(true);
  });

  it('rejects wrong lengths, missing hyphens and non-strings', () => {
    expect(isUuid(withVersion('4').slice(1))).toBe(false);
    expect(isUuid(`${withVersion('4')}0`)).toBe(false);
    expect(isUuid(withVersion('4').replaceAll('-', ''))).toBe(false);
    expect(isUuid('g23e4567-e89b-42d3-a456-426614174000')).toBe(false);
    expect(isUuid(42)).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});
