/**
 * The Video Creation Service simulator: one in-memory store (seeded deterministically), a ticker
 * that moves background work forward, fault injection, idempotency records and a webhook
 * dispatcher. Handlers (handlers/create-handlers.ts) serve it over msw; http-server.ts puts it on
 * a real loopback port; browser.ts runs it in a service worker.
 *
 * Assumed rules (the reference does not show them; each is written once):
 * - Auth: demo keys vcs_test_demo_paid (org_demo, plan pro), vcs_test_demo_free (org_demo_free,
 *   plan free), vcs_test_demo_readonly (org_demo; every POST/PATCH/PUT/DELETE is 403
 *   `insufficient_access`). Other or missing keys: 401 `unauthorized` (lib/auth.ts).
 * - Paid-plan operations (faceless revise and approve, export start, ai-edit apply-style, clip
 *   creation) answer 403 `plan_required` to the free plan.
 * - Errors are `{error: {code, message, param, doc_url}}`; validation is 400 `invalid_request`
 *   naming the offending field; unknown resources are 404 `not_found` naming the path parameter,
 *   also on project-scoped routes whose contract entry lists no 404.
 * - List defaults: limit 20; `limit` must be an integer in its range, `offset` an integer >= 0.
 * - Deletes (rules/deletion.ts): neither dry_run nor confirm_delete → nothing deleted, answered as
 *   a dry run; dry_run wins; ids / search / name_prefix select the union; at least one selector
 *   (param `ids`); unknown ids are failed_items `not_found: ...`; impact = projects linked to the
 *   selected assets and clips generated from them (what the cascade flags would delete, or leave
 *   dangling when false); project deletes report the clips of the projects as generated clips.
 *   The three deletes honour an Idempotency-Key (a repeated request deletes once).
 * - Multipart uploads (rules/uploads.ts): start / sign-part / parts / complete / abort; part bytes
 *   go to HMAC-signed URLs and into a PartStore (on disk for the HTTP server); complete assembles
 *   the asset and sends `media.uploaded`.
 * - Background runs (rules/background-runs.ts): the seeded trigger runs, a few stuck ones, and the
 *   short-suggestion runs of assets; the admin cancel endpoint cancels them.
 * - Fault `deleteFailOnce` (SIM_DELETE_FAIL_ONCE, a regex over names): the first confirmed delete
 *   of each matching asset or project fails for that item (`unavailable: ...`); a retry works.
 * - Fault `clipSlow` (SIM_CLIP_SLOW, a regex over a clip's asset id or video address): that
 *   clip's pipeline steps take 4× as long.
 * - Fault `notFoundPaths` (SIM_NOT_FOUND_PATHS, a regex over request paths): every request to a
 *   matching path is 404 `not_found`, as from a service without that operation.
 * - GET /faceless/plans (assumed): every plan revision of the workspace's faceless projects,
 *   oldest first (created_at, id), with its project's name, the revision numbered before it and
 *   the project's newest number; `status` repeats.
 * - Idempotency-Key (faceless revise, primary reference, clip creation): scoped per organization +
 *   operation; identical input replays with `Idempotent-Replayed: true`; different input is 409
 *   `idempotency_conflict` (lib/idempotency.ts).
 * - Timeline (rules/timeline.ts): every edit bumps `revision`; a stale `expected_revision` is 409
 *   `revision_conflict`; a negative start is 400 (`new_start_seconds`); items on a locked layer
 *   (the seeded "Brand watermark (locked)" layer) cannot be moved, trimmed or deleted; batch
 *   delete never packs (`packed: false`, `clips_shifted: 0`) unless the body says `pack: true`,
 *   which closes the gaps the deleted items leave on their layers; `captions_removed` counts the
 *   caption words of deleted caption items. Trim previews are destructive when the trim removes
 *   the item (zero length) or cuts caption words; trimming past the source bounds is clamped with
 *   a warning.
 * - Timeline operation batch (assumed): operations run in order on a draft; all apply under one
 *   new revision or none does (`failed_operations` with index, code, reason); moves are checked for
 *   overlaps after the whole batch; `dry_run` applies nothing; an Idempotency-Key replays
 *   (rules/timeline-batch.ts). A trim warns only about the caption words of the trimmed item.
 * - Timeline batch delete takes at most 100 ids (the reference's limit for delete operations);
 *   unknown or locked items are failed_items with error_code `validation_error`, retryable false
 *   and error_details.reason `not_found` / `locked_layer`. Moves may not overlap another item of
 *   the target layer or land on a layer of an incompatible kind (400).
 * - Caption `match_text` is a case-insensitive substring of the word; PATCH captions/words is
 *   atomic and answers 404 (param `updates[i].id`) for an unknown word id.
 * - Unknown ids in bodies (asset_id, project_id, timeline_item_id, export_id) are 404 `not_found`
 *   naming the field; cancelling a finished job answers the job unchanged.
 *
 * Status machines driven by the ticker (simulated ms = real ms × timeScale):
 * - Job: queued (0.5 s) → running (progress 0 → 1 over 2.5 s) → complete | failed; cancel →
 *   cancelled. An export job completes by adding an Export (download_url, expires_at in 7 days) to
 *   the project and sending `export.ready` + `job.complete` (or `export.failed` + `job.failed` when
 *   the timeline is empty).
 * - Clip (created by POST /clips; rules/clip-pipeline.ts): preparing_source (4 s) →
 *   awaiting_suggestions (3 s) → selecting_clip (1.5 s) → assembling (4 s) → qa_running (2.5 s) →
 *   ready (2.5 s) → exporting (3 s) → exported, each step a job record (`clip_<step>`) ending with
 *   `job.complete` / `job.failed` (data: job_id, type, clip_id, clip_status, project_id,
 *   asset_id); the export step adds an Export to the clip's project and sends `export.ready`.
 *   The source decides the ending: audio assets fail at source; otherwise a hash of the asset id
 *   or video id: 60% exported, else failed at source (not retryable), failed at assembly or export
 *   (retry with the same input), needs_reselection (retry with another suggestion) or
 *   needs_repair (retry with another layout or suggestion). POST /clips/{id}/retry re-runs only
 *   the stopped step, then the clip continues (retries get through). Without project_id a clip
 *   gets a project of its own (`project.created`). Seeded clips stay where they are.
 * - Short-suggestion runs: queued (0.5 s) → running (3 s) → complete with 6 suggestions
 *   (`job.complete`, type short_suggestions), or failed for an image asset (`job.failed`).
 * - Seeded queued / running export jobs move the same way once the ticker runs.
 * - Faceless (rules/faceless.ts): approve stage `plan` (only from draft) → plan_approved + a
 *   preproduction job that generates the assets the revision lacks → assets_ready; approve stage
 *   `assets` (only from assets_ready) → generating + a generation job → complete and
 *   `faceless.complete`. Other transitions are 409 `invalid_transition`. An unavailable image
 *   (preproduction) or video (generation) model fails the run: status failed, `error`, and
 *   `faceless.failed`. A revise drops the assets and QA its changes make stale
 *   (src/shared-rules/faceless-staleness.ts). Seeded revisions caught mid-run carry on.
 * - POST /projects sends `project.created`.
 * - Sound (audio/, assumed preview-audio and waveform): every video and audio asset sounds, from
 *   its seeded id and its name (audio/sound-source.ts): the demo interview's cameras speak its
 *   transcript from the committed espeak-ng word bank, music beds and effects are synthesized,
 *   B-roll is room tone, other talk is voiced syllables with seeded pauses; images are silent
 *   (waveform 400 `assetId`). preview-audio mixes the timeline at its revision (items at their
 *   source offsets, volume, fades, mute; `layers`) as 32-bit float WAV at 24 kHz or Ogg Opus;
 *   waveform peaks are BBC audiowaveform JSON from the same sounds.
 * Faults (lib/faults.ts, off by default): latency, 429 `rate_limited` with Retry-After, 500
 * `internal_error`, optionally only for paths matching a regex; decided before authentication by
 * a seeded generator; `setFaults` changes them at runtime.
 * Webhook events are `{id: 'evt_...', type, created_at, data}`; `data` always carries
 * `organization_id`. Deliveries are signed (x-service-timestamp, x-service-signature = hex
 * HMAC-SHA256(secret, `${timestamp}.${rawBody}`)), fire-and-forget with a short timeout.
 */
