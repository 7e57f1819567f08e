import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { projectExportsQueryOptions } from '@/api/exports.ts';
import { Button } from '@/components/button.tsx';
import { InlineError } from '@/components/error-state.tsx';
import { RadioGroup } from '@/components/radio-group.tsx';
import { TextAreaField } from '@/components/text-field.tsx';
import { formatBytes, formatDateTime, formatDuration } from '@/lib/format.ts';
import { preflightPost, type Refusal } from '@/lib/publishing-preflight.ts';
import { useNow } from '@/lib/use-now.ts';
import {
  connectionsQueryOptions,
  imageAssetsQueryOptions,
  projectsPickerQueryOptions,
  useSchedulePost,
  type SchedulePostBody,
} from '../api/publishing-queries.ts';
import { epochToLocalInputs, localDateTimeToEpoch, userTimeZone } from '../schedule-time.ts';
import { SlideshowOrder } from './slideshow-order.tsx';
import type { MediaAsset, ScheduledPost } from '@/api/schema.gen.ts';

type Source = 'export' | 'slideshow';
type Mode = NonNullable<SchedulePostBody['publish_mode']>;

const selectClass = 'rounded-md border border-slate-300 px-3 py-2 text-sm';

/**
 * Schedule a completed export or a slideshow: account, direct post or inbox draft, now or a date
 * and time in the user's time zone (sent as ISO 8601). A preflight lists what would refuse the post
 * before anything is sent; nothing is sent while it refuses.
 */
