import { describe, expect, it } from 'vitest';
import { refusalOf, refusedLabel } from './spend-gate.tsx';

const paid = { plan: 'pro', balance: 40, unit: 'credits' };
const free = { plan: 'free', balance: 500, unit: 'credits' };

describe('refusalOf', () => {
  it('a paid-only operation on the free plan needs a paid plan', () => {
    for (const operation of ['applyAiEditStyle', 'approveFacelessPlan', 'reviseFacelessPlan']) {
      expect(refusalOf({ operation, spend: null, credits: free })?.short).toBe('needs a paid plan');
    }
    // An operation anyone may call is not refused for the plan.
    expect(refusalOf({ operation: 'listProjects', spend: null, credits: free })).toBeNull();
  });
  it('a spend over the balance is refused with the numbers', () => {
    expect(refusalOf({ operation: 'approveFacelessPlan', spend: 60, credits: paid })?.short).toBe(
      'needs 60 credits, 40 left',
    );
    expect(refusalOf({ operation: 'approveFacelessPlan', spend: 40, credits: paid })).toBeNull();
    expect(
      refusalOf({
        operation: 'startExport',
        spend: { atLeast: 1 },
        credits: { ...paid, balance: 0 },
      })?.short,
    ).toBe('needs at least 1 credit, 0 left');
  });
  it('refuses nothing while the balance is not known (the service has the last word)', () => {
    expect(refusalOf({ operation: 'startExport', spend: 5, credits: undefined })).toBeNull();
  });
  it('says the refusal on the control', () => {
    expect(refusedLabel('Dry run', { short: 'needs a paid plan', detail: '' })).toBe(
      'Dry run — needs a paid plan',
    );
    expect(refusedLabel('Dry run', null)).toBe('Dry run');
  });
});
