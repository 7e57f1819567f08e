import { describe, expect, it } from 'vitest';
import { jobKindLabel } from './job-kind-label.ts';

describe('jobKindLabel', () => {
  it('says a kind in words', () => {
    expect(jobKindLabel('faceless_preproduction')).toBe('Faceless preproduction');
    expect(jobKindLabel('render')).toBe('Render');
    expect(jobKindLabel('clip-batch')).toBe('Clip batch');
  });
  it('calls an unnamed kind a job', () => {
    expect(jobKindLabel(undefined)).toBe('Job');
    expect(jobKindLabel('  ')).toBe('Job');
  });
});