export function ScheduleForm({
  initialProjectId,
  initialExportId,
  onScheduled,
}: {
  initialProjectId?: string | undefined;
  initialExportId?: string | undefined;
  onScheduled: (post: ScheduledPost) => void;
}) {
  const now = useNow(15_000);
  const [source, setSource] = useState<Source>('export');
  const [projectId, setProjectId] = useState(initialProjectId ?? '');
  const [exportId, setExportId] = useState(initialExportId ?? '');
  const [images, setImages] = useState<MediaAsset[]>([]);
  const [connectionId, setConnectionId] = useState('');
  const [mode, setMode] = useState<Mode>('direct_post');
  const [when, setWhen] = useState<'now' | 'later'>('later');
  // An hour from when the form opened, in the user's time zone.
  const [date, setDate] = useState(() => epochToLocalInputs(Date.now() + 3_600_000).date);
  const [time, setTime] = useState(() => epochToLocalInputs(Date.now() + 3_600_000).time);
  const [caption, setCaption] = useState('');
  const [attempted, setAttempted] = useState(false);
  const preflightRef = useRef<HTMLDivElement>(null);
  const ids = {
    project: useId(),
    export: useId(),
    connection: useId(),
    date: useId(),
    time: useId(),
  };

  const projects = useQuery(projectsPickerQueryOptions);
  const exports = useQuery({ ...projectExportsQueryOptions(projectId), enabled: projectId !== '' });
  const connections = useQuery(connectionsQueryOptions);
  const imageAssets = useQuery({ ...imageAssetsQueryOptions, enabled: source === 'slideshow' });
  const schedule = useSchedulePost();

  const chosenExport =
    source === 'export'
      ? (exports.data?.exports.find((item) => item.export_id === exportId) ?? null)
      : null;
  const connection =
    connections.data?.connections.find((item) => item.connection_id === connectionId) ?? null;
  const scheduledFor = when === 'now' ? now : localDateTimeToEpoch(date, time);
  const refusals: Refusal[] = preflightPost({
    export: chosenExport,
    imageIds: source === 'slideshow' ? images.map((image) => image.id) : [],
    connection,
    publishMode: mode,
    scheduledFor,
    now,
  });

  const submit = () => {
    setAttempted(true);
    if (refusals.length > 0 || scheduledFor === null || !connection) {
      preflightRef.current?.focus();
      return;
    }
    const body: SchedulePostBody = {
      connection_id: connection.connection_id,
      publish_mode: mode,
      scheduled_for: new Date(scheduledFor).toISOString(),
      ...(caption.trim() ? { caption: caption.trim() } : {}),
      ...(source === 'export'
        ? { export_id: exportId }
        : { source_media_asset_ids: images.map((image) => image.id) }),
    };
    schedule.mutate(body, { onSuccess: (post) => onScheduled(post) });
  };

  return (
    <form
      aria-label="Schedule a post"
      className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <RadioGroup<Source>
        legend="What to post"
        name="source"
        layout="row"
        options={[
          ['export', 'A completed export'],
          ['slideshow', 'A slideshow of images'],
        ]}
        value={source}
        onChange={setSource}
      />

      {source === 'export' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.project} className="text-sm font-medium text-slate-700">
              Project
            </label>
            <select
              id={ids.project}
              className={selectClass}
              value={projectId}
              onChange={(event) => {
                setProjectId(event.target.value);
                setExportId('');
              }}
            >
              <option value="">
                {projects.isPending ? 'Loading projects…' : 'Choose a project'}
              </option>
              {projects.data?.projects.map((project) => (
                <option key={project.id} value={project.id}>
                  {project.name}
                </option>
              ))}
            </select>
            {projects.isError ? <InlineError error={projects.error} /> : null}
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.export} className="text-sm font-medium text-slate-700">
              Export
            </label>
            <select
              id={ids.export}
              className={selectClass}
              value={exportId}
              disabled={projectId === ''}
              onChange={(event) => setExportId(event.target.value)}
            >
              <option value="">
                {projectId === ''
                  ? 'Choose a project first'
                  : exports.isPending
                    ? 'Loading exports…'
                    : exports.data?.exports.length === 0
                      ? 'This project has no exports'
                      : 'Choose an export'}
              </option>
              {exports.data?.exports.map((item) => (
                <option key={item.export_id} value={item.export_id}>
                  {item.export_id} · {item.status} · {formatDuration(item.duration_seconds)} ·{' '}
                  {formatBytes(item.file_size_bytes)}
                  {item.expires_at ? ` · expires ${formatDateTime(item.expires_at)}` : ''}
                </option>
              ))}
            </select>
            {exports.isError ? <InlineError error={exports.error} /> : null}
          </div>
        </div>
      ) : (
        <SlideshowPicker
          assets={imageAssets.data?.assets ?? []}
          loading={imageAssets.isPending}
          error={imageAssets.error}
          selected={images}
          onChange={setImages}
        />
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.connection} className="text-sm font-medium text-slate-700">
            Account
          </label>
          <select
            id={ids.connection}
            className={selectClass}
            value={connectionId}
            onChange={(event) => setConnectionId(event.target.value)}
          >
            <option value="">
              {connections.isPending
                ? 'Loading accounts…'
                : connections.data?.connections.length === 0
                  ? 'No connected accounts'
                  : 'Choose an account'}
            </option>
            {connections.data?.connections.map((item) => (
              <option key={item.connection_id} value={item.connection_id}>
                {item.account_name} ({item.status}, up to {item.max_duration_seconds} s)
              </option>
            ))}
          </select>
          {connections.isError ? <InlineError error={connections.error} /> : null}
        </div>
        <RadioGroup<Mode>
          legend="Publish as"
          name="publish_mode"
          options={[
            ['direct_post', 'Direct post (goes live)'],
            ['inbox_draft', 'Inbox draft (finish in the app)'],
          ]}
          value={mode}
          onChange={setMode}
        />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium text-slate-700">
          When (your time zone: {userTimeZone()})
        </legend>
        <div className="flex gap-4">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="when"
              checked={when === 'now'}
              onChange={() => setWhen('now')}
            />
            Post now
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="when"
              checked={when === 'later'}
              onChange={() => setWhen('later')}
            />
            Schedule for
          </label>
        </div>
        {when === 'later' ? (
          <div className="flex flex-wrap gap-4">
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.date} className="text-sm text-slate-700">
                Date
              </label>
              <input
                id={ids.date}
                type="date"
                className={selectClass}
                value={date}
                onChange={(event) => setDate(event.target.value)}
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.time} className="text-sm text-slate-700">
                Time
              </label>
              <input
                id={ids.time}
                type="time"
                className={selectClass}
                value={time}
                onChange={(event) => setTime(event.target.value)}
              />
            </div>
          </div>
        ) : null}
      </fieldset>

      <TextAreaField
        label="Caption"
        hint="Up to 2,200 characters."
        maxLength={2200}
        value={caption}
        onChange={(event) => setCaption(event.target.value)}
      />

      <div
        ref={preflightRef}
        tabIndex={-1}
        aria-labelledby={`${ids.project}-preflight`}
        role="region"
        className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm focus:outline-2 focus:outline-indigo-600"
      >
        <h3 id={`${ids.project}-preflight`} className="font-semibold">
          Preflight
        </h3>
        {refusals.length === 0 ? (
          <p className="mt-1 text-emerald-800">Ready: nothing we know of would refuse this post.</p>
        ) : (
          <div role={attempted ? 'alert' : undefined}>
            <ul className={`mt-1 list-disc pl-5 ${attempted ? 'text-red-800' : 'text-slate-700'}`}>
              {refusals.map((refusal) => (
                <li key={refusal.code}>{refusal.message}</li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <InlineError error={schedule.error} />
      <div className="flex justify-end">
        <Button type="submit" pending={schedule.isPending}>
          {schedule.isPending ? 'Sending…' : when === 'now' ? 'Post now' : 'Schedule post'}
        </Button>
      </div>
    </form>
  );
}

function SlideshowPicker({
  assets,
  loading,
  error,
  selected,
  onChange,
}: {
  assets: readonly MediaAsset[];
  loading: boolean;
  error: unknown;
  selected: MediaAsset[];
  onChange: (next: MediaAsset[]) => void;
}) {
  const chosen = new Set(selected.map((image) => image.id));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">Workspace images</legend>
        {error ? <InlineError error={error} /> : null}
        {loading ? (
          <p className="text-sm text-slate-600">Loading images…</p>
        ) : assets.length === 0 ? (
          <p className="text-sm text-slate-600">No images in the media library yet.</p>
        ) : (
          <ul className="flex max-h-72 flex-col gap-1 overflow-auto">
            {assets.map((asset) => (
              <li key={asset.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={chosen.has(asset.id)}
                    onChange={(event) =>
                      onChange(
                        event.target.checked
                          ? [...selected, asset]
                          : selected.filter((image) => image.id !== asset.id),
                      )
                    }
                  />
                  {asset.name}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div>
        <h3 className="mb-1 text-sm font-medium text-slate-700">
          Order ({selected.length} {selected.length === 1 ? 'image' : 'images'})
        </h3>
        <SlideshowOrder images={selected} onChange={onChange} />
      </div>
    </div>
  );
}
