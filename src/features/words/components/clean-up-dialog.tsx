/**
 * The clean-up: every filler word and long pause found, with its context and time, before
 * anything changes. Each can be unticked, played (a second around it) and jumped to; the filler
 * list, the pause threshold and target are editable (remembered on this device). The stretches it
 * would take out are shown on the timeline, and the service's preview counts them. Apply is one
 * request and one undo step; what was unticked is kept on purpose (not listed again).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Dialog } from '@/components/dialog.tsx';
import { Button } from '@/editor-kit/controls/button.tsx';
import { NumberField } from '@/editor-kit/controls/number-field.tsx';
import { marksFor } from '@/playback/marks.ts';
import { transportFor } from '@/playback/transport.ts';
import { postTimelineBatch } from '@/api/timeline.ts';
import { describeError } from '@/api/api-error.ts';
import type { TimelineBatchApplyResult } from '@/api/schema.gen.ts';
import { formatDuration } from '@/lib/format.ts';
import {
  cleanUpTargets,
  describeCleanUp,
  findOccurrences,
  type CleanUpSettings,
  type Occurrence,
} from '../model/clean-up.ts';
import { formatSeconds } from '../model/frames.ts';
import type { Transcript, WordsDocument } from '../model/transcript.ts';
import {
  describeLocked,
  describePlan,
  planChange,
  type WordsChange,
} from '../model/words-change.ts';
import { loadCleanUp, loadKept, saveCleanUp } from '../state/words-settings.ts';
import { PauseGlyph } from './pause-glyph.tsx';

/** How long the ticks rest before the service is asked for its preview (ms). */
const PREVIEW_DELAY = 400;

