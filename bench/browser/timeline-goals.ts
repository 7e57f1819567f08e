/**
 * The timeline's speed goals as bench:timeline grades them, shared by the benches
 * that measure the timeline's gestures: bench:timeline, and bench:words on the clean-up's result.
 */
import { fmt } from './fmt.ts';
import type { GestureFigures } from './gesture-window.ts';

/** One display frame: the floor of rAF gaps. */
export const FRAME_MS = 1000 / 60;
/** The issue's goals. A rAF gap of one frame measures 16.7 ms ± timer jitter: 1 ms allowed. */
export const JITTER_MS = 1;
export interface FrameGoal {
  p95Ms: number;
  presentedPerSecond: number;
  longestLoafMs?: number;
}
export const GOALS: {
  small: FrameGoal;
  large: FrameGoal;
  groupCommitMs: number;
  editSettleMs: number;
} = {
  small: { p95Ms: FRAME_MS, presentedPerSecond: 55, longestLoafMs: 50 },
  large: { p95Ms: 1000 / 30, presentedPerSecond: 30 },
  groupCommitMs: 500,
  // Adding, splitting and undoing settle ("Revision N") within 300 ms (at 1,000 items).
  editSettleMs: 300,
};
/** The gestures the frame goals apply to. */
export const SMOOTH_GESTURES = new Set(['drag', 'marquee', 'zoom', 'scroll', 'group drag']);
/**
 * Gestures whose input leaves frames with nothing new to show (a drag holding on snaps): the rAF
 * p95 and long-animation-frame goals apply, not frames presented a second.
 */
export const HELD_GESTURES = new Set(['snapped drag']);
/**
 * The editing gestures graded at 1,000 items only (the issue's goals): playback for ten seconds
 * and a drag on the preview against the small frame goals, and the edits' settle times.
 */
export const EDITING_FRAME_GESTURES = new Set(['playback', 'preview drag', 'split resize']);
export const EDITING_SETTLE_GESTURES = new Set(['add text', 'split', 'undo split']);

/** The frame goal of a timeline of this many items. */
export const frameGoalAt = (items: number): FrameGoal =>
  items >= 10_000 ? GOALS.large : GOALS.small;

/**
 * The longest animation frame a gesture on Cutroom's timeline of this many items may have, when
 * that gesture has such a goal.
 */
export function longestLoafGoal(items: number, gesture: string): number | undefined {
  const graded =
    SMOOTH_GESTURES.has(gesture) ||
    HELD_GESTURES.has(gesture) ||
    (EDITING_FRAME_GESTURES.has(gesture) && items <= 1000);
  return graded ? frameGoalAt(items).longestLoafMs : undefined;
}

/** The frame goal in words, as the benches print it beside the figures. */
export function frameGoalText(goal: FrameGoal): string {
  return `p95 ≤ ${fmt(goal.p95Ms)} ms (+ ${JITTER_MS} ms jitter), ≥ ${goal.presentedPerSecond} presented/s${goal.longestLoafMs === undefined ? '' : `, no LoAF over ${goal.longestLoafMs} ms`}`;
}

/**
 * How a gesture's figures miss a frame goal, one line a miss, each led by `where`: its rAF p95
 * (unless `p95` is false), frames presented a second (unless `presented` is false) and longest
 * animation frame. `ceiling` follows the first two (the machine's, when measured).
 */
export function frameGoalMisses(
  where: string,
  g: Pick<GestureFigures, 'p95' | 'presentedPerSecond' | 'longestLoafMs'>,
  goal: FrameGoal,
  options: { p95?: boolean; presented?: boolean; ceiling?: string } = {},
): string[] {
  const misses: string[] = [];
  const ceiling = options.ceiling ?? '';
  if (options.p95 !== false && g.p95 > goal.p95Ms + JITTER_MS)
    misses.push(
      `${where}: p95 frame ${fmt(g.p95)} ms (goal ≤ ${fmt(goal.p95Ms)} + ${JITTER_MS} ms jitter)${ceiling}`,
    );
  if (options.presented !== false && !(g.presentedPerSecond >= goal.presentedPerSecond))
    misses.push(
      `${where}: ${fmt(g.presentedPerSecond)} frames presented a second (goal ≥ ${goal.presentedPerSecond})${ceiling}`,
    );
  if (goal.longestLoafMs !== undefined && g.longestLoafMs > goal.longestLoafMs)
    misses.push(
      `${where}: a long animation frame of ${fmt(g.longestLoafMs)} ms (goal: none over ${goal.longestLoafMs} ms)`,
    );
  return misses;
}

/** How a group move and its undo miss their commit goal (graded at 1,000 items, as bench:timeline does). */
export function groupCommitMisses(items: number, group: GestureFigures | undefined): string[] {
  if (items > 1000 || !group) return [];
  const misses: string[] = [];
  if (!(group.commitMs! <= GOALS.groupCommitMs))
    misses.push(
      `${items} items: the group move committed in ${fmt(group.commitMs!, 0)} ms (goal ≤ ${GOALS.groupCommitMs})`,
    );
  if (!(group.undoMs! <= GOALS.groupCommitMs))
    misses.push(
      `${items} items: its undo committed in ${fmt(group.undoMs!, 0)} ms (goal ≤ ${GOALS.groupCommitMs})`,
    );
  return misses;
}
