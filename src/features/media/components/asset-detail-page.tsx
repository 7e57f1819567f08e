import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { queryKeys } from '@/api/query-keys.ts';
import { isStuck } from '@/api/recovery-runs.ts';
import { suggestionRunQueryOptions } from '@/api/suggestion-runs.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { CancelRunDialog } from '@/components/cancel-run-dialog.tsx';
import type { DeletionFlowSlot } from '@/components/deletion-flow-slot.ts';
import { ErrorState, InlineError } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { ProgressBar } from '@/components/progress-bar.tsx';
import { TextField } from '@/components/text-field.tsx';
import { formatBytes, formatDateTime, formatDuration, formatPercent } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';
import {
  assetClipsQueryOptions,
  mediaAssetQueryOptions,
  mediaFoldersQueryOptions,
  type TrackRole,
  useAddTrack,
  useStartSuggestions,
} from '../api/media-queries.ts';
import type { BackgroundRun, MediaAssetDetail } from '@/api/schema.gen.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ROLES: readonly TrackRole[] = ['camera', 'screen', 'microphone'];

/** One asset: its fields, what uses it, its background runs, and what can be done with it. */
export function AssetDetailPage({
  assetId,
  DeletionFlow,
}: {
  assetId: string;
  /** The deletion flow, from the route. */
  DeletionFlow: DeletionFlowSlot;
}) {
  const asset = useQuery(mediaAssetQueryOptions(assetId));
  if (asset.isPending) return <LoadingState label="Loading the asset…" />;
  if (asset.isError) {
    return (
      <div className="flex flex-col gap-4">
        <BackLink folderId={null} />
        <ErrorState error={asset.error} onRetry={() => void asset.refetch()} />
      </div>
    );
  }
  return <AssetView asset={asset.data} DeletionFlow={DeletionFlow} />;
}

function BackLink({ folderId }: { folderId: string | null }) {
  return (
    <Link
      to="/media"
      search={folderId ? { folder: folderId } : {}}
      className="text-sm font-medium text-indigo-700 hover:underline"
    >
      ← Media library
    </Link>
  );
}

function AssetView({
  asset,
  DeletionFlow,
}: {
  asset: MediaAssetDetail;
  DeletionFlow: DeletionFlowSlot;
}) {
  const folders = useQuery(mediaFoldersQueryOptions);
  const folderName = folders.data?.folders.find((f) => f.id === asset.folder_id)?.name;
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <article aria-labelledby="asset-heading" className="flex flex-col gap-6">
      <BackLink folderId={asset.folder_id} />
      <div className="flex flex-wrap items-start gap-4">
        {asset.thumbnail_url ? (
          <img
            src={asset.thumbnail_url}
            alt=""
            className="h-24 w-24 rounded bg-slate-200 object-cover"
          />
        ) : null}
        <h1 id="asset-heading" className="text-2xl font-semibold break-all">
          {asset.name}
        </h1>
        <Button variant="danger" className="ml-auto" onClick={() => setDeleting(true)}>
          Delete this asset…
        </Button>
      </div>

      <section aria-label="Details" className="rounded-lg border border-slate-200 bg-white p-4">
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">Asset ID</dt>
          <dd className="font-mono">{asset.id}</dd>
          <dt className="text-slate-600">Type</dt>
          <dd>{asset.kind}</dd>
          <dt className="text-slate-600">Size</dt>
          <dd>{formatBytes(asset.size_bytes)}</dd>
          <dt className="text-slate-600">Duration</dt>
          <dd>{formatDuration(asset.duration_seconds)}</dd>
          <dt className="text-slate-600">Folder</dt>
          <dd>
            {asset.folder_id ? (
              <Link
                to="/media"
                search={{ folder: asset.folder_id }}
                className="text-indigo-700 underline"
              >
                {folderName ?? asset.folder_id}
              </Link>
            ) : (
              'None (workspace)'
            )}
          </dd>
          <dt className="text-slate-600">Created</dt>
          <dd>{formatDateTime(asset.created_at)}</dd>
          <dt className="text-slate-600">Updated</dt>
          <dd>{formatDateTime(asset.updated_at)}</dd>
        </dl>
      </section>

      <UsedBy asset={asset} />
      <BackgroundRuns asset={asset} />
      <div className="grid gap-6 md:grid-cols-2">
        <ShortSuggestions assetId={asset.id} />
        <RecordingSetTrackForm assetId={asset.id} />
      </div>

      {deleting ? (
        <DeletionFlow
          target={{
            kind: 'assets',
            mode: 'selection',
            ids: [asset.id],
            names: { [asset.id]: asset.name },
          }}
          onClose={() => setDeleting(false)}
          onDeleted={(ids) => {
            if (!ids.includes(asset.id)) return;
            queryClient.removeQueries({ queryKey: queryKeys.media.asset(asset.id) });
            void navigate({
              to: '/media',
              search: asset.folder_id ? { folder: asset.folder_id } : {},
            });
          }}
        />
      ) : null}
    </article>
  );
}

