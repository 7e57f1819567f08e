import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveEvent, Note } from '@/api/bff-schema.gen.ts';
import { patchObjects, type ObjectKind } from '@/api/object-caches.ts';
import { putNoteInCache } from '@/api/plan-notes.ts';
import { cachedProjectName } from '@/api/projects.ts';
import { queryKeys } from '@/api/query-keys.ts';
import type { Toast } from '@/lib/toast-store.ts';
import { jobKindLabel } from '@/lib/job-kind-label.ts';

/**
 * What an event says about one object, written at once into every cached view of it (the list,
 * its page, the tray) before the refetches bring the rest: `where` picks the object by its fields,
 * `set` is the news. A copy that is already further along is left as it is.
 */
export interface CachePatch {
  kind: ObjectKind;
  where: Record<string, string>;
  set: Record<string, unknown>;
}

/** An event as the BFF relays it from the service's signed webhooks (bff.yaml `LiveEvent`). */

export interface EventEffects {
  invalidate: QueryKey[];
  /** News written into every cached copy of the objects it is about (see CachePatch). */
  patches?: CachePatch[];
  /**
   * The toast for finished work. Shown only to the browser that started the work or shows it on
   * screen now (`subject.ids` holds the job / export / revision ids to look up), once per outcome
   * (`subject.key`); everyone else sees the outcome in the jobs tray.
   */
  toast?: Omit<Toast, 'id'> & { id: string };
  subject?: { ids: string[]; key: string };
  /**
   * A note written, changed or deleted (the BFF's note events carry the note itself): put into
   * the cached notes of its revision at once, with no read.
   */
  note?: { projectId: string; revisionId: string } & ({ note: Note } | { removed: string });
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** An event's `data`, read field by field (most events' data fields are not in the contract). */
const fields = (event: LiveEvent): Record<string, unknown> => event.data;

/**
 * What an event changes in the UI: the news it carries about objects (patched into every view of
 * them), the queries to refresh and, for finished work, a toast.
 */
export function effectsOfEvent(event: LiveEvent, names: EventNames = {}): EventEffects {
  const review = reviewEffects(event);
  if (review) return review;
  const effects = withAbout(event, withReviewQueue(event, effectsOfServiceEvent(event, names)));
  const patches = patchesOfEvent(event);
  return patches.length > 0 ? { ...effects, patches } : effects;
}

/** What the app already knows to name an event's objects by (the cache's project name). */
export interface EventNames {
  project?: string;
}

/** A toast says what it is about (`kind:id` keys), so it keeps clear of those on screen. */
function withAbout(event: LiveEvent, effects: EventEffects): EventEffects {
  if (!effects.toast) return effects;
  const data = fields(event);
  const about = (['job', 'export', 'revision', 'clip', 'post'] as const).flatMap((kind) => {
    const id = str(data[`${kind}_id`]);
    return id ? [`${kind}:${id}`] : [];
  });
  return about.length > 0 ? { ...effects, toast: { ...effects.toast, about } } : effects;
}

/**
 * The one place a live event reaches the query cache: its news is written into every cached view
 * of the objects it names, then what it makes stale is refetched. Returns the effects (the caller
 * decides about the toast).
 */
export function applyLiveEvent(client: QueryClient, event: LiveEvent): EventEffects {
  const project = cachedProjectName(client, str(fields(event).project_id));
  const effects = effectsOfEvent(event, project ? { project } : {});
  for (const patch of effects.patches ?? []) {
    patchObjects(
      client,
      patch.kind,
      (object) => {
        const record = object as unknown as Record<string, unknown>;
        return Object.entries(patch.where).every(([field, value]) => record[field] === value);
      },
      patch.set as never,
    );
  }
  if (effects.note) {
    const { projectId, revisionId } = effects.note;
    putNoteInCache(
      client,
      { projectId, revisionId },
      'note' in effects.note ? { note: effects.note.note } : { removed: effects.note.removed },
    );
  }
  for (const queryKey of effects.invalidate) void client.invalidateQueries({ queryKey });
  // The delivery log on the settings screen lists every event the BFF received (its own events
  // are not deliveries).
  if (!isReviewEvent(event))
    void client.invalidateQueries({ queryKey: queryKeys.webhookDeliveries });
  return effects;
}

