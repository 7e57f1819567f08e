/**
 * The inspector beside the canvas: the fields of the command table (start, end, duration, layer,
 * source trims) for the selection, and the zoom effect. They edit through the same commands as
 * the pointer and the shortcuts (the keyboard path for everything the canvas does).
 */
import { memo, useId, useState } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import { NumberField } from '@/editor-kit/controls/number-field.tsx';
import { CommandFields } from '@/editor-kit/react.tsx';
import { selectionFacts, type CommandContext } from '../model/command-context.ts';
import { addZoomEffect, INSPECTOR_COMMANDS } from '../model/commands.ts';
import { lockedReason } from '../model/group-move.ts';
import type { TimelineEditor } from '../state/create-timeline-editor.ts';
import { TextStyleFields } from './text-style-fields.tsx';
import { TYPE_STYLE } from './type-style.ts';

/** Memoised: while a pointer gesture holds its context (useEditorContext), the editor's renders skip it. */
export const TimelineInspector = memo(function TimelineInspector({
  editor,
  ctx,
  busy,
}: {
  editor: TimelineEditor;
  ctx: CommandContext;
  busy: boolean;
}) {
  const headingId = useId();
  const { index } = ctx;
  const { ids, locked, bounds } = selectionFacts(index, ctx.selection);
  const refs = ids.length === 1 ? [index.byId.get(ids[0]!)!] : [];
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id={headingId} className="text-base font-semibold">
        Inspector
      </h2>
      {ids.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nothing selected. Click an item, drag a box around several, or focus the canvas and press{' '}
          <kbd>]</kbd> to select the next item.
        </p>
      ) : (
        <>
          {refs.length === 1 ? (
            <div>
              <p className="font-medium text-slate-900">{refs[0]!.item.name}</p>
              <p className="text-xs text-slate-600">
                {TYPE_STYLE[refs[0]!.item.type].label}
                {refs[0]!.item.text ? ` · “${refs[0]!.item.text}”` : ''}
                {refs[0]!.item.effects.length
                  ? ` · effects: ${refs[0]!.item.effects.map((effect) => effect.effect_type).join(', ')}`
                  : ''}
              </p>
            </div>
          ) : (
            <GroupSummary count={ids.length} bounds={bounds!} />
          )}
          {locked ? (
            <p className="rounded-md bg-slate-100 p-2 text-xs text-slate-700">
              {lockedReason(locked)}
            </p>
          ) : null}
          <div className="grid grid-cols-2 gap-3">
            <CommandFields editor={editor} commands={INSPECTOR_COMMANDS} ctx={ctx} saving={busy} />
          </div>
          {ids.length > 1 ? (
            <p className="text-xs text-slate-600">
              Select one item to edit its end, duration and trims, or drag the handles of any
              selected item to trim them all.
            </p>
          ) : null}
          <TextStyleFields editor={editor} ctx={ctx} busy={busy} />
          <ZoomEffect editor={editor} count={ids.length} busy={busy} />
        </>
      )}
    </section>
  );
});

function GroupSummary({
  count,
  bounds,
}: {
  count: number;
  bounds: { start: number; end: number };
}) {
  return (
    <p className="text-sm text-slate-800">
      <strong>{count} items</strong> selected, {Number(bounds.start.toFixed(3))} s to{' '}
      {Number(bounds.end.toFixed(3))} s. They move together.
    </p>
  );
}

function ZoomEffect({
  editor,
  count,
  busy,
}: {
  editor: TimelineEditor;
  count: number;
  busy: boolean;
}) {
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
          busy={busy}
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
        onClick={() => {
          const outcome = editor.run(addZoomEffect, { zoomScale: scale });
          setError(outcome.type === 'refused' ? outcome.reason : null);
        }}
      >
        Add zoom effect{count > 1 ? ` to ${count}` : ''}
      </Button>
      {error ? <p className="text-xs text-red-700">{error}</p> : null}
    </div>
  );
}
