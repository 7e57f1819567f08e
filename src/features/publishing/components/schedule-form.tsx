import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { projectExportsQueryOptions } from '@/api/exports.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { InlineError } from '@/components/error-state.tsx';
import { RadioGroup } from '@/components/radio-group.tsx';
import { SelectField } from '@/components/select-field.tsx';
import { TextAreaField, TextField } from '@/components/text-field.tsx';
import { exportFacts, exportState, exportTitle } from '@/lib/export-facts.ts';
import { formatDateTime } from '@/lib/format.ts';
import { preflightPost, type Refusal } from '@/shared-rules/publishing-preflight.ts';
import { useNow } from '@/lib/use-now.ts';
import {
  connectionsQueryOptions,
  imageAssetsQueryOptions,
  projectsPickerQueryOptions,
  useSchedulePost,
  type SchedulePostBody,
} from '../api/publishing-queries.ts';
import {
  clearScheduleDraft,
  hasUserInput,
  loadScheduleDraft,
  saveScheduleDraft,
  scheduleDraftKey,
  type ScheduleDraft,
} from '../schedule-draft.ts';
import { epochToLocalInputs, localDateTimeToEpoch, userTimeZone } from '../schedule-time.ts';
import { SlideshowOrder } from './slideshow-order.tsx';
import type { Export, MediaAsset, ScheduledPost } from '@/api/schema.gen.ts';
import { deviceStorage } from '@/lib/device-storage.ts';

type Source = 'export' | 'slideshow';
type Mode = NonNullable<SchedulePostBody['publish_mode']>;

/** The request fields the service may name in a 400, as this form labels them. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  export_id: 'Export',
  source_media_asset_ids: 'Workspace images',
  connection_id: 'Account',
  publish_mode: 'Publish as',
  scheduled_for: 'Date and time',
  caption: 'Caption',
};

const draftStorage = deviceStorage;

/** A new post: nothing chosen, scheduled an hour from now in the user's time zone. */
function blankDraft(): ScheduleDraft {
  const { date, time } = epochToLocalInputs(Date.now() + 3_600_000);
  return {
    source: 'export',
    projectId: '',
    exportId: '',
    imageIds: [],
    connectionId: '',
    mode: 'direct_post',
    when: 'later',
    date,
    time,
    caption: '',
  };
}

/**
 * Where the form starts: the draft kept on this device, except that an export chosen by the link
 * that opened the page (“Schedule post” of an export) wins over the draft's export or images.
 */
function startingDraft(
  stored: ScheduleDraft | null,
  projectId: string | undefined,
  exportId: string | undefined,
): ScheduleDraft {
  const base = stored ?? blankDraft();
  if (!projectId) return base;
  return { ...base, source: 'export', projectId, exportId: exportId ?? '', imageIds: [] };
}

/**
 * Schedule a completed export or a slideshow: account, direct post or inbox draft, now or a date
 * and time in the user's time zone (sent as ISO 8601). A preflight lists what would refuse the post
 * before anything is sent; nothing is sent while it refuses.
 */
