/**
 * The inspector beside the canvas: numeric fields that edit the selection through the same
 * commands as the pointer and the shortcuts (the keyboard path for everything the canvas does).
 */
import { useId, useState } from 'react';
import { Button } from '@/components/button.tsx';
import {
  addZoomEffect,
  setDuration,
  setEnd,
  setLayer,
  setStart,
  setTrimIn,
  setTrimOut,
  type Command,
  type CommandOutcome,
} from '../model/commands.ts';
import { groupBounds, lockedLayerOf, lockedReason } from '../model/group-move.ts';
import { isLocked, layerAccepts } from '../model/layer-rules.ts';
import type { TimelineIndex } from '../model/timeline-index.ts';
import { NumberField } from '@/components/number-field.tsx';
import { TYPE_STYLE } from './timeline-drawing.ts';

export type RunCommand = <A>(command: Command<A>, args: A) => CommandOutcome;

const reasonOf = (outcome: CommandOutcome): string | null =>
  outcome.type === 'noop' ? outcome.reason : null;

export function TimelineInspector({
  index,
  selection,
  busy,
  run,
}: {
  index: TimelineIndex;
  selection: ReadonlySet<string>;
  busy: boolean;
  run: RunCommand;
}) {
  const headingId = useId();
  const refs = [...selection].map((id) => index.byId.get(id)).filter((ref) => ref !== undefined);
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-base font-semibold">
        Inspector
      </h2>
      {refs.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nothing selected. Click an item, drag a box around several, or focus the canvas and press{' '}
          <kbd>]</kbd> to select the next item.
        </p>
      ) : refs.length === 1 ? (
        <SingleItem index={index} itemId={refs[0]!.item.id} busy={busy} run={run} />
      ) : (
        <Group index={index} ids={refs.map((ref) => ref.item.id)} busy={busy} run={run} />
      )}
      {refs.length > 0 ? <ZoomEffect count={refs.length} busy={busy} run={run} /> : null}
    </section>
  );
}

/** What every part of the inspector gets: the timeline, the selection and the command runner. */
interface SelectionProps {
  index: TimelineIndex;
  ids: string[];
  busy: boolean;
  run: RunCommand;
}

function LayerSelect({ index, ids, busy, run }: SelectionProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const rows = new Set(ids.map((itemId) => index.byId.get(itemId)!.row));
  const current = rows.size === 1 ? index.rows[[...rows][0]!]!.layer.index : null;
  const types = new Set(ids.map((itemId) => index.byId.get(itemId)!.item.type));
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        Layer
      </label>
      <select
        id={id}
        value={current ?? ''}
        disabled={busy || current === null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) =>
          setError(reasonOf(run(setLayer, { layerIndex: Number(event.target.value) })))
        }
        className="rounded-md border border-slate-300 px-2 py-1 text-sm disabled:bg-slate-100"
      >
        {current === null ? <option value="">Several layers</option> : null}
        {index.rows.map((row) => (
          <option
            key={row.layer.index}
            value={row.layer.index}
            disabled={
              isLocked(row.layer) || ![...types].every((type) => layerAccepts(row.layer.kind, type))
            }
          >
            {row.layer.name} ({row.layer.kind}
            {isLocked(row.layer) ? ', locked' : ''})
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function LockedNote({ index, ids }: { index: TimelineIndex; ids: readonly string[] }) {
  const locked = lockedLayerOf(index, ids);
  return locked ? (
    <p className="rounded-md bg-slate-100 p-2 text-xs text-slate-700">{lockedReason(locked)}</p>
  ) : null;
}

function SingleItem({
  index,
  itemId,
  busy,
  run,
}: {
  index: TimelineIndex;
  itemId: string;
  busy: boolean;
  run: RunCommand;
}) {
  const { item } = index.byId.get(itemId)!;
  const hasSource = item.source_start_seconds !== null && item.source_end_seconds !== null;
  // Items on a locked layer cannot be moved or trimmed: the fields show the values, read-only.
  const off = busy || lockedLayerOf(index, [itemId]) !== null;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <p className="font-medium text-slate-900">{item.name}</p>
        <p className="text-xs text-slate-600">
          {TYPE_STYLE[item.type].label}
          {item.text ? ` · “${item.text}”` : ''}
          {item.effects.length
            ? ` · effects: ${item.effects.map((effect) => effect.effect_type).join(', ')}`
            : ''}
        </p>
      </div>
      <LockedNote index={index} ids={[itemId]} />
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          label="Start (s)"
          value={item.start_seconds}
          min={0}
          disabled={off}
          commit={(seconds) => reasonOf(run(setStart, { seconds }))}
        />
        <NumberField
          label="End (s)"
          value={item.end_seconds}
          min={0}
          disabled={off}
          commit={(seconds) => reasonOf(run(setEnd, { seconds }))}
        />
        <NumberField
          label="Duration (s)"
          value={Number((item.end_seconds - item.start_seconds).toFixed(3))}
          min={0}
          disabled={off}
          commit={(seconds) => reasonOf(run(setDuration, { seconds }))}
        />
        <LayerSelect index={index} ids={[itemId]} busy={off} run={run} />
        <NumberField
          label="Trim in: source start (s)"
          value={item.source_start_seconds}
          min={0}
          disabled={off || !hasSource}
          hint={hasSource ? undefined : 'No source media'}
          commit={(seconds) => reasonOf(run(setTrimIn, { seconds }))}
        />
        <NumberField
          label="Trim out: source end (s)"
          value={item.source_end_seconds}
          min={0}
          disabled={off || !hasSource}
          hint={hasSource ? undefined : 'No source media'}
          commit={(seconds) => reasonOf(run(setTrimOut, { seconds }))}
        />
      </div>
    </div>
  );
}

function Group({ index, ids, busy, run }: SelectionProps) {
  const bounds = groupBounds(index, ids)!;
  const off = busy || lockedLayerOf(index, ids) !== null;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-800">
        <strong>{ids.length} items</strong> selected, {Number(bounds.start.toFixed(3))} s to{' '}
        {Number(bounds.end.toFixed(3))} s. They move together.
      </p>
      <LockedNote index={index} ids={ids} />
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          label="Group start (s)"
          value={bounds.start}
          min={0}
          disabled={off}
          commit={(seconds) => reasonOf(run(setStart, { seconds }))}
        />
        <LayerSelect index={index} ids={ids} busy={off} run={run} />
      </div>
      <p className="text-xs text-slate-600">
        Select one item to edit its end, duration and trims, or drag the handles of any selected
        item to trim them all.
      </p>
    </div>
  );
}

function ZoomEffect({ count, busy, run }: { count: number; busy: boolean; run: RunCommand }) {
  const [scale, setScale] = useState(1.5);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex items-end gap-2 border-t border-slate-200 pt-3">
      <div className="w-28">
        <NumberField
          label="Zoom scale"
          value={scale}
          min={1}
          max={4}
          step={0.1}
          disabled={busy}
          commit={(value) => {
            if (value < 1 || value > 4) return 'Between 1 and 4.';
            setScale(value);
            return null;
          }}
        />
      </div>
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => setError(reasonOf(run(addZoomEffect, { zoomScale: scale })))}
      >
        Add zoom effect{count > 1 ? ` to ${count}` : ''}
      </Button>
      {error ? <p className="text-xs text-red-700">{error}</p> : null}
    </div>
  );
}
