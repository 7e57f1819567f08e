import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, describeError, describeRetrying } from '@/api/api-error.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { refusedLabel, useRefusal } from '@/components/spend-gate.tsx';
import { InlineError } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { TextField } from '@/components/text-field.tsx';
import { formatDuration } from '@/lib/format.ts';
import { checkVideoUrl } from '@/shared-rules/video-url.ts';
import {
  clipSourcePreviewQueryOptions,
  useCreateClip,
  useStartSuggestions,
} from '../api/clips-queries.ts';
import type { ClipCreateRequest, ClipSourcePreview } from '@/api/schema.gen.ts';
import { Fact, Facts } from './clip-parts.tsx';
import { SuggestionsRunPanel } from './suggestions-run-panel.tsx';

/** The create body's fields as the form labels them (a 400's `param` in words). */
const CREATE_FIELD_LABELS: Readonly<Record<string, string>> = {
  youtube_url: 'Video address',
  asset_id: 'Media asset',
  project_id: 'Add to project',
  project_name: 'New project name',
  clip_preset_id: 'Preset',
};

export interface Choice {
  id: string;
  name: string;
}

const selectClass = 'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm';

function ProjectChoice({
  projects,
  value,
  onChange,
  name,
  onName,
}: {
  projects: readonly Choice[];
  value: string;
  onChange: (id: string) => void;
  name: string;
  onName: (name: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          Add to project
        </label>
        <select
          id={id}
          className={selectClass}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">A new project for this clip</option>
          {projects.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </select>
      </div>
      {value === '' ? (
        <TextField
          label="New project name (optional)"
          hint="Left empty, the project is named after the source."
          value={name}
          maxLength={200}
          onChange={(event) => onName(event.target.value)}
        />
      ) : null}
    </div>
  );
}

/** Where the new clip goes: an existing project, or a new one (optionally named). */
function projectFields(projectId: string, projectName: string): Partial<ClipCreateRequest> {
  if (projectId) return { project_id: projectId };
  const name = projectName.trim();
  return name ? { project_name: name } : {};
}

function previewProblem(error: unknown): { title: string; detail: string } {
  if (error instanceof ApiError && error.status === 404) {
    return {
      title: 'No public video at this address',
      detail: `${error.message} Check that the video exists and is public, then try again.`,
    };
  }
  if (error instanceof ApiError && error.status === 400) {
    return { title: 'The service refused this address', detail: error.message };
  }
  return describeError(error);
}

export function SourcePreviewCard({ preview }: { preview: ClipSourcePreview }) {
  const [broken, setBroken] = useState(false);
  return (
    <div
      role="region"
      aria-label="Source preview"
      className="flex gap-4 rounded-md border border-slate-200 p-4"
    >
      {preview.thumbnail_url && !broken ? (
        <img
          src={preview.thumbnail_url}
          alt={`Thumbnail of ${preview.title ?? 'the video'}`}
          onError={() => setBroken(true)}
          className="h-24 w-40 shrink-0 rounded bg-slate-200 object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex h-24 w-40 shrink-0 items-center justify-center rounded bg-slate-100 text-xs text-slate-700"
        >
          No thumbnail
        </div>
      )}
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">{preview.title || preview.video_id}</h3>
        <Facts label="Video details">
          <Fact label="Channel">{preview.channel_name ?? 'Unknown channel'}</Fact>
          <Fact label="Duration">
            {preview.duration_seconds == null
              ? 'Unknown'
              : formatDuration(preview.duration_seconds)}
          </Fact>
          <Fact label="Size">
            {preview.width && preview.height ? `${preview.width} × ${preview.height}` : 'Unknown'}
          </Fact>
          <Fact label="Frame rate">{preview.fps == null ? 'Unknown' : `${preview.fps} fps`}</Fact>
          <Fact label="Qualities">{(preview.available_qualities ?? []).join(', ') || '—'}</Fact>
          <Fact label="Address">
            <span className="break-all">{preview.normalized_url}</span>
          </Fact>
        </Facts>
      </div>
    </div>
  );
}

function FromUrl({ projects }: { projects: readonly Choice[] }) {
  const [draft, setDraft] = useState('');
  const [localError, setLocalError] = useState<string | undefined>();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [projectId, setProjectId] = useState('');
  const [projectName, setProjectName] = useState('');
  const fieldRef = useRef<HTMLDivElement>(null);
  const preview = useQuery({
    ...clipSourcePreviewQueryOptions(previewUrl ?? ''),
    enabled: previewUrl !== null,
  });
  const create = useCreateClip();
  const refusal = useRefusal('createClip');
  const navigate = useNavigate();

  const submitPreview = (event: FormEvent) => {
    event.preventDefault();
    const check = checkVideoUrl(draft);
    if (!check.ok) {
      setLocalError(check.message);
      setPreviewUrl(null);
      fieldRef.current?.querySelector('input')?.focus();
      return;
    }
    setLocalError(undefined);
    create.reset();
    setPreviewUrl(check.url);
  };

  const problem = preview.isError ? previewProblem(preview.error) : null;
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submitPreview} noValidate className="flex items-end gap-2">
        <div className="flex-1" ref={fieldRef}>
          <TextField
            label="Video address"
            hint="For example https://www.youtube.com/watch?v=… or https://youtu.be/…"
            value={draft}
            error={localError}
            inputMode="url"
            autoComplete="off"
            onChange={(event) => {
              setDraft(event.target.value);
              if (localError) setLocalError(undefined);
            }}
          />
        </div>
        <Button type="submit" variant="secondary" className="mb-5">
          Preview
        </Button>
      </form>
      {previewUrl !== null && preview.isPending ? (
        <LoadingState
          label={
            describeRetrying(preview.failureReason) ?? 'Asking the video site about this address…'
          }
        />
      ) : null}
      {problem ? (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          <strong className="font-semibold">{problem.title}.</strong> {problem.detail}
        </div>
      ) : null}
      {preview.data ? (
        <>
          <SourcePreviewCard preview={preview.data} />
          <ProjectChoice
            projects={projects}
            value={projectId}
            onChange={setProjectId}
            name={projectName}
            onName={setProjectName}
          />
          <InlineError error={create.error} fieldLabels={CREATE_FIELD_LABELS} />
          <div>
            <Button
              disabled={create.isPending || refusal !== null}
              onClick={() =>
                create.mutate(
                  {
                    youtube_url: preview.data.normalized_url,
                    ...projectFields(projectId, projectName),
                  },
                  {
                    onSuccess: (clip) =>
                      void navigate({ to: '/clips/$clipId', params: { clipId: clip.clip_id } }),
                  },
                )
              }
            >
              {create.isPending ? 'Creating…' : refusedLabel('Create clip', refusal)}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}

function FromAsset({
  projects,
  assets,
}: {
  projects: readonly Choice[];
  assets: readonly Choice[];
}) {
  const [assetId, setAssetId] = useState('');
  const [assetError, setAssetError] = useState<string | undefined>();
  const [projectId, setProjectId] = useState('');
  const [projectName, setProjectName] = useState('');
  const [run, setRun] = useState<{ assetId: string; runId: string } | null>(null);
  const create = useCreateClip();
  const refusal = useRefusal('createClip');
  const suggest = useStartSuggestions(assetId);
  const navigate = useNavigate();
  const selectId = useId();

  const needAsset = (): boolean => {
    if (assetId) return true;
    setAssetError('Choose the media asset to cut the clip from.');
    document.getElementById(selectId)?.focus();
    return false;
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
          Media asset
        </label>
        <select
          id={selectId}
          className={selectClass}
          value={assetId}
          aria-invalid={assetError ? true : undefined}
          aria-describedby={assetError ? `${selectId}-error` : undefined}
          onChange={(event) => {
            setAssetId(event.target.value);
            setAssetError(undefined);
          }}
        >
          <option value="">Choose a video or audio asset…</option>
          {assets.map((asset) => (
            <option key={asset.id} value={asset.id}>
              {asset.name}
            </option>
          ))}
        </select>
        {assetError ? (
          <p id={`${selectId}-error`} className="text-xs text-red-700">
            {assetError}
          </p>
        ) : null}
      </div>
      <ProjectChoice
        projects={projects}
        value={projectId}
        onChange={setProjectId}
        name={projectName}
        onName={setProjectName}
      />
      <InlineError error={create.error ?? suggest.error} fieldLabels={CREATE_FIELD_LABELS} />
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={create.isPending || refusal !== null}
          onClick={() => {
            if (!needAsset()) return;
            create.mutate(
              { asset_id: assetId, ...projectFields(projectId, projectName) },
              {
                onSuccess: (clip) =>
                  void navigate({ to: '/clips/$clipId', params: { clipId: clip.clip_id } }),
              },
            );
          }}
        >
          {create.isPending ? 'Creating…' : refusedLabel('Create clip', refusal)}
        </Button>
        <Button
          variant="secondary"
          disabled={suggest.isPending}
          onClick={() => {
            if (!needAsset()) return;
            suggest.mutate(undefined, {
              onSuccess: ({ run_id }) => setRun({ assetId, runId: run_id }),
            });
          }}
        >
          {suggest.isPending ? 'Asking…' : 'Ask for short suggestions'}
        </Button>
      </div>
      {run ? <SuggestionsRunPanel assetId={run.assetId} runId={run.runId} /> : null}
    </div>
  );
}

/** New clip: from a pasted video address (previewed first) or from a media asset. */
export function NewClipPanel({
  projects,
  assets,
  onClose,
}: {
  projects: readonly Choice[];
  assets: readonly Choice[];
  onClose: () => void;
}) {
  const [mode, setMode] = useState<'url' | 'asset'>('url');
  const name = useId();
  return (
    <section
      aria-labelledby={`${name}-heading`}
      className="mb-6 rounded-lg border border-slate-200 bg-white p-6"
    >
      <div className="mb-4 flex items-center justify-between">
        <h2 id={`${name}-heading`} className="text-lg font-semibold">
          New clip
        </h2>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      <fieldset className="mb-4 flex gap-4 text-sm">
        <legend className="sr-only">Source of the clip</legend>
        {(
          [
            ['url', 'From a video address'],
            ['asset', 'From a media asset'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2">
            <input
              type="radio"
              name={name}
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {mode === 'url' ? (
        <FromUrl projects={projects} />
      ) : (
        <FromAsset projects={projects} assets={assets} />
      )}
    </section>
  );
}