function UsedBy({ asset }: { asset: MediaAssetDetail }) {
  const clips = useQuery(assetClipsQueryOptions(asset.id));
  return (
    <section aria-labelledby="used-by" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="used-by" className="text-lg font-semibold">
        Used by
      </h2>
      <h3 className="mt-3 text-sm font-semibold">Projects ({asset.linked_projects.length})</h3>
      {asset.linked_projects.length === 0 ? (
        <p className="text-sm text-slate-600">No project uses this asset.</p>
      ) : (
        <ul aria-label="Projects using this asset" className="ml-4 list-disc text-sm">
          {asset.linked_projects.map((project) => (
            <li key={project.id}>
              <Link
                to="/projects/$projectId"
                params={{ projectId: project.id }}
                className="text-indigo-700 underline"
              >
                {project.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-3 text-sm font-semibold">
        Clips ({clips.data ? clips.data.bounds.total : asset.generated_clip_count})
      </h3>
      {clips.isPending ? (
        <p className="text-sm text-slate-600">Loading clips…</p>
      ) : clips.isError ? (
        <InlineError error={clips.error} />
      ) : clips.data.clips.length === 0 ? (
        <p className="text-sm text-slate-600">No clip was made from this asset.</p>
      ) : (
        <ul aria-label="Clips made from this asset" className="ml-4 list-disc text-sm">
          {clips.data.clips.map((clip) => (
            <li key={clip.clip_id}>
              <Link
                to="/clips/$clipId"
                params={{ clipId: clip.clip_id }}
                className="text-indigo-700 underline"
              >
                {clip.selection?.alternatives?.[0]?.title ?? clip.clip_id}
              </Link>{' '}
              <span className="text-slate-600">
                ({clip.status}
                {clip.clip_window
                  ? `, ${formatDuration(clip.clip_window.start_seconds)}–${formatDuration(clip.clip_window.end_seconds)}`
                  : ''}
                )
              </span>
            </li>
          ))}
          {clips.data.bounds.has_more ? (
            <li>
              <Link to="/clips" search={{ asset: asset.id }} className="text-indigo-700 underline">
                All {clips.data.bounds.total} clips
              </Link>
            </li>
          ) : null}
        </ul>
      )}
    </section>
  );
}

function BackgroundRuns({ asset }: { asset: MediaAssetDetail }) {
  const runs = asset.active_runs ?? [];
  const now = useNow(30_000);
  const [cancelling, setCancelling] = useState<BackgroundRun | null>(null);
  return (
    <section
      aria-labelledby="runs-heading"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="runs-heading" className="text-lg font-semibold">
        Background runs
      </h2>
      {runs.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing is working on this asset.</p>
      ) : (
        <ul aria-label="Background runs" className="mt-2 flex flex-col gap-2">
          {runs.map((run) => (
            <li
              key={run.run_id}
              className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 p-2 text-sm"
            >
              <span className="font-medium">{run.kind}</span>
              <span>{run.status}</span>
              <span>{formatPercent(run.progress)}</span>
              <span className="text-slate-600">
                last moved {formatDateTime(run.updated_at ?? run.started_at)}
              </span>
              {isStuck(run, now) ? (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                  Stuck
                </span>
              ) : null}
              <Button
                variant="secondary"
                className="ml-auto"
                aria-label={`Cancel the ${run.kind} run ${run.run_id}`}
                onClick={() => setCancelling(run)}
              >
                Cancel run…
              </Button>
            </li>
          ))}
        </ul>
      )}
      {cancelling ? (
        <CancelRunDialog
          run={{
            resourceType: 'asset',
            resourceId: asset.id,
            runId: cancelling.run_id,
            label: `The ${cancelling.kind} run`,
          }}
          onClose={() => setCancelling(null)}
        />
      ) : null}
    </section>
  );
}

function ShortSuggestions({ assetId }: { assetId: string }) {
  const start = useStartSuggestions(assetId);
  const runId = start.data?.run_id;
  return (
    <section
      aria-labelledby="suggestions-heading"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="suggestions-heading" className="text-lg font-semibold">
        Short suggestions
      </h2>
      <p className="text-sm text-slate-600">
        The service looks for the best short moments in this asset (a background run).
      </p>
      <Button
        className="self-start"
        disabled={start.isPending}
        onClick={() => start.mutate(undefined)}
      >
        {start.isPending ? 'Asking…' : runId ? 'Ask again' : 'Ask for short suggestions'}
      </Button>
      <InlineError error={start.error} />
      {runId ? <SuggestionsRun assetId={assetId} runId={runId} /> : null}
    </section>
  );
}

function SuggestionsRun({ assetId, runId }: { assetId: string; runId: string }) {
  const run = useQuery(suggestionRunQueryOptions(assetId, runId));
  if (run.isPending) return <p className="text-sm">Run {runId} started…</p>;
  if (run.isError) return <InlineError error={run.error} />;
  const state = run.data;
  return (
    <div role="status" className="flex flex-col gap-2 text-sm">
      <p>
        Run {runId}: <strong>{state.status}</strong>
        {state.error ? ` (${state.error})` : ''}
      </p>
      {state.status === 'queued' || state.status === 'running' ? (
        <ProgressBar value={state.progress} label="Short suggestions progress" />
      ) : null}
      {state.suggestions.length > 0 ? (
        <ol aria-label="Suggested moments" className="ml-4 list-decimal">
          {state.suggestions.map((suggestion) => (
            <li key={suggestion.suggestion_id}>
              {suggestion.title} ({formatDuration(suggestion.start_seconds)}–
              {formatDuration(suggestion.end_seconds)})
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function RecordingSetTrackForm({ assetId }: { assetId: string }) {
  const add = useAddTrack(assetId);
  const [setId, setSetId] = useState('');
  const [role, setRole] = useState<TrackRole>('camera');
  const [problem, setProblem] = useState<string | null>(null);
  const roleId = useId();
  return (
    <section
      aria-labelledby="track-heading"
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="track-heading" className="text-lg font-semibold">
        Add to a recording set
      </h2>
      <form
        className="mt-2 flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const id = setId.trim();
          const issue = UUID.test(id)
            ? null
            : 'Paste the recording set ID (a UUID such as 123e4567-e89b-42d3-a456-426614174000).';
          setProblem(issue);
          if (issue) return;
          add.mutate({ recordingSetId: id, role });
        }}
      >
        <TextField
          label="Recording set ID"
          value={setId}
          autoComplete="off"
          onChange={(event) => setSetId(event.target.value)}
          error={problem ?? undefined}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={roleId} className="text-sm font-medium text-slate-700">
            Role
          </label>
          <select
            id={roleId}
            value={role}
            onChange={(event) => setRole(event.target.value as TrackRole)}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <InlineError error={add.error} />
        {add.isSuccess ? (
          <p role="status" className="rounded-md bg-green-50 p-2 text-sm text-green-900">
            Added as track {add.data.track_id} ({add.data.role ?? role}) of recording set{' '}
            {add.data.recording_set_id}.
          </p>
        ) : null}
        <Button type="submit" className="self-start" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add as a track'}
        </Button>
      </form>
    </section>
  );
}
