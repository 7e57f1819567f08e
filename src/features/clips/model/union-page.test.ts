import { describe, expect, it } from 'vitest';
import { planUnionPage, unionBounds } from './union-page.ts';

const totals = [
  { status: 'failed', total: 7 },
  { status: 'needs_repair', total: 0 },
  { status: 'ready', total: 30 },
];

describe('planUnionPage', () => {
  it('takes a page from the first list only when it fits', () => {
    expect(planUnionPage(totals, 0, 5)).toEqual([{ status: 'failed', offset: 0, limit: 5 }]);
  });
  it('spans the end of one list and the start of the next, skipping empty lists', () => {
    expect(planUnionPage(totals, 5, 10)).toEqual([
      { status: 'failed', offset: 5, limit: 2 },
      { status: 'ready', offset: 0, limit: 8 },
    ]);
  });
  it('maps a deep offset into the right list, and the last page is short', () => {
    expect(planUnionPage(totals, 30, 10)).toEqual([{ status: 'ready', offset: 23, limit: 7 }]);
    expect(planUnionPage(totals, 37, 10)).toEqual([]);
  });
});

describe('unionBounds', () => {
  it('adds the totals and says whether more follow', () => {
    const parts = [
      { total: 7, truncated: false },
      { total: 30, truncated: false },
    ];
    expect(unionBounds(parts, 0, 10, 10)).toMatchObject({
      total: 37,
      has_more: true,
      truncated: false,
    });
    expect(unionBounds(parts, 30, 10, 7)).toMatchObject({ total: 37, has_more: false });
    expect(unionBounds([{ total: 50, truncated: true }], 0, 10, 10).truncated).toBe(true);
  });
});
