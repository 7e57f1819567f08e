/** The words of a queue row: credits, scenes, QA verdicts. */
import { formatNumber } from '@/lib/format.ts';
import type { QaConcerns } from './qa-concerns.ts';

export function creditsText(value: number): string {
  return `${formatNumber(value)} ${Math.abs(value) === 1 ? 'credit' : 'credits'}`;
}

/** 0-based scene indexes as people count them: "scene 3", "scenes 1, 3 and 4". */
export function sceneList(indexes: readonly number[]): string {
  const numbers = [...new Set(indexes)].sort((a, b) => a - b).map((index) => index + 1);
  if (numbers.length <= 1) return `scene ${numbers[0] ?? '—'}`;
  return `scenes ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}

/** Listed up to this many scenes; beyond, counted (the storyboard shows which). */
const LISTED_SCENES = 5;

const scenesOf = (indexes: readonly number[]) =>
  indexes.length > LISTED_SCENES ? `${indexes.length} scenes` : sceneList(indexes);

/** "QA failed on scene 4; low confidence on scenes 1 and 3", or null when QA has no concern. */
export function qaWords(qa: QaConcerns): string | null {
  const parts = [
    qa.failed.length ? `QA failed on ${scenesOf(qa.failed)}` : '',
    qa.lowConfidence.length ? `low confidence on ${scenesOf(qa.lowConfidence)}` : '',
  ].filter(Boolean);
  if (parts.length === 0) return null;
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
