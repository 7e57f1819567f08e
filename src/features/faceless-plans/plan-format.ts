/** Words and numbers of the plan review: seconds, credits, lists of scenes. */

const credits = new Intl.NumberFormat('en');

export function formatCredits(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return '—';
  return `${credits.format(value)} ${Math.abs(value) === 1 ? 'credit' : 'credits'}`;
}

/** Runs of consecutive numbers: [1,2,3,5] → ['1–3', '5']. */
function runs(numbers: number[]): string[] {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const out: string[] = [];
  let start = sorted[0];
  let previous = start;
  for (const value of [...sorted.slice(1), Number.NaN]) {
    if (start === undefined || previous === undefined) break;
    if (value === previous + 1) {
      previous = value;
      continue;
    }
    out.push(
      previous - start >= 2
        ? `${start}–${previous}`
        : start === previous
          ? `${start}`
          : `${start}, ${previous}`,
    );
    start = value;
    previous = value;
  }
  return out;
}

/** Scene indexes (0-based) as people count them: "scene 2", "scenes 1, 3 and 4", "scenes 1–200". */
export function formatSceneList(indexes: readonly number[]): string {
  const unique = [...new Set(indexes)];
  if (unique.length === 0) return 'no scenes';
  const parts = runs(unique.map((index) => index + 1))
    .join(', ')
    .split(', ');
  const noun = unique.length === 1 ? 'scene' : 'scenes';
  if (parts.length === 1) return `${noun} ${parts[0]}`;
  return `${noun} ${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** "The style anchor regenerates scenes 1, 3 and 4: 120 credits". */
export function dependencySentence(
  label: string,
  sceneIndexes: readonly number[] | undefined,
  regenerationCredits: number | undefined,
): string {
  const scenes = sceneIndexes ?? [];
  const what =
    scenes.length > 0 ? `regenerates ${formatSceneList(scenes)}` : 'regenerates no scenes';
  return `${label} ${what}: ${formatCredits(regenerationCredits ?? 0)}`;
}

/** Where a span sits on the bar of the whole plan, in percent. */
export function spanPercent(
  start: number | undefined,
  end: number | undefined,
  total: number,
): { left: number; width: number } {
  if (!(total > 0)) return { left: 0, width: 0 };
  const from = Math.min(Math.max(start ?? 0, 0), total);
  const to = Math.min(Math.max(end ?? from, from), total);
  return { left: (from / total) * 100, width: ((to - from) / total) * 100 };
}