/** The news an event carries about the objects it names (its `data` fields). */
export function patchesOfEvent(event: LiveEvent): CachePatch[] {
  const data = fields(event);
  const jobId = str(data.job_id);
  const exportId = str(data.export_id);
  const clipId = str(data.clip_id);
  const revisionId = str(data.revision_id);
  const error = str(data.error);
  const at = event.created_at;
  const patches: CachePatch[] = [];
  const failure = error ? { error } : {};
  switch (event.type) {
    case 'job.complete':
    case 'job.failed': {
      const failed = event.type === 'job.failed';
      const set = { status: failed ? 'failed' : 'complete', completed_at: at, ...failure };
      if (jobId) patches.push({ kind: 'job', where: { job_id: jobId }, set });
      else if (exportId) patches.push({ kind: 'job', where: { export_id: exportId }, set });
      break;
    }
    case 'export.ready':
    case 'export.failed': {
      if (!exportId) break;
      const ready = event.type === 'export.ready';
      const download = str(data.download_url);
      const links = ready && download ? { download_url: download } : {};
      patches.push({
        kind: 'job',
        where: { export_id: exportId },
        set: { status: ready ? 'complete' : 'failed', completed_at: at, ...links, ...failure },
      });
      patches.push({
        kind: 'export',
        where: { export_id: exportId },
        set: {
          status: ready ? 'complete' : 'failed',
          ...links,
          ...(ready && str(data.expires_at) ? { expires_at: str(data.expires_at) } : {}),
        },
      });
      break;
    }
    case 'faceless.failed':
      if (revisionId) {
        patches.push({
          kind: 'revision',
          where: { id: revisionId },
          set: { status: 'failed', ...failure },
        });
      }
      break;
    default:
      break;
  }
  // A clip's step: the clip's status as it stood when the event left the service. A clip's and a
  // revision's patch keeps their `updated_at` (what ranks their copies): the event's few fields
  // must not outrank the whole answer the refetch brings next (the clip's download, for one).
  const clipStatus = str(data.clip_status);
  if (clipId && clipStatus) {
    patches.push({ kind: 'clip', where: { clip_id: clipId }, set: { status: clipStatus } });
  }
  return patches;
}

/** What an event makes stale, and for finished work a toast. */
function effectsOfServiceEvent(event: LiveEvent, names: EventNames): EventEffects {
  const projectId = str(fields(event).project_id);
  const projectScoped = (forProject: (id: string) => QueryKey, all: QueryKey): QueryKey =>
    projectId ? forProject(projectId) : all;
  const jobKind = str(fields(event).type) ?? str(fields(event).kind);
  const jobId = str(fields(event).job_id);
  const exportId = str(fields(event).export_id);
  const revisionId = str(fields(event).revision_id);
  const ids = [jobId, exportId, revisionId].filter((id): id is string => Boolean(id));
  // One announcement per piece of work: an export job is keyed by its export (see outcomeKey).
  const subject =
    ids.length > 0 ? { ids, key: outcomeKey(jobId, exportId, revisionId ?? event.id) } : undefined;
  const withSubject = subject ? { subject } : {};

  const clipId = str(fields(event).clip_id);
  if (clipId) return clipEffects(event, clipId);
  const runId = str(fields(event).run_id);
  const assetId = str(fields(event).asset_id);
  if (runId && assetId && (event.type === 'job.complete' || event.type === 'job.failed')) {
    return suggestionRunEffects(event, assetId, runId);
  }

  switch (event.type) {
    case 'export.ready':
      return {
        invalidate: [
          projectScoped(queryKeys.exports.project, queryKeys.exports.all),
          queryKeys.jobs.all,
          queryKeys.credits,
        ],
        ...withSubject,
        toast: {
          id: event.id,
          tone: 'success',
          title: 'Export ready',
          detail: names.project
            ? `The export of “${names.project}” finished rendering.`
            : 'The export finished rendering.',
          ...(str(fields(event).download_url)
            ? { href: str(fields(event).download_url), hrefLabel: 'Download' }
            : {}),
        },
      };
    case 'export.failed':
      return {
        invalidate: [
          projectScoped(queryKeys.exports.project, queryKeys.exports.all),
          queryKeys.jobs.all,
        ],
        ...withSubject,
        toast: {
          id: event.id,
          tone: 'error',
          title: 'Export failed',
          detail: `${names.project ? `“${names.project}”: ` : ''}${
            str(fields(event).error) ?? 'The render did not finish. Start the export again.'
          }`,
        },
      };
    case 'job.complete':
    case 'job.failed': {
      const faceless = isFacelessJob(event);
      const toast = jobToast(event, jobKind, names.project);
      return {
        invalidate: [
          queryKeys.jobs.all,
          projectScoped(queryKeys.exports.project, queryKeys.exports.all),
          // Preproduction finishing moves a revision to assets_ready.
          ...(faceless ? [projectScoped(queryKeys.plans.project, queryKeys.plans.all)] : []),
          queryKeys.credits,
        ],
        ...(toast ? { toast, ...withSubject } : {}),
      };
    }
    case 'faceless.complete':
    case 'faceless.failed': {
      const failed = event.type === 'faceless.failed';
      const revision =
        typeof fields(event).revision === 'number' ? ` revision ${fields(event).revision}` : '';
      const revisionId = str(fields(event).revision_id);
      return {
        invalidate: [
          projectScoped(queryKeys.plans.project, queryKeys.plans.all),
          queryKeys.jobs.all,
          queryKeys.credits,
        ],
        ...withSubject,
        toast: {
          id: event.id,
          tone: failed ? 'error' : 'success',
          title: failed ? `Faceless plan${revision} failed` : `Faceless video${revision} is ready`,
          detail: failed
            ? (str(fields(event).error) ??
              'The run stopped. Open the plan, revise it and approve again.')
            : 'Generation finished; the plan shows the result.',
          ...(projectId && revisionId
            ? { href: `/projects/${projectId}/plans/${revisionId}`, hrefLabel: 'Open the plan' }
            : {}),
        },
      };
    }
    case 'transcription.complete':
    case 'transcription.failed':
    case 'media.uploaded':
      return { invalidate: [queryKeys.media.all, queryKeys.clips.all] };
    case 'project.created':
      return { invalidate: [queryKeys.projects.lists] };
    default:
      return { invalidate: [] };
  }
}

