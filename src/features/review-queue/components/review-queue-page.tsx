import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ApiError, describeError } from '@/api/api-error.ts';
import { creditsQueryOptions } from '@/api/credits.ts';
import { useRequestChanges } from '@/api/plan-decisions.ts';
import { reviewStatesParams, reviewStatesQueryOptions } from '@/api/review-states.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { FilterSheet } from '@/components/filter-sheet.tsx';
import { ErrorState, InlineError } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { SelectField } from '@/components/select-field.tsx';
import { pushToast } from '@/lib/toast-store.ts';
import { useNow } from '@/lib/use-now.ts';
import {
  queuePollingInterval,
  reviewQueueQueryOptions,
  useApproveFromQueue,
  type ApprovalStage,
} from '../api/queue-queries.ts';
import { approvalRefusal, isPaidPlan } from '../model/approval-refusal.ts';
import {
  changesRequestedOn,
  orderRows,
  projectsOf,
  type QueueReviews,
} from '../model/queue-order.ts';
import { changesRefusal } from '../model/changes-refusal.ts';
import type { QueueOrder, QueueStateFilter, QueueView } from '../model/queue-view.ts';
import { waitingRows, type QueueRow } from '../model/queue-row.ts';
import { viewOf, type QueueSearch } from '../model/queue-search.ts';
import type { QueueSnapshot } from '../model/queue-snapshot.ts';
import { creditsText } from '../model/row-words.ts';
import { commandOf, type QueueCommand } from '../model/shortcuts.ts';
import { useLaterStore, useMarkedForLater } from '../state/later-store.ts';
import { ApproveDialog } from './approve-dialog.tsx';
import { optionId, QueueOption } from './queue-option.tsx';

const STATE_OPTIONS: ReadonlyArray<readonly [QueueStateFilter, string]> = [
  ['all', 'Everything waiting'],
  ['plan', 'Plans to approve'],
  ['assets', 'Assets to approve'],
  ['failed', 'Failed runs'],
  ['changes', 'Changes requested'],
];
const ORDER_OPTIONS: ReadonlyArray<readonly [QueueOrder, string]> = [
  ['oldest', 'Oldest first'],
  ['credits', 'Most credits first'],
  ['project', 'By project'],
];

const NO_REVIEWS: QueueReviews = new Map();

const labelOf = <V extends string>(options: ReadonlyArray<readonly [V, string]>, value: V) =>
  options.find(([option]) => option === value)?.[1] ?? value;

/** Which tab of the plan review a waiting revision opens on: its assets show on the storyboard. */
const tabFor = (row: QueueRow) => (row.state === 'assets' ? 'storyboard' : 'overview');

const stageOf = (row: QueueRow): ApprovalStage | null =>
  row.state === 'plan' ? 'plan' : row.state === 'assets' ? 'assets' : null;

