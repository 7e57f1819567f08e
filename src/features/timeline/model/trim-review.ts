/**
 * A gesture that trims several items is previewed one operation at a time; the popover shows the
 * combined preview: destructive when any step is, every warning, and the union of item lists.
 */
import type { TimelineOperationPreview } from './timeline-types.ts';

const union = (lists: Array<string[] | undefined>): string[] => [
  ...new Set(lists.flatMap((list) => list ?? [])),
];

export function combinePreviews(
  previews: readonly TimelineOperationPreview[],
): TimelineOperationPreview | null {
  const first = previews[0];
  if (!first) return null;
  return {
    operation_id: first.operation_id,
    project_id: first.project_id,
    current_revision: Math.max(...previews.map((preview) => preview.current_revision)),
    expected_revision: first.expected_revision,
    destructive: previews.some((preview) => preview.destructive === true),
    affected_timeline_item_ids: union(
      previews.map((preview) => preview.affected_timeline_item_ids),
    ),
    would_create_timeline_item_ids: union(
      previews.map((preview) => preview.would_create_timeline_item_ids),
    ),
    would_delete_timeline_item_ids: union(
      previews.map((preview) => preview.would_delete_timeline_item_ids),
    ),
    change_count: previews.reduce((sum, preview) => sum + (preview.change_count ?? 0), 0),
    warnings: previews.flatMap((preview) => preview.warnings ?? []),
  };
}

/** The popover is needed when the preview is destructive or has warnings. */
export function needsReview(preview: TimelineOperationPreview | null): boolean {
  return !!preview && (preview.destructive === true || (preview.warnings?.length ?? 0) > 0);
}
