import { memo } from 'react';
import type { RevisionReviewState } from '@/api/bff-schema.gen.ts';
import { formatDateTime } from '@/lib/format.ts';
import type { QueueRow } from '../model/queue-row.ts';
import { describeChanges } from '../model/revision-changes.ts';
import { creditsText, qaWords } from '../model/row-words.ts';
import type { WaitingState } from '@/shared-rules/plan-waiting.ts';
import { WAITING_LABELS } from '../model/waiting.ts';
import { formatWaited } from '../model/waiting-time.ts';

const STATE_STYLES: Record<WaitingState, string> = {
  plan: 'bg-slate-100 text-slate-800',
  assets: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900',
};

export const optionId = (revisionId: string) => `queue-row-${revisionId}`;

/** One waiting revision in the queue's listbox (text only: an option holds no controls). */
export const QueueOption = memo(function QueueOption({
  row,
  active,
  later,
  review,
  now,
  balance,
  onPick,
  onOpen,
}: {
  row: QueueRow;
  active: boolean;
  later: boolean;
  /** Its notes and latest decision (the BFF's), when known. */
  review: RevisionReviewState | undefined;
  /** The current time, to the minute (how long it has waited). */
  now: number;
  /** The workspace balance, when known (a row it does not cover says so). */
  balance: number | undefined;
  onPick(id: string): void;
  onOpen(id: string): void;
}) {
  const { entry } = row;
  const revision = entry.revision;
  const series = revision.series?.name;
  const short = row.credits !== null && balance !== undefined && row.credits > balance;
  const qa = qaWords(row.qa);
  const changes = review?.latest_decision?.kind === 'changes_requested';
  const openNotes = review?.open_notes ?? 0;
  const notesWords = `${openNotes} open ${openNotes === 1 ? 'note' : 'notes'}`;
  return (
    <li
      id={optionId(row.id)}
      role="option"
      aria-selected={active}
      data-revision-id={row.id}
      onClick={() => onPick(row.id)}
      onDoubleClick={() => onOpen(row.id)}
      className={`cursor-pointer border-l-4 px-4 py-3 [content-visibility:auto] [contain-intrinsic-size:auto_5.5rem] ${
        active
          ? 'border-indigo-600 bg-indigo-50 group-focus-visible:outline group-focus-visible:outline-2 group-focus-visible:-outline-offset-2 group-focus-visible:outline-indigo-600'
          : 'border-transparent hover:bg-slate-50'
      }`}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-semibold text-slate-900">{entry.projectName}</span>
        <span className="text-slate-700">
          {series ? `${series} · ` : ''}revision {revision.revision}
        </span>
        {changes ? (
          <span className="rounded-full bg-orange-100 px-2 py-0.5 text-xs font-medium text-orange-950">
            Changes requested · {notesWords}
          </span>
        ) : (
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLES[row.state]}`}
          >
            {WAITING_LABELS[row.state]}
          </span>
        )}
        {!changes && openNotes > 0 ? (
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-950 ring-1 ring-amber-300">
            {notesWords}
          </span>
        ) : null}
        {later ? (
          <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900">
            Reviewed · for later
          </span>
        ) : null}
      </div>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <span>
          Waiting {formatWaited(row.waitingSinceMs, now)}, since{' '}
          <time dateTime={row.waitingSince}>{formatDateTime(row.waitingSince)}</time>
        </span>
        <span className={short ? 'font-medium text-red-800' : undefined}>
          {row.credits === null
            ? 'Nothing to approve: revise it'
            : `Approving spends ${creditsText(row.credits)}`}
          {short ? ` (balance ${creditsText(balance)})` : ''}
        </span>
        <span>{describeChanges(row.changes)}</span>
        {qa ? <span className="font-medium text-amber-900">{qa}</span> : null}
      </div>
      {row.state === 'failed' && revision.error ? (
        <p className="mt-1 text-sm text-red-900">{revision.error}</p>
      ) : null}
    </li>
  );
});