export function CleanUpDialog({
  projectId,
  doc,
  transcript,
  padSeconds,
  busy,
  onApply,
  onClose,
}: {
  projectId: string;
  doc: WordsDocument;
  transcript: Transcript;
  padSeconds: number;
  busy: boolean;
  /** `kept`: the occurrences kept on purpose from now on (saved once the change is applied). */
  onApply(change: WordsChange, kept: ReadonlySet<string>): void;
  onClose(): void;
}) {
  const [settings, setSettings] = useState<CleanUpSettings>(loadCleanUp);
  const [showKept, setShowKept] = useState(false);
  const [kept] = useState(() => loadKept(projectId));
  const findings = useMemo(
    () => timedFind(transcript, settings, showKept ? new Set() : kept),
    [transcript, settings, kept, showKept],
  );
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [skipLocked, setSkipLocked] = useState(false);
  const ticked = useMemo(
    () => new Set(findings.occurrences.map((o) => o.key).filter((key) => !unticked.has(key))),
    [findings, unticked],
  );
  const fillers = findings.occurrences.filter(
    (o) => o.kind === 'filler' && ticked.has(o.key),
  ).length;
  const pauses = findings.occurrences.filter((o) => o.kind === 'pause' && ticked.has(o.key)).length;
  const summary = describeCleanUp(fillers, pauses);
  const base: WordsChange | null = useMemo(() => {
    if (ticked.size === 0) return null;
    return {
      kind: 'cut',
      label: summary,
      targets: cleanUpTargets(transcript, findings.occurrences, ticked, settings, padSeconds),
      skipLayers: [],
      cleanUp: { fillers, pauses },
    };
  }, [ticked, transcript, findings, settings, padSeconds, summary, fillers, pauses]);
  const change = useMemo((): WordsChange | null => {
    const locked = base ? planChange(doc, base).locked : [];
    return base && base.kind === 'cut' && skipLocked && locked.length > 0
      ? { ...base, skipLayers: [...new Set(locked.map((conflict) => conflict.layerIndex))] }
      : base;
  }, [doc, base, skipLocked]);
  const planned = useMemo(() => (change ? planChange(doc, change) : null), [doc, change]);

  // The band on the timeline: what Apply would take out.
  useEffect(() => {
    const marks = marksFor(projectId);
    marks.setState({
      pendingCut: planned?.stretches ?? [],
      pendingLabel: planned ? `${summary}: ${formatSeconds(planned.seconds)}` : null,
    });
  }, [projectId, planned, summary]);
  useEffect(
    () => () => marksFor(projectId).setState({ pendingCut: [], pendingLabel: null }),
    [projectId],
  );

  // The service's preview of the batch, once the ticks rest.
  const [preview, setPreview] = useState<{
    change: WordsChange;
    result: TimelineBatchApplyResult | null;
    error: string | null;
  } | null>(null);
  useEffect(() => {
    if (!change || !planned || planned.locked.length > 0 || planned.problem) return;
    let live = true;
    const timer = setTimeout(() => {
      postTimelineBatch(projectId, planned.ops, doc.timeline.revision, { dryRun: true }).then(
        (result) => live && setPreview({ change, result, error: null }),
        (error: unknown) =>
          live && setPreview({ change, result: null, error: describeError(error).detail }),
      );
    }, PREVIEW_DELAY);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [projectId, change, planned, doc.timeline.revision]);
  const shownPreview = preview && preview.change === change ? preview : null;

  const update = (next: CleanUpSettings) => {
    setSettings(next);
    saveCleanUp(next);
  };
  const toggle = (key: string) =>
    setUnticked((old) => {
      const next = new Set(old);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const refusal = planned?.locked.length
    ? describeLocked(planned.locked)
    : (planned?.problem ?? null);
  const listRef = useRef<HTMLUListElement>(null);

  return (
    <Dialog title="Clean up fillers and pauses" onClose={onClose}>
      <div className="flex max-h-[70vh] w-full flex-col gap-3 text-sm">
        <CleanUpSettingsFields settings={settings} onChange={update} />
        <p role="status" className="font-medium">
          {findings.occurrences.length === 0
            ? 'Nothing to clean up: no filler words, no pauses over the threshold.'
            : `Found ${findings.fillers} ${findings.fillers === 1 ? 'filler' : 'fillers'} and ${findings.pauses} ${findings.pauses === 1 ? 'pause' : 'pauses'}.`}
          {findings.ignored > 0
            ? ` ${findings.ignored} kept on purpose earlier are not listed.`
            : ''}
        </p>
        {kept.size > 0 ? (
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={showKept}
              onChange={(event) => setShowKept(event.target.checked)}
            />
            List the ones kept on purpose earlier too
          </label>
        ) : null}
        {findings.occurrences.length > 0 ? (
          <div className="flex gap-2">
            <Button variant="ghost" onClick={() => setUnticked(new Set())}>
              Tick all
            </Button>
            <Button
              variant="ghost"
              onClick={() => setUnticked(new Set(findings.occurrences.map((o) => o.key)))}
            >
              Untick all
            </Button>
          </div>
        ) : null}
        <ul
          ref={listRef}
          aria-label="Occurrences"
          className="min-h-0 flex-1 overflow-y-auto rounded border border-slate-200"
        >
          {findings.occurrences.map((occurrence) => (
            <OccurrenceRow
              key={occurrence.key}
              occurrence={occurrence}
              ticked={ticked.has(occurrence.key)}
              settings={settings}
              onToggle={() => toggle(occurrence.key)}
              onPlay={() =>
                transportFor(projectId).playRange(occurrence.start - 0.5, occurrence.end + 0.5)
              }
              onJump={() => transportFor(projectId).seek(occurrence.start, 'words')}
            />
          ))}
        </ul>
        {refusal ? (
          <div
            role="alert"
            className="rounded border border-amber-300 bg-amber-50 p-2 text-amber-950"
          >
            <p>{refusal}</p>
            {planned?.locked.length ? (
              <label className="mt-1 flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={skipLocked}
                  onChange={(event) => setSkipLocked(event.target.checked)}
                />
                Leave the locked layers as they are
              </label>
            ) : null}
          </div>
        ) : null}
        {planned && !refusal ? (
          <p>
            {shownPreview?.result
              ? previewLine(shownPreview.result, planned.seconds)
              : shownPreview?.error
                ? `${describePlan(planned, 'cut')} (Cutroom’s own plan: the service could not preview it: ${shownPreview.error})`
                : `${describePlan(planned, 'cut')}. Checking with the service…`}
          </p>
        ) : null}
        {planned?.leaves.length ? (
          <ul className="list-disc pl-5 text-amber-900">
            {planned.leaves.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!change || !!refusal || busy}
            onClick={() => {
              if (!change) return;
              const keptNow = new Set(kept);
              for (const key of unticked) keptNow.add(key);
              onApply(change, keptNow);
            }}
          >
            {change ? describeCleanUp(fillers, pauses, false) : 'Nothing ticked'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The find as a user timing (DevTools' Timings track, bench:words): it runs on every word. */
function timedFind(
  ...args: Parameters<typeof findOccurrences>
): ReturnType<typeof findOccurrences> {
  const started = performance.now();
  const found = findOccurrences(...args);
  performance.measure('words: find fillers and pauses', { start: started });
  return found;
}

function previewLine(result: TimelineBatchApplyResult, seconds: number): string {
  const ids = (operation: string) =>
    new Set(
      result.results.filter((r) => r.operation_id === operation).map((r) => r.timeline_item_id),
    ).size;
  const words = result.results.reduce((sum, r) => sum + r.removed_caption_word_count, 0);
  return `${formatSeconds(seconds)} shorter: ${ids('timeline.item.split')} items split, ${result.deleted_timeline_item_ids.length} removed, ${ids('timeline.item.move')} moved, ${words} caption words removed (the service’s preview).`;
}

function OccurrenceRow({
  occurrence,
  ticked,
  settings,
  onToggle,
  onPlay,
  onJump,
}: {
  occurrence: Occurrence;
  ticked: boolean;
  settings: CleanUpSettings;
  onToggle(): void;
  onPlay(): void;
  onJump(): void;
}) {
  const what =
    occurrence.kind === 'filler'
      ? `“${occurrence.text}”`
      : `Pause of ${formatSeconds(occurrence.seconds)} → ${formatSeconds(settings.targetSeconds)}`;
  const label = `${what} at ${formatDuration(occurrence.start)}`;
  return (
    <li className="flex items-center gap-2 border-b border-slate-100 px-2 py-1 last:border-b-0">
      <input type="checkbox" aria-label={label} checked={ticked} onChange={onToggle} />
      <span className="min-w-0 flex-1">
        <span className="text-slate-500">…{occurrence.context.before} </span>
        <mark className={ticked ? 'bg-rose-100 text-rose-900' : 'bg-slate-100'}>
          {occurrence.kind === 'filler' ? (
            occurrence.text
          ) : (
            <>
              <PauseGlyph /> {formatSeconds(occurrence.seconds)}
            </>
          )}
        </mark>
        <span className="text-slate-500"> {occurrence.context.after}…</span>
      </span>
      <Button variant="ghost" aria-label={`Play ${label}`} onClick={onPlay}>
        Play
      </Button>
      <Button variant="ghost" aria-label={`Go to ${label}`} onClick={onJump}>
        {formatDuration(occurrence.start)}
      </Button>
    </li>
  );
}

function CleanUpSettingsFields({
  settings,
  onChange,
}: {
  settings: CleanUpSettings;
  onChange(next: CleanUpSettings): void;
}) {
  const [adding, setAdding] = useState('');
  const add = () => {
    const text = adding.trim().replace(/\s+/g, ' ');
    if (!text || settings.fillers.some((f) => f.text.toLowerCase() === text.toLowerCase())) return;
    onChange({ ...settings, fillers: [...settings.fillers, { text, on: true }] });
    setAdding('');
  };
  return (
    <details className="rounded border border-slate-200 p-2">
      <summary className="cursor-pointer font-medium">What to look for</summary>
      <fieldset className="mt-2">
        <legend className="font-medium">Filler words (whole words, any case)</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {settings.fillers.map((filler, i) => (
            <span key={filler.text} className="flex items-center gap-1">
              <label className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={filler.on}
                  onChange={(event) =>
                    onChange({
                      ...settings,
                      fillers: settings.fillers.map((f, j) =>
                        j === i ? { ...f, on: event.target.checked } : f,
                      ),
                    })
                  }
                />
                {filler.text}
              </label>
              <button
                type="button"
                aria-label={`Remove “${filler.text}” from the list`}
                className="rounded px-1 text-slate-500 hover:bg-slate-100"
                onClick={() =>
                  onChange({ ...settings, fillers: settings.fillers.filter((_, j) => j !== i) })
                }
              >
                ×
              </button>
            </span>
          ))}
        </div>
        <div className="mt-2 flex items-end gap-2">
          <label className="flex flex-col">
            <span>Add a word or phrase</span>
            <input
              className="rounded border border-slate-300 px-2 py-1"
              value={adding}
              onChange={(event) => setAdding(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  add();
                }
              }}
            />
          </label>
          <Button variant="secondary" onClick={add} disabled={!adding.trim()}>
            Add
          </Button>
        </div>
      </fieldset>
      <div className="mt-2 flex flex-wrap gap-4">
        <SecondsInput
          label="Pauses longer than (s)"
          value={settings.thresholdSeconds}
          min={0.1}
          onChange={(thresholdSeconds) => onChange({ ...settings, thresholdSeconds })}
        />
        <SecondsInput
          label="Shorten them to (s)"
          value={settings.targetSeconds}
          min={0}
          onChange={(targetSeconds) => onChange({ ...settings, targetSeconds })}
        />
        <label className="flex items-center gap-2 self-end">
          <input
            type="checkbox"
            checked={settings.includeEdges}
            onChange={(event) => onChange({ ...settings, includeEdges: event.target.checked })}
          />
          Also the silence before the first word and after the last
        </label>
      </div>
    </details>
  );
}

function SecondsInput({
  label,
  value,
  min,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  onChange(value: number): void;
}) {
  return (
    <div className="w-44">
      <NumberField
        label={label}
        value={value}
        min={min}
        max={10}
        step={0.05}
        commit={(seconds) => {
          if (seconds < min || seconds > 10) return `Between ${min} and 10 s.`;
          onChange(seconds);
          return null;
        }}
      />
    </div>
  );
}