export function ScheduleForm({
  organizationId,
  initialProjectId,
  initialExportId,
  onScheduled,
}: {
  organizationId: string;
  initialProjectId?: string | undefined;
  initialExportId?: string | undefined;
  onScheduled: (post: ScheduledPost) => void;
}) {
  const now = useNow(15_000);
  const draftKey = scheduleDraftKey(organizationId);
  const [stored] = useState(() => loadScheduleDraft(draftStorage(), draftKey));
  const [start] = useState(() => startingDraft(stored, initialProjectId, initialExportId));
  const [restored, setRestored] = useState(() => stored !== null && hasUserInput(stored));
  const [source, setSource] = useState<Source>(start.source);
  const [projectId, setProjectId] = useState(start.projectId);
  const [exportId, setExportId] = useState(start.exportId);
  // The slideshow's image ids in order (a restored draft's ids show once the images load).
  const [imageIds, setImageIds] = useState<string[]>(start.imageIds);
  const [connectionId, setConnectionId] = useState(start.connectionId);
  const [mode, setMode] = useState<Mode>(start.mode);
  const [when, setWhen] = useState<'now' | 'later'>(start.when);
  const [date, setDate] = useState(start.date);
  const [time, setTime] = useState(start.time);
  const [caption, setCaption] = useState(start.caption);
  const [attempted, setAttempted] = useState(false);
  const preflightRef = useRef<HTMLDivElement>(null);
  const ids = {
    project: useId(),
  };

  const projects = useQuery(projectsPickerQueryOptions);
  const exports = useQuery({ ...projectExportsQueryOptions(projectId), enabled: projectId !== '' });
  const connections = useQuery(connectionsQueryOptions);
  const imageAssets = useQuery({ ...imageAssetsQueryOptions, enabled: source === 'slideshow' });
  const schedule = useSchedulePost();

  const assetsById = new Map((imageAssets.data?.assets ?? []).map((asset) => [asset.id, asset]));
  const images = imageIds.flatMap((id) => assetsById.get(id) ?? []);
  const setImages = (next: MediaAsset[]) => setImageIds(next.map((image) => image.id));

  const draft: ScheduleDraft = {
    source,
    projectId,
    exportId,
    imageIds,
    connectionId,
    mode,
    when,
    date,
    time,
    caption,
  };
  const draftJson = JSON.stringify(draft);
  // The draft as it was when last sent: kept out of storage until the user changes something.
  const sentJson = useRef<string | null>(null);
  useEffect(() => {
    const current = JSON.parse(draftJson) as ScheduleDraft;
    if (draftJson === sentJson.current || !hasUserInput(current)) {
      clearScheduleDraft(draftStorage(), draftKey);
    } else {
      saveScheduleDraft(draftStorage(), draftKey, current);
    }
  }, [draftJson, draftKey]);

  const discardDraft = () => {
    const blank = blankDraft();
    setSource(blank.source);
    setProjectId(initialProjectId ?? '');
    setExportId(initialExportId ?? '');
    setImageIds([]);
    setConnectionId(blank.connectionId);
    setMode(blank.mode);
    setWhen(blank.when);
    setDate(blank.date);
    setTime(blank.time);
    setCaption(blank.caption);
    setAttempted(false);
    setRestored(false);
  };

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
    schedule.mutate(body, {
      onSuccess: (post) => {
        // Sent: a reload starts a new post instead of offering this one again.
        sentJson.current = draftJson;
        clearScheduleDraft(draftStorage(), draftKey);
        setRestored(false);
        onScheduled(post);
      },
    });
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
      {restored ? (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-md bg-indigo-50 p-3 text-sm text-indigo-950"
        >
          <span>Your unsent post was kept on this device and is back as you left it.</span>
          <Button variant="secondary" className="px-2 py-1 text-xs" onClick={discardDraft}>
            Discard draft
          </Button>
        </div>
      ) : null}
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
          <SelectField
            label="Project"
            value={projectId}
            placeholder={projects.isPending ? 'Loading projects…' : 'Choose a project'}
            options={(projects.data?.projects ?? []).map((project) => [project.id, project.name])}
            onChange={(id) => {
              setProjectId(id);
              setExportId('');
            }}
          >
            {projects.isError ? <InlineError error={projects.error} /> : null}
          </SelectField>
          <SelectField
            label="Export"
            value={exportId}
            disabled={projectId === ''}
            placeholder={
              projectId === ''
                ? 'Choose a project first'
                : exports.isPending
                  ? 'Loading exports…'
                  : exports.data?.exports.length === 0
                    ? 'This project has no exports'
                    : 'Choose an export'
            }
            options={(exports.data?.exports ?? []).map((item) => exportOption(item, now))}
            onChange={setExportId}
          >
            {exports.isError ? <InlineError error={exports.error} /> : null}
          </SelectField>
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
        <SelectField
          label="Account"
          value={connectionId}
          placeholder={
            connections.isPending
              ? 'Loading accounts…'
              : connections.data?.connections.length === 0
                ? 'No connected accounts'
                : 'Choose an account'
          }
          options={(connections.data?.connections ?? []).map((item) => [
            item.connection_id,
            `${item.account_name} (${item.status}, up to ${item.max_duration_seconds} s)`,
          ])}
          onChange={setConnectionId}
        >
          {connections.isError ? <InlineError error={connections.error} /> : null}
        </SelectField>
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

      <div className="flex flex-col gap-2">
        <RadioGroup<'now' | 'later'>
          legend={`When (your time zone: ${userTimeZone()})`}
          name="when"
          layout="row"
          options={[
            ['now', 'Post now'],
            ['later', 'Schedule for'],
          ]}
          value={when}
          onChange={setWhen}
        />
        {when === 'later' ? (
          <div className="flex flex-wrap gap-4">
            <TextField
              label="Date"
              type="date"
              value={date}
              onChange={(event) => setDate(event.target.value)}
            />
            <TextField
              label="Time"
              type="time"
              value={time}
              onChange={(event) => setTime(event.target.value)}
            />
          </div>
        ) : null}
      </div>

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

      <InlineError error={schedule.error} fieldLabels={FIELD_LABELS} />
      <div className="flex justify-end">
        <Button type="submit" pending={schedule.isPending}>
          {schedule.isPending ? 'Sending…' : when === 'now' ? 'Post now' : 'Schedule post'}
        </Button>
      </div>
    </form>
  );
}

/** Why an export cannot be posted, in the option's own words (null: it can). */
const NOT_POSTABLE: Record<ReturnType<typeof exportState>, string | null> = {
  complete: null,
  rendering: 'still rendering, cannot be posted yet',
  failed: 'failed, nothing to post',
  expired: 'expired, cannot be posted',
};

/**
 * An export as the picker offers it: when it was rendered, resolution, length, size and expiry.
 * One that cannot be posted (rendering, failed, expired) is shown disabled, saying why.
 */
function exportOption(
  item: Export,
  now: number,
): readonly [string, string] | readonly [string, string, { disabled: boolean }] {
  const why = NOT_POSTABLE[exportState(item, now)];
  const facts = exportFacts(item);
  const text =
    exportTitle(item) +
    (facts ? ` · ${facts}` : '') +
    (why ? ` (${why})` : item.expires_at ? ` · expires ${formatDateTime(item.expires_at)}` : '');
  return why ? [item.export_id, text, { disabled: true }] : [item.export_id, text];
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