const CLIP_STATUS_WORDS: Record<string, string> = {
  needs_repair: 'needs repair',
  needs_reselection: 'needs another moment',
  failed: 'failed',
};

/**
 * A clip's step finished (job.*), its source was read (transcription.*) or its render is out
 * (export.*): refresh the clip, every clip list and count, and the jobs. Only a stop and the
 * finished file are worth a toast; the steps in between show on the clip itself.
 */
function clipEffects(event: LiveEvent, clipId: string): EventEffects {
  const projectId = str(fields(event).project_id);
  const invalidate: QueryKey[] = [queryKeys.clips.all, queryKeys.jobs.all];
  if (event.type.startsWith('export.') && projectId) {
    invalidate.push(queryKeys.exports.project(projectId));
  }
  const href = `/clips/${encodeURIComponent(clipId)}`;
  if (event.type === 'job.failed') {
    const words = CLIP_STATUS_WORDS[str(fields(event).clip_status) ?? ''] ?? 'stopped';
    return {
      invalidate,
      // Info, not error: the clip waits for a decision; the toast need not stay on screen.
      toast: {
        id: event.id,
        tone: 'info',
        title: `A clip ${words}`,
        detail: str(fields(event).error) ?? 'Open the clip to see what failed and how to fix it.',
        href,
        hrefLabel: 'Open the clip',
      },
    };
  }
  if (event.type === 'export.ready') {
    const download = str(fields(event).download_url);
    return {
      invalidate,
      toast: {
        id: event.id,
        tone: 'success',
        title: 'Clip exported',
        detail: 'The clip’s file is ready to download.',
        ...(download ? { href: download, hrefLabel: 'Download' } : { href, hrefLabel: 'Open' }),
      },
    };
  }
  return { invalidate };
}

function suggestionRunEffects(event: LiveEvent, assetId: string, runId: string): EventEffects {
  const failed = event.type === 'job.failed';
  return {
    invalidate: [queryKeys.suggestionRun(assetId, runId)],
    toast: failed
      ? {
          id: event.id,
          tone: 'error',
          title: 'Short suggestions failed',
          detail: str(fields(event).error) ?? 'The run did not finish.',
        }
      : { id: event.id, tone: 'success', title: 'Short suggestions ready' },
  };
}

/**
 * The toast of a finished job, unless another event announces it: an export's export.ready /
 * export.failed, a faceless run's faceless.complete / faceless.failed. Finished preproduction
 * has no event of its own, so its job's completion is announced here.
 */