import type { FaultConfig } from './lib/faults.ts';
import { FaultInjector } from './lib/faults.ts';
import { IdempotencyStore } from './lib/idempotency.ts';
import type { PartStore } from './lib/part-store.ts';
import { MemoryPartStore } from './lib/part-store.ts';
import type { Rng } from './lib/prng.ts';
import { createRng } from './lib/prng.ts';
import type { Activity } from './lib/ticker.ts';
import { Ticker } from './lib/ticker.ts';
import type { WebhookEvent } from '@/api/schema.gen.ts';
import { WebhookDispatcher, type WebhookPost } from './lib/webhook-dispatcher.ts';
import { seedBackgroundRuns } from './rules/background-runs.ts';
import { resumeFacelessRuns } from './rules/faceless.ts';
import { resumeSeededJobs } from './rules/jobs.ts';
import { resumeSeededPosts } from './rules/publishing.ts';
import { type SeedPlugin, seedStore } from './store/seed.ts';
import type { Store } from './store/workspace.ts';
import type { WebhookEventName } from '@/api/schema.gen.ts';

export interface SimulatorOptions {
  /** Seed of the store and of every random decision (default 1). */
  seed?: number;
  /** Fault injection; off by default. */
  faults?: FaultConfig;
  /** Webhook signing secret (default env VCS_WEBHOOK_SECRET or `whsec_demo_cutroom`). */
  webhookSecret?: string;
  /** Wall clock for timestamps (default Date.now). */
  now?: () => number;
  /** Simulated milliseconds per real millisecond for background work (default 1). */
  timeScale?: number | undefined;
  /** Data added to the demo seed (env SIM_SEED_PLUGINS: lib/seed-plugins.ts). */
  seedPlugins?: readonly SeedPlugin[] | undefined;
  /** Where multipart upload parts and assembled assets are kept (default in memory). */
  partStore?: PartStore;
  /** How webhook deliveries are sent (default fetch; the HTTP server passes node:http). */
  webhookPost?: WebhookPost;
}

