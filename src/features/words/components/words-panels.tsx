/**
 * What the Words editor shows around the transcript: the refusal of a cut over a locked layer
 * (with going on without it), the review of a held cut or restore (the service's preview and its
 * counts, what it leaves), and the cut list (every cut with its time, restorable).
 */
import { useEffect, useRef } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import type { TimelineBatchApplyResult } from '@/api/schema.gen.ts';
import { formatDuration } from '@/lib/format.ts';
import type { LockedConflict } from '../model/cut-plan.ts';
import type { CutRecord } from '../model/cut-record.ts';
import { formatSeconds } from '../model/frames.ts';
import { describeLocked, describePlan, type WordsChange } from '../model/words-change.ts';
import type { WordsReview } from '../state/create-words-editor.ts';

/** A cut refused before sending: the locked layers it would change, and the way on. */
export function LockedPrompt({
  locked,
  onGoOn,
  onCancel,
}: {
  locked: readonly LockedConflict[];
  onGoOn(): void;
  onCancel(): void;
}) {
  const layers = [
    ...new Map(locked.map((conflict) => [conflict.layerIndex, conflict.layerName])).values(),
  ];
  const root = useRef<HTMLElement>(null);
  useEffect(() => root.current?.querySelector('button')?.focus(), []);
  return (
    <section
      ref={root}
      role="alert"
      aria-label="Cut refused"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <h2 className="font-semibold">Not cut: a locked layer is in the way</h2>
      <p className="mt-1">{describeLocked(locked)}</p>
      {locked.length > 1 ? (
        <ul className="mt-1 list-disc pl-5">
          {locked.slice(0, 6).map((conflict) => (
            <li key={conflict.itemId}>
              “{conflict.itemName}” on “{conflict.layerName}” would be {conflict.effect}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onGoOn}>
          Cut without touching {layers.map((name) => `“${name}”`).join(', ')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

const count = (value: number, word: string) => `${value} ${word}${value === 1 ? '' : 's'}`;

/** The service's counts from its preview of the batch. */
function previewCounts(preview: TimelineBatchApplyResult) {
  const byOperation = (id: string) =>
    new Set(preview.results.filter((r) => r.operation_id === id).map((r) => r.timeline_item_id));
  return {
    split: byOperation('timeline.item.split').size,
    removed: preview.deleted_timeline_item_ids.length,
    moved: byOperation('timeline.item.move').size,
    words: preview.results.reduce((sum, result) => sum + result.removed_caption_word_count, 0),
    restored: byOperation('timeline.item.restore').size,
  };
}

/** A cut or restore held for review: its effect, counted by the service's preview, then apply. */
export function ChangeReview({
  change,
  review,
  onApply,
  onCancel,
}: {
  change: WordsChange;
  review: WordsReview;
  onApply(): void;
  onCancel(): void;
}) {
  const { planned, preview } = review;
  const root = useRef<HTMLElement>(null);
  // The way on is one key away: Enter applies, Escape (the list's) or Cancel drops it.
  useEffect(() => root.current?.querySelector('button')?.focus(), []);
  const counts = preview ? previewCounts(preview) : null;
  // The words a cut removes are its point, not a warning.
  const warnings = (preview?.warnings ?? []).filter(
    (warning) => !/caption word\(s\) would be removed/.test(warning),
  );
  const isCut = change.kind === 'cut';
  const title = isCut
    ? `Cut ${formatSeconds(planned.seconds)}?`
    : `Put back ${formatSeconds(planned.seconds)}?`;
  return (
    <section
      ref={root}
      aria-label="Review the change"
      className="rounded-lg border border-indigo-200 bg-indigo-50 p-3 text-sm text-indigo-950"
    >
      <h2 className="font-semibold">{title}</h2>
      <p className="mt-1">{change.label}</p>
      {counts ? (
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
          {isCut ? (
            <>
              <Figure term="Items split" value={counts.split} />
              <Figure term="Items removed" value={counts.removed} />
              <Figure term="Items moved" value={counts.moved} />
              <Figure term="Caption words removed" value={counts.words} />
            </>
          ) : (
            <>
              <Figure term="Parts put back" value={counts.restored} />
              <Figure term="Items split" value={counts.split} />
              <Figure term="Items moved" value={counts.moved} />
            </>
          )}
        </dl>
      ) : (
        <p className="mt-1">{describePlan(planned, change.kind)}.</p>
      )}
      {review.previewError ? <p className="mt-1 text-amber-800">{review.previewError}</p> : null}
      {planned.leaves.length > 0 ? (
        <div className="mt-2">
          <h3 className="font-medium">Left as it is</h3>
          <ul className="list-disc pl-5">
            {planned.leaves.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {warnings.length > 0 ? (
        <p className="mt-1 text-amber-800">The service says: {warnings.slice(0, 3).join(' ')}</p>
      ) : null}
      <div className="mt-2 flex gap-2">
        <Button onClick={onApply}>
          {isCut
            ? `Cut ${formatSeconds(planned.seconds)}`
            : `Put back ${formatSeconds(planned.seconds)}`}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </section>
  );
}

function Figure({ term, value }: { term: string; value: number }) {
  return (
    <div>
      <dt className="text-xs text-indigo-800">{term}</dt>
      <dd className="font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** Every cut of the project that can be restored, in timeline order, with where it is now. */
export function CutList({
  cuts,
  places,
  busy,
  onRestore,
  onShow,
  error,
}: {
  cuts: readonly CutRecord[];
  /** Where each cut is now (seconds), or null when its place is lost. */
  places: ReadonlyMap<string, number | null>;
  busy: boolean;
  onRestore(cut: CutRecord): void;
  onShow(cut: CutRecord): void;
  error: string | null;
}) {
  const total = cuts.reduce((sum, cut) => sum + cut.seconds, 0);
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-2 text-sm">
      <summary className="cursor-pointer font-medium">
        Cut list ({count(cuts.length, 'cut')}
        {cuts.length > 0 ? `, ${formatSeconds(total)}` : ''})
      </summary>
      {error ? (
        <p role="alert" className="mt-1 text-red-800">
          {error}
        </p>
      ) : null}
      {cuts.length === 0 ? (
        <p className="mt-1 text-slate-600">
          Nothing has been cut by words yet. Cut words stay listed here and can be put back later.
        </p>
      ) : (
        <ul className="mt-1 max-h-48 overflow-y-auto">
          {cuts.map((cut) => {
            const place = places.get(cut.id) ?? null;
            const what = cut.text ? `“${cut.text}”` : 'a pause';
            return (
              <li key={cut.id} className="flex items-center gap-2 border-t border-slate-100 py-1">
                <span className="min-w-0 flex-1 truncate">
                  <s className="text-slate-600">{cut.text || 'pause'}</s>{' '}
                  <span className="text-slate-500">
                    {formatSeconds(cut.seconds)}
                    {place !== null ? ` at ${formatDuration(place)}` : ', its place is lost'}
                  </span>
                </span>
                <Button
                  variant="ghost"
                  disabled={place === null}
                  onClick={() => onShow(cut)}
                  aria-label={`Go to the cut of ${what}`}
                >
                  Go to
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy || place === null}
                  onClick={() => onRestore(cut)}
                  aria-label={`Restore ${what}`}
                >
                  Restore
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </details>
  );
}
