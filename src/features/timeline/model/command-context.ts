/**
 * What every timeline command reads: the command context (the document's index and the editor's
 * state that commands use), the command types, and the facts about the selection that the
 * toolbar, the inspector and the commands ask for, worked out once per selection. Apart from the
 * command table (commands.ts) so that command modules can share them without importing the table.
 */
import type { Command, Outcome } from '@/lib/editor/command.ts';
import type { History } from '@/lib/editor/history.ts';
import type { TextDefaults, TimelineState } from '../state/timeline-state.ts';
import { groupBounds, lockedLayerOf } from './group-move.ts';
import type { TimelineChange } from './timeline-change.ts';
import type { TimelineIndex } from './timeline-index.ts';
import type { Viewport } from './time-scale.ts';
import type { TimelineItemType } from './timeline-types.ts';

export interface CommandContext {
  index: TimelineIndex;
  fps: number;
  selection: ReadonlySet<string>;
  playhead: number;
  view: Viewport;
  history: History<TimelineChange>;
  playbackRate: number;
  clipboard: readonly string[] | null;
  mutedLayers: ReadonlySet<number>;
  soloLayers: ReadonlySet<number>;
  textDefaults: TextDefaults;
}

export type TimelineCommand<Args = void> = Command<
  CommandContext,
  TimelineState,
  TimelineChange,
  Args
>;
export type CommandOutcome = Outcome<TimelineState, TimelineChange>;

/** What the commands ask about the selection, worked out once per (timeline, selection). */
interface SelectionFacts {
  ids: readonly string[];
  locked: string | null;
  bounds: { start: number; end: number } | null;
  rows: ReadonlySet<number>;
  types: ReadonlySet<TimelineItemType>;
}

// Every command's canRun and field reads the selection on each render of the toolbar and the
// inspector: with 10,000 items selected, one pass instead of ~20 (the index and the selection are
// replaced, never mutated, so they key the cache).
const factsCache = new WeakMap<TimelineIndex, WeakMap<ReadonlySet<string>, SelectionFacts>>();

export function selectionFacts(
  index: TimelineIndex,
  selection: ReadonlySet<string>,
): SelectionFacts {
  let bySelection = factsCache.get(index);
  if (!bySelection) factsCache.set(index, (bySelection = new WeakMap()));
  const cached = bySelection.get(selection);
  if (cached) return cached;
  const ids: string[] = [];
  const rows = new Set<number>();
  const types = new Set<TimelineItemType>();
  for (const id of selection) {
    const ref = index.byId.get(id);
    if (!ref) continue;
    ids.push(id);
    rows.add(ref.row);
    types.add(ref.item.type);
  }
  const facts: SelectionFacts = {
    ids,
    locked: lockedLayerOf(index, ids),
    bounds: groupBounds(index, ids),
    rows,
    types,
  };
  bySelection.set(selection, facts);
  return facts;
}
