import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect.ts';

describe('safeRedirectPath', () => {
  it('keeps in-app paths with their search', () => {
    expect(safeRedirectPath('/projects?offset=5')).toBe('/projects?offset=5');
  });
  it('refuses other hosts, schemes and the login page itself', () => {
    for (const bad of [
      '//evil.test',
      'https://evil.test',
      '/\\evil.test',
      'javascript:x',
      '/login',
    ]) {
      expect(safeRedirectPath(bad)).toBe('/projects');
    }
    expect(safeRedirectPath(undefined)).toBe('/projects');
  });
});