/** "3 plans, 2 assets, 1 failed run, 1 with changes requested" of the whole queue. */
function summaryOf(rows: readonly QueueRow[], reviews: QueueReviews): string {
  const changes = rows.filter((row) => changesRequestedOn(row, reviews)).length;
  const count = (state: QueueRow['state']) =>
    rows.filter((row) => row.state === state && !changesRequestedOn(row, reviews)).length;
  const parts = [
    [count('plan'), 'plan to approve', 'plans to approve'],
    [count('assets'), 'set of assets to approve', 'sets of assets to approve'],
    [count('failed'), 'failed run', 'failed runs'],
    [changes, 'with changes requested', 'with changes requested'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`)
    .join(', ');
}

export function ReviewQueuePage({
  search,
  organizationId,
  plan,
}: {
  search: QueueSearch;
  organizationId: string;
  /** The workspace's plan, as the session names it (a free workspace cannot approve). */
  plan: string;
}) {
  const queue = useQuery({ ...reviewQueueQueryOptions, refetchInterval: queuePollingInterval });
  if (queue.isPending) return <LoadingState label="Loading the review queue…" />;
  if (queue.isError && !queue.data) {
    return <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />;
  }
  return (
    <ReviewQueue
      snapshot={queue.data}
      error={queue.error}
      refreshing={queue.isFetching}
      onRetry={() => void queue.refetch()}
      dataUpdatedAt={queue.dataUpdatedAt}
      search={search}
      organizationId={organizationId}
      paid={isPaidPlan(plan)}
    />
  );
}

function ReviewQueue({
  snapshot,
  error,
  refreshing,
  onRetry,
  dataUpdatedAt,
  search,
  organizationId,
  paid,
}: {
  snapshot: QueueSnapshot;
  error: unknown;
  refreshing: boolean;
  onRetry(): void;
  dataUpdatedAt: number;
  search: QueueSearch;
  organizationId: string;
  paid: boolean;
}) {
  const navigate = useNavigate({ from: '/review' });
  const queryClient = useQueryClient();
  const now = useNow(60_000);
  const credits = useQuery(creditsQueryOptions);
  const balance = credits.data?.balance;
  const later = useMarkedForLater(organizationId);
  const toggleLater = useLaterStore((state) => state.toggle);
  const { state, order, project } = search;
  const view: QueueView = useMemo(() => viewOf({ state, order, project }), [state, order, project]);
  const allRows = useMemo(() => waitingRows(snapshot.entries), [snapshot.entries]);
  // Notes and decisions of every row, from the BFF (without them the queue still works).
  const reviewParams = useMemo(() => reviewStatesParams(allRows.map((row) => row.id)), [allRows]);
  const reviewStates = useQuery(reviewStatesQueryOptions(reviewParams));
  const reviews: QueueReviews = reviewStates.data?.revisions ?? NO_REVIEWS;
  const rows = useMemo(
    () => orderRows(allRows, view, later, reviews),
    [allRows, view, later, reviews],
  );
  const projects = useMemo(() => projectsOf(allRows), [allRows]);

  // The active row: the one picked, else the one that took its place (a decision took it out).
  const [picked, setPicked] = useState<{ id: string | undefined; index: number }>({
    id: search.at,
    index: 0,
  });
  const found = rows.findIndex((row) => row.id === picked.id);
  if (found >= 0 && found !== picked.index) setPicked({ id: picked.id, index: found });
  const activeIndex = found >= 0 ? found : Math.min(picked.index, rows.length - 1);
  const active = activeIndex >= 0 ? rows[activeIndex] : undefined;

  const listRef = useRef<HTMLUListElement>(null);
  const [notice, setNotice] = useState('');
  const approve = useApproveFromQueue();
  const requestChanges = useRequestChanges();
  const [confirming, setConfirming] = useState<{ row: QueueRow; stage: ApprovalStage } | null>(
    null,
  );

  // The options' handlers stay the same functions while rows arrive (each option is memoised).
  const latest = useRef({ rows, view, dataUpdatedAt });
  useLayoutEffect(() => {
    latest.current = { rows, view, dataUpdatedAt };
  });

  const pick = useCallback((id: string) => {
    setPicked({ id, index: latest.current.rows.findIndex((row) => row.id === id) });
    listRef.current?.focus({ preventScroll: true });
  }, []);

  const open = useCallback(
    (id: string) => {
      const { rows: shown, view: from, dataUpdatedAt: readAt } = latest.current;
      const row = shown.find((candidate) => candidate.id === id);
      if (!row) return;
      const { projectId, revision } = row.entry;
      const key = queryKeys.plans.revision(projectId, revision.id);
      // The queue read the revision moments ago: the plan review starts from it.
      if (queryClient.getQueryData(key) === undefined) {
        queryClient.setQueryData(key, revision, { updatedAt: readAt });
      }
      // Back from the revision, the queue selects it again.
      void navigate({ search: (previous) => ({ ...previous, at: id }), replace: true }).then(() =>
        navigate({
          to: '/projects/$projectId/plans/$revisionId',
          params: { projectId, revisionId: revision.id },
          search: { tab: tabFor(row), queue: from },
        }),
      );
    },
    [queryClient, navigate],
  );

  const startApproval = useCallback(
    (row: QueueRow) => {
      const refusal = approvalRefusal(row, { paid, balance });
      const stage = stageOf(row);
      if (refusal || !stage) {
        setNotice(refusal ?? '');
        return;
      }
      approve.reset();
      setNotice('');
      setConfirming({ row, stage });
    },
    [approve, paid, balance],
  );

  const startChanges = useCallback(
    (row: QueueRow) => {
      const refusal = changesRefusal(row, reviews.get(row.id), reviewStates.isSuccess);
      const what = `${row.entry.projectName}, revision ${row.entry.revision.revision}`;
      if (refusal) {
        setNotice(`${what}: ${refusal}`);
        return;
      }
      setNotice('');
      requestChanges.mutate(
        { projectId: row.entry.projectId, revisionId: row.id },
        {
          onSuccess: (decision) => {
            const notes = `${decision.open_notes} open ${decision.open_notes === 1 ? 'note says' : 'notes say'} what should change`;
            setNotice(`Changes requested on ${what}: ${notes}. It waits for its creator now.`);
            pushToast({
              tone: 'success',
              title: 'Changes requested',
              detail: `${what}: ${notes}.`,
            });
          },
          onError: (error) =>
            setNotice(`${what}: ${describeError(error).title}. ${describeError(error).detail}`),
        },
      );
    },
    [reviews, reviewStates.isSuccess, requestChanges],
  );

  const markLater = useCallback(
    (row: QueueRow) => {
      const marked = later.has(row.id);
      toggleLater(organizationId, row.id);
      setNotice(
        marked
          ? `${row.entry.projectName}, revision ${row.entry.revision.revision}: no longer marked for later.`
          : `${row.entry.projectName}, revision ${row.entry.revision.revision}: marked reviewed, for later. It moves to the end of the queue.`,
      );
    },
    [later, organizationId, toggleLater],
  );

  const perform = useCallback(
    (command: QueueCommand) => {
      if (rows.length === 0) return;
      const move = (to: number) => {
        const index = Math.max(0, Math.min(rows.length - 1, to));
        const row = rows[index];
        if (!row) return;
        setPicked({ id: row.id, index });
        listRef.current?.focus({ preventScroll: true });
        document.getElementById(optionId(row.id))?.scrollIntoView({ block: 'nearest' });
      };
      switch (command) {
        case 'next':
          return move(activeIndex + 1);
        case 'previous':
          return move(activeIndex - 1);
        case 'first':
          return move(0);
        case 'last':
          return move(rows.length - 1);
        case 'open':
          return active ? open(active.id) : undefined;
        case 'approve':
          return active ? startApproval(active) : undefined;
        case 'changes':
          return active ? startChanges(active) : undefined;
        case 'later':
          return active ? markLater(active) : undefined;
      }
    },
    [rows, activeIndex, active, open, startApproval, startChanges, markLater],
  );

  // Triage keys work wherever focus is on the page, except in fields and dialogs.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (confirming || event.defaultPrevented) return;
      const command = commandOf(event);
      if (!command) return;
      event.preventDefault();
      perform(command);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [perform, confirming]);

  const setSearch = (patch: Partial<QueueSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), resetScroll: false });

  const projectOptions: Array<readonly [string, string]> = [
    ['', 'All projects'],
    ...projects.map((p) => [p.id, p.name] as const),
  ];
  if (project && !projects.some((p) => p.id === project)) {
    projectOptions.push([project, 'A project with nothing waiting']);
  }
  const filtered = state !== 'all' || Boolean(project);
  const filterSummary = [
    labelOf(STATE_OPTIONS, state),
    project ? (projectOptions.find(([id]) => id === project)?.[1] ?? '') : '',
    labelOf(ORDER_OPTIONS, order).toLowerCase(),
  ]
    .filter(Boolean)
    .join(' · ');
  const refusal = active ? approvalRefusal(active, { paid, balance }) : null;
  const activeChanges = active ? changesRequestedOn(active, reviews) : false;
  const changesRefused = active
    ? changesRefusal(active, reviews.get(active.id), reviewStates.isSuccess)
    : null;
  const changesRefusalId = 'queue-changes-refusal';
  const activeStage = active ? stageOf(active) : null;
  const refusalId = 'queue-approval-refusal';

  return (
    <article aria-labelledby="review-heading" className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h1 id="review-heading" className="text-2xl font-semibold">
          Review queue
        </h1>
        <p className="text-slate-700">
          {snapshot.complete
            ? allRows.length === 0
              ? 'Nothing waits for a decision.'
              : `${allRows.length} ${allRows.length === 1 ? 'revision waits' : 'revisions wait'} for a decision: ${summaryOf(allRows, reviews)}.`
            : `Reading the queue… ${allRows.length} waiting so far.`}
        </p>
      </header>

      {snapshot.source === 'projects' ? (
        // A note, not a live region: its count of projects read changes with every page.
        <p role="note" className="rounded-md bg-sky-50 p-3 text-sm text-sky-950">
          This service does not list plans across the workspace, so the queue reads each project’s
          plans one page of projects at a time
          {snapshot.progress
            ? ` (${snapshot.progress.read} of ${snapshot.progress.total} projects read${snapshot.complete ? '' : ' so far'})`
            : ''}
          .
        </p>
      ) : !snapshot.complete && snapshot.progress ? (
        <p className="text-sm text-slate-600">
          Read {snapshot.progress.read} of {snapshot.progress.total} waiting revisions…
        </p>
      ) : null}
      {reviewStates.isError ? (
        <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          Notes and decisions cannot be read right now ({describeError(reviewStates.error).title}
          ): the queue shows what waits without them, and changes cannot be requested from here.
        </p>
      ) : null}
      {snapshot.failed.length > 0 ? (
        <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          The plans of {snapshot.failed.length}{' '}
          {snapshot.failed.length === 1 ? 'project' : 'projects'} could not be read (
          {snapshot.failed.map((failure) => failure.project.name).join(', ')}); their revisions are
          missing from the queue.{' '}
          <Button variant="secondary" onClick={onRetry} pending={refreshing}>
            Read them again
          </Button>
        </div>
      ) : null}
      {error && !(error instanceof ApiError && error.status === 404) ? (
        <div className="flex flex-col items-start gap-2">
          <InlineError error={error} />
          <Button variant="secondary" onClick={onRetry} pending={refreshing}>
            Try again
          </Button>
        </div>
      ) : null}

      <FilterSheet label="Filters and order" summary={filterSummary}>
        <SelectField
          label="State"
          value={state}
          options={STATE_OPTIONS}
          onChange={(value) => setSearch({ state: value })}
        />
        <SelectField
          label="Project"
          value={project ?? ''}
          options={projectOptions}
          onChange={(value) => setSearch({ project: value || undefined })}
        />
        <SelectField
          label="Order"
          value={order}
          options={ORDER_OPTIONS}
          onChange={(value) => setSearch({ order: value })}
        />
        {filtered ? (
          <Link
            to="/review"
            search={{ order }}
            className="pb-2 text-sm font-medium text-indigo-700 underline"
          >
            Show everything waiting
          </Link>
        ) : null}
      </FilterSheet>

      {rows.length === 0 ? (
        snapshot.complete || allRows.length > 0 ? (
          filtered && allRows.length > 0 ? (
            <EmptyState title="No waiting revision matches these filters">
              {allRows.length} other {allRows.length === 1 ? 'revision waits' : 'revisions wait'}{' '}
              for a decision.
            </EmptyState>
          ) : (
            <EmptyState title="Nothing waits for a decision">
              Drafts to approve, assets ready for review and failed runs of every project show up
              here as they happen.
            </EmptyState>
          )
        ) : (
          <LoadingState label="Reading the queue…" />
        )
      ) : (
        <div className="flex flex-col gap-3">
          <section
            aria-label="Selected revision"
            className="sticky top-0 z-10 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
          >
            {active ? (
              <>
                <p className="min-w-0 basis-full text-sm md:flex-1 md:basis-auto">
                  <span className="font-semibold">{active.entry.projectName}</span>, revision{' '}
                  {active.entry.revision.revision}
                  {active.credits !== null ? ` · ${creditsText(active.credits)}` : ''}
                </p>
                <Link
                  to="/projects/$projectId/plans/$revisionId"
                  params={{ projectId: active.entry.projectId, revisionId: active.id }}
                  search={{ tab: tabFor(active), queue: view }}
                  onClick={(event) => {
                    event.preventDefault();
                    open(active.id);
                  }}
                  className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
                >
                  Open revision
                </Link>
                {activeStage ? (
                  <Button
                    disabled={refusal !== null}
                    aria-describedby={refusal ? refusalId : undefined}
                    onClick={() => startApproval(active)}
                  >
                    {activeStage === 'plan' ? 'Approve plan' : 'Approve assets'}
                    {!paid ? ' · needs a paid plan' : ''}
                  </Button>
                ) : null}
                {activeStage && !activeChanges ? (
                  <Button
                    variant="secondary"
                    disabled={changesRefused !== null}
                    pending={requestChanges.isPending}
                    aria-describedby={changesRefused ? changesRefusalId : undefined}
                    onClick={() => startChanges(active)}
                  >
                    Request changes
                  </Button>
                ) : null}
                <Button
                  variant="secondary"
                  aria-pressed={later.has(active.id)}
                  onClick={() => markLater(active)}
                >
                  Reviewed, for later
                </Button>
                {refusal ? (
                  <p id={refusalId} className="basis-full text-sm text-amber-900">
                    {refusal}
                  </p>
                ) : null}
                {activeStage && !activeChanges && changesRefused ? (
                  <p id={changesRefusalId} className="basis-full text-sm text-slate-700">
                    {changesRefused}
                  </p>
                ) : null}
              </>
            ) : null}
            <p role="status" className="basis-full text-sm text-slate-700 empty:hidden">
              {notice}
            </p>
          </section>

          {/* Read to the listbox's users (aria-describedby) on every screen; shown where there are keys. */}
          <p id="queue-keys" className="hidden text-xs text-slate-600 md:block">
            Keys: <kbd>j</kbd>/<kbd>k</kbd> or <kbd>↓</kbd>/<kbd>↑</kbd> move · <kbd>Enter</kbd>{' '}
            opens the revision · <kbd>a</kbd> approves · <kbd>r</kbd> requests changes ·{' '}
            <kbd>x</kbd> marks it reviewed, for later
          </p>
          <ul
            ref={listRef}
            role="listbox"
            aria-label="Revisions waiting for a decision"
            aria-describedby="queue-keys"
            aria-activedescendant={active ? optionId(active.id) : undefined}
            tabIndex={0}
            className="group divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600"
          >
            {rows.map((row) => (
              <QueueOption
                key={row.id}
                row={row}
                active={row === active}
                later={later.has(row.id)}
                review={reviews.get(row.id)}
                now={now}
                balance={balance}
                onPick={pick}
                onOpen={open}
              />
            ))}
          </ul>
          {!snapshot.complete ? <LoadingState label="Reading more of the queue…" /> : null}
        </div>
      )}

      {confirming ? (
        <ApproveDialog
          row={confirming.row}
          stage={confirming.stage}
          pending={approve.isPending}
          error={approve.error}
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            approve.mutate(
              { entry: confirming.row.entry, stage: confirming.stage },
              {
                onSuccess: (revision) => {
                  setConfirming(null);
                  const what = `${confirming.row.entry.projectName}, revision ${revision.revision}`;
                  setNotice(
                    confirming.stage === 'plan'
                      ? `Plan of ${what} approved: preproduction started.`
                      : `Assets of ${what} approved: generation started.`,
                  );
                  pushToast({
                    tone: 'success',
                    title: confirming.stage === 'plan' ? 'Plan approved' : 'Assets approved',
                    detail:
                      confirming.stage === 'plan'
                        ? `Preproduction of ${what} started.`
                        : `Generation of ${what} started.`,
                  });
                },
              },
            )
          }
        />
      ) : null}
    </article>
  );
}
