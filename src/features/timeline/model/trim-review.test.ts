import { describe, expect, it } from 'vitest';
import { combinePreviews, needsReview } from './trim-review.ts';

const preview = (patch: object) => ({
  operation_id: 'timeline.item.trim',
  project_id: 'p',
  current_revision: 3,
  ...patch,
});

describe('trim review', () => {
  it('combines previews of a group trim', () => {
    const combined = combinePreviews([
      preview({ destructive: false, affected_timeline_item_ids: ['a'], warnings: [] }),
      preview({
        destructive: true,
        affected_timeline_item_ids: ['b'],
        would_delete_timeline_item_ids: ['b'],
        warnings: ['gone'],
        change_count: 1,
      }),
    ]);
    expect(combined).toMatchObject({
      destructive: true,
      affected_timeline_item_ids: ['a', 'b'],
      would_delete_timeline_item_ids: ['b'],
      would_create_timeline_item_ids: [],
      warnings: ['gone'],
      change_count: 1,
    });
    expect(needsReview(combined)).toBe(true);
    expect(combinePreviews([])).toBeNull();
  });

  it('applies directly when nothing is destructive and there are no warnings', () => {
    expect(needsReview(preview({ destructive: false, warnings: [] }))).toBe(false);
    expect(needsReview(preview({ warnings: ['Trim end clamped'] }))).toBe(true);
    expect(needsReview(null)).toBe(false);
  });
});
