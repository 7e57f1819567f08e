import type { SemanticScene } from '../plan-status.ts';
import { formatSeconds } from '@/lib/format.ts';
import { Field } from './plan-bits.tsx';

type Analysis = NonNullable<SemanticScene['firstAnalysis']>;

const yesNo = (value: boolean | undefined) => (value === undefined ? '—' : value ? 'Yes' : 'No');
const percent = (value: number | undefined) =>
  value === undefined ? '—' : `${Math.round(value * 100)}%`;

const ROWS: Array<[string, (analysis: Analysis | undefined) => string]> = [
  ['Verdict', (a) => a?.verdict ?? '—'],
  ['Early state', (a) => a?.earlyState ?? '—'],
  ['Middle state', (a) => a?.middleState ?? '—'],
  ['Late state', (a) => a?.lateState ?? '—'],
  ['Detected subject action', (a) => a?.detectedSubjectAction ?? '—'],
  ['Action progression observed', (a) => yesNo(a?.actionProgressionObserved)],
  ['Camera motion only', (a) => yesNo(a?.cameraMotionOnly)],
  ['Confidence', (a) => percent(a?.confidence)],
  ['Summary', (a) => a?.summary ?? '—'],
];

/** One scene's semantic-action QA: planned against detected action, and both analyses. */
export function SceneQa({ qa }: { qa: SemanticScene }) {
  const cameraOnly =
    qa.firstAnalysis?.cameraMotionOnly || qa.confirmationAnalysis?.cameraMotionOnly;
  const mismatch =
    qa.plannedAction !== undefined &&
    qa.detectedSubjectAction !== undefined &&
    qa.plannedAction !== qa.detectedSubjectAction;
  return (
    <div className="mt-3 flex flex-col gap-3 text-sm">
      <dl className="grid gap-3 sm:grid-cols-3">
        <Field label="Status">{qa.status}</Field>
        <Field label="Confidence">{percent(qa.confidence)}</Field>
        <Field label="Camera motion only">{yesNo(cameraOnly)}</Field>
        <Field label="Planned action">{qa.plannedAction}</Field>
        <Field label="Detected action">
          {qa.detectedSubjectAction}
          {mismatch ? (
            <span className="block text-red-800">Differs from the planned action</span>
          ) : null}
        </Field>
        <Field label="Frames sampled">
          {(qa.frames ?? [])
            .map((frame) => `${frame.position ?? '?'} at ${formatSeconds(frame.timeSeconds)}`)
            .join(', ') || undefined}
        </Field>
        <Field label="Summary" className="sm:col-span-3">
          {qa.summary}
        </Field>
      </dl>
      <div className="relative overflow-x-auto">
        {/* Fixed columns: a long value (a model's action name) wraps in its own column, never widening the table past a phone. */}
        <table className="w-full table-fixed text-left">
          <caption className="sr-only">First and confirmation analyses</caption>
          <colgroup>
            <col className="w-[28%]" />
            <col />
            <col />
          </colgroup>
          <thead className="border-b border-slate-200 text-xs text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Analysis
              </th>
              <th scope="col" className="py-1 pr-3">
                First
              </th>
              <th scope="col" className="py-1">
                Confirmation
              </th>
            </tr>
          </thead>
          <tbody className="break-words">
            {ROWS.map(([label, value]) => {
              const first = value(qa.firstAnalysis);
              const second = value(qa.confirmationAnalysis);
              return (
                <tr key={label} className="border-b border-slate-100 align-top">
                  <th scope="row" className="py-1 pr-3 font-medium">
                    {label}
                  </th>
                  <td className="py-1 pr-3">{first}</td>
                  <td
                    className={`py-1 ${first !== second && label !== 'Confidence' && label !== 'Summary' ? 'font-semibold text-amber-900' : ''}`}
                  >
                    {second}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-600">
        {qa.version ?? ''} · keyframe asset <span className="font-mono">{qa.assetId ?? '—'}</span>
      </p>
    </div>
  );
}