function jobToast(
  event: LiveEvent,
  jobKind: string | undefined,
  project: string | undefined,
): EventEffects['toast'] {
  const failed = event.type === 'job.failed';
  if (isExportJob(event)) return undefined;
  if (isFacelessJob(event)) {
    return jobKind === 'faceless_preproduction' && !failed
      ? {
          id: event.id,
          tone: 'success',
          title: 'Preproduction finished',
          detail: 'The plan’s keyframes and QA are ready for review.',
        }
      : undefined;
  }
  const title = `${jobKindLabel(jobKind)}${project ? ` of “${project}”` : ''}`;
  return failed
    ? {
        id: event.id,
        tone: 'error',
        title: `${title} failed`,
        detail: str(fields(event).error) ?? 'See the job for details.',
      }
    : { id: event.id, tone: 'success', title: `${title} finished` };
}

function isFacelessJob(event: LiveEvent): boolean {
  return (str(fields(event).type) ?? '').startsWith('faceless');
}

/** The key of a piece of work's one announcement: its export when it renders one, else the job. */
export function outcomeKey(
  jobId: string | undefined,
  exportId: string | undefined,
  fallback: string,
): string {
  return `outcome:${exportId || jobId || fallback}`;
}

function isExportJob(event: LiveEvent): boolean {
  return Boolean(str(fields(event).export_id)) || str(fields(event).type) === 'export';
}

// ───────────────────────── Review queue (/review and its navigation count) ─────────────────────────

/**
 * A faceless run that finished or failed (faceless.complete / faceless.failed, or the job of a
 * preproduction that produced assets to review) adds, moves or removes revisions of the review
 * queue: it is read again, and the navigation count follows. (Revisions created elsewhere send no
 * event: the open queue polls for them.)
 */
function withReviewQueue(event: LiveEvent, effects: EventEffects): EventEffects {
  const facelessRun =
    event.type === 'faceless.complete' ||
    event.type === 'faceless.failed' ||
    ((event.type === 'job.complete' || event.type === 'job.failed') && isFacelessJob(event));
  return facelessRun
    ? { ...effects, invalidate: [...effects.invalidate, queryKeys.reviewQueue] }
    : effects;
}

// ───────────────────────── Notes, decisions, names (the BFF's own events) ─────────────────────────

const REVIEW_EVENTS = new Set([
  'note.created',
  'note.updated',
  'note.deleted',
  'notes.carried',
  'decision.created',
  'person.updated',
]);

function isReviewEvent(event: LiveEvent): boolean {
  return REVIEW_EVENTS.has(event.type);
}

const isNote = (value: unknown): value is Note =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Note).id === 'string' &&
  typeof (value as Note).version === 'number';

/**
 * A note, a decision or a display name changed, by anyone, on any instance: the note itself goes
 * into its revision's cached notes (markers, panel and counts follow at once); the review states
 * of the queue, the projects list and the project page, and the audit trail, are read again. A
 * carry-over moves notes between two revisions of a project: both are read again; a new name
 * renames people everywhere.
 */
function reviewEffects(event: LiveEvent): EventEffects | null {
  if (!isReviewEvent(event)) return null;
  const data = fields(event);
  const projectId = str(data.project_id);
  const revisionId = str(data.revision_id);
  const counts = [queryKeys.reviewStates.all, queryKeys.audit.all];
  switch (event.type) {
    case 'note.created':
    case 'note.updated': {
      const note = data.note;
      if (!projectId || !revisionId || !isNote(note)) return { invalidate: counts };
      return { invalidate: counts, note: { projectId, revisionId, note } };
    }
    case 'note.deleted': {
      const noteId = str(data.note_id);
      if (!projectId || !revisionId || !noteId) return { invalidate: counts };
      return { invalidate: counts, note: { projectId, revisionId, removed: noteId } };
    }
    case 'notes.carried':
      return {
        invalidate: [
          projectId ? queryKeys.planNotes.project(projectId) : queryKeys.planNotes.all,
          ...counts,
        ],
      };
    case 'decision.created':
      return {
        invalidate: [
          projectId && revisionId
            ? queryKeys.planNotes.revision(projectId, revisionId)
            : queryKeys.planNotes.all,
          ...counts,
        ],
      };
    default:
      // person.updated: every name shown may be theirs.
      return {
        invalidate: [queryKeys.people.all, queryKeys.planNotes.all, ...counts],
      };
  }
}
