/**
 * Everything a confirmed delete takes with it, counted as people act on it: the heading, the
 * number to type and the button all count the selected items and, with the cascade options on,
 * the linked projects and the generated clips that go too.
 */
import type { CascadeFlags, DeletionTarget, PlanSnapshot } from '@/shared-rules/deletion-plan.ts';

export interface BlastRadius {
  /** Everything that goes: the number to type. */
  total: number;
  /** “5 assets, 8 projects and 9 clips”. */
  words: string;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function blastRadius(
  kind: DeletionTarget['kind'],
  snapshot: Pick<PlanSnapshot, 'selected' | 'linkedProjectIds' | 'generatedClipCount'>,
  flags: CascadeFlags,
): BlastRadius {
  const selected = snapshot.selected.length;
  const parts = [
    kind === 'projects'
      ? count(selected, 'project', 'projects')
      : count(selected, 'asset', 'assets'),
  ];
  let total = selected;
  // Emptying a folder never cascades (the options are not offered for it).
  if (kind !== 'folder') {
    const projects =
      kind === 'assets' && flags.deleteLinkedProjects ? snapshot.linkedProjectIds.length : 0;
    const clips = flags.deleteGeneratedClips ? snapshot.generatedClipCount : 0;
    if (projects > 0) parts.push(count(projects, 'project', 'projects'));
    if (clips > 0) parts.push(count(clips, 'clip', 'clips'));
    total += projects + clips;
  }
  const words =
    parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return { total, words };
}