type Env = Record<string, string | undefined>;

/** The options `npm start` and `mocks/main.ts` read from the environment. */
export function simulatorOptionsFromEnv(env: Env): Pick<SimulatorOptions, 'timeScale'> {
  const raw = env.SIM_TIME_SCALE;
  const value = Number(raw);
  return {
    timeScale:
      raw !== undefined && raw.trim() !== '' && Number.isFinite(value) && value > 0
        ? value
        : undefined,
  };
}

export interface Simulator {
  readonly seed: number;
  readonly store: Store;
  /** Generator for runtime ids and decisions (seeded, independent of the seed data). */
  readonly rng: Rng;
  readonly faults: FaultInjector;
  readonly idempotency: IdempotencyStore;
  readonly webhooks: WebhookDispatcher;
  readonly webhookSecret: string;
  /** Bytes of multipart uploads and of the assets they assembled into. */
  readonly parts: PartStore;
  now(): number;
  nowIso(): string;
  setFaults(config: FaultConfig): void;
  /** Registers background work moved by the ticker. */
  schedule(activity: Activity): void;
  /** Sends an event to the organization's subscribed webhooks. */
  emit(organizationId: string, type: WebhookEventName, data: Record<string, unknown>): WebhookEvent;
  /** Moves background work forward by `ms` simulated milliseconds (tests). */
  advance(ms: number): void;
  start(): void;
  stop(): void;
}

function defaultSecret(): string {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env;
  return env?.VCS_WEBHOOK_SECRET || 'whsec_demo_cutroom';
}

export function createSimulator(options: SimulatorOptions = {}): Simulator {
  const seed = options.seed ?? 1;
  const now = options.now ?? Date.now;
  const root = createRng(seed);
  const rng = root.fork('runtime');
  const store = seedStore(seed, now(), options.seedPlugins);
  seedBackgroundRuns(store, root.fork('background-runs'), now());
  const faults = new FaultInjector(root.fork('faults'), options.faults ?? {});
  const webhookSecret = options.webhookSecret ?? defaultSecret();
  const webhooks = new WebhookDispatcher({
    secret: webhookSecret,
    now,
    ...(options.webhookPost ? { post: options.webhookPost } : {}),
  });
  const ticker = new Ticker(options.timeScale ?? 1);

  const simulator: Simulator = {
    seed,
    store,
    rng,
    faults,
    idempotency: new IdempotencyStore(),
    webhooks,
    webhookSecret,
    parts: options.partStore ?? new MemoryPartStore(),
    now,
    nowIso: () => new Date(now()).toISOString(),
    setFaults: (config) => faults.set(config),
    schedule: (activity) => ticker.add(activity),
    emit: (organizationId, type, data) => {
      // `type` and `data` pair up as WebhookEvent declares (mocks/test/contract-drift.test.ts
      // checks emitted events against the contract); TypeScript cannot follow the pairing here.
      const event = {
        id: `evt_${rng.hex(24)}`,
        type,
        created_at: new Date(now()).toISOString(),
        data: { ...data, organization_id: organizationId },
      } as WebhookEvent;
      webhooks.dispatch(event, store.workspace(organizationId).webhooks);
      return event;
    },
    advance: (ms) => ticker.advance(ms),
    start: () => ticker.start(),
    stop: () => ticker.stop(),
  };
  resumeSeededJobs(simulator);
  resumeSeededPosts(simulator);
  resumeFacelessRuns(simulator);
  return simulator;
}
