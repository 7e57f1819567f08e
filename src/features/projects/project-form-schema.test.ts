import { describe, expect, it } from 'vitest';
import { validateProjectForm } from './project-form-schema.ts';

describe('validateProjectForm', () => {
  it('trims and accepts a valid project', () => {
    expect(validateProjectForm({ name: '  Launch teaser ', description: '' })).toEqual({
      ok: true,
      values: { name: 'Launch teaser', description: '' },
    });
  });
  it('explains a missing or over-long name before any request', () => {
    const blank = validateProjectForm({ name: '   ', description: '' });
    expect(blank).toEqual({ ok: false, errors: { name: 'Give the project a name.' } });
    const long = validateProjectForm({ name: 'x'.repeat(201), description: 'y'.repeat(2001) });
    expect(long.ok).toBe(false);
    if (!long.ok) {
      expect(long.errors.name).toMatch(/200/);
      expect(long.errors.description).toMatch(/2,000/);
    }
  });
});
