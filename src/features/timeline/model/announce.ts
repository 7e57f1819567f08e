/**
 * Words for the screen reader live region: what is selected, and what an edit did.
 */
import type { TimelineIndex } from './timeline-index.ts';
import { formatSeconds } from './ruler.ts';

export function describeSelection(index: TimelineIndex, selection: ReadonlySet<string>): string {
  const items = [...selection].map((id) => index.byId.get(id)).filter((ref) => ref !== undefined);
  if (items.length === 0) return 'No items selected.';
  if (items.length === 1) {
    const { item, row } = items[0]!;
    const layer = index.rows[row]?.layer.name ?? `layer ${item.layer_index}`;
    return `Selected ${item.type} “${item.name}” on ${layer}, ${formatSeconds(item.start_seconds)} to ${formatSeconds(item.end_seconds)}.`;
  }
  const names = items.slice(0, 3).map((ref) => `“${ref.item.name}”`);
  const more = items.length > 3 ? ` and ${items.length - 3} more` : '';
  return `${items.length} items selected: ${names.join(', ')}${more}.`;
}
