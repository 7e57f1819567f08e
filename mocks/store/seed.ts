/**
 * Deterministic seed: the same seed number (and the same UTC day) always yields the same store.
 * org_demo (paid and read-only keys) gets 17 projects (one with ~1000 timeline items, three faceless
 * plans, one of 200 scenes, the talking-head interview of seed-interview.ts, a 16:9 talk), 4 media folders, clips in all 11 statuses, exports (one expired), jobs in every state,
 * and characters with references; org_demo_free (free key) gets a small workspace of its own.
 */
import { DEMO_ORGS } from '../lib/auth.ts';
import { createRng } from '../lib/prng.ts';
import { buildClip } from './clip-factory.ts';
import { seedClips } from './seed-clips.ts';
import { seedFacelessProjects } from './seed-faceless.ts';
import type { SeedContext } from './seed-context.ts';
import { CDN_BASE, isoAt, seedAnchor, thumbnailDataUri } from './seed-context.ts';
import { seedConnections, seedPosts } from './seed-delivery.ts';
import { seedCaptionTalk } from './seed-captions.ts';
import { seedInterview } from './seed-interview.ts';
import { generateTimeline } from './seed-timeline.ts';
import type {
  AssetRecord,
  FolderRecord,
  ProjectRecord,
  TriggerRunRecord,
  Workspace,
} from './workspace.ts';
import { emptyWorkspace, Store } from './workspace.ts';
import type { CaptionSettings, Character, Export, Job } from '@/api/schema.gen.ts';

/** A seeded recording set of every workspace, for adding an asset as a track by its ID. */
export const DEMO_RECORDING_SET_ID = '5e7a1c2d-0b3f-4c8e-9a6d-2f4b8c1e7d90';

export const DEFAULT_CAPTION_SETTINGS: CaptionSettings = {
  fontSize: 64,
  lineHeight: 1.1,
  letterSpacing: 0,
  borderRadius: 8,
  textStrokeWidthPx: 3,
  textStrokeBlurPx: 0,
  customPositionY: 0.72,
  emojiOverlaySizePx: 48,
  maxLinesPerCaption: 2,
  wordsPerLineLimit: 4,
  emphasisScale: 1.15,
  emphasisGlowBlurPx: 10,
  fontFamily: 'Montserrat',
  fontWeight: '800',
  fontStyle: 'normal',
  textAlign: 'center',
  color: '#ffffff',
  backgroundColor: 'transparent',
  textStrokeColor: '#000000',
  textShadow: '0 2px 8px rgba(0,0,0,0.5)',
  position: 'bottom',
  activeWordColor: '#facc15',
  activeWordBackgroundColor: 'transparent',
  activeWordAnimation: 'pop',
  wordRevealAnimation: 'none',
  emphasisColor: '#22d3ee',
  emphasisFontWeight: '900',
  emphasisGlowColor: '#22d3ee',
  textStrokeEnabled: true,
  showActiveWord: true,
  emphasisEnabled: true,
};

interface AssetPlan {
  name: string;
  kind: AssetRecord['kind'];
  folder: number | null;
}

const PAID_FOLDERS = ['Interviews', 'B-roll', 'Podcast episodes', 'Brand assets'];

const PAID_ASSETS: AssetPlan[] = [
  { name: 'Interview - Dr. Alvarez take 1.mp4', kind: 'video', folder: 0 },
  { name: 'Interview - Dr. Alvarez take 2.mp4', kind: 'video', folder: 0 },
  { name: 'Interview - Sam Okafor full.mp4', kind: 'video', folder: 0 },
  { name: 'Interview - Lena Park remote.mp4', kind: 'video', folder: 0 },
  { name: 'Founder Q&A raw.mp4', kind: 'video', folder: 0 },
  { name: 'B-roll city night drone.mp4', kind: 'video', folder: 1 },
  { name: 'B-roll coffee pour slowmo.mp4', kind: 'video', folder: 1 },
  { name: 'B-roll office hallway.mp4', kind: 'video', folder: 1 },
  { name: 'B-roll hands typing.mp4', kind: 'video', folder: 1 },
  { name: 'B-roll sunrise timelapse.mp4', kind: 'video', folder: 1 },
  { name: 'Product shot - studio white.jpg', kind: 'image', folder: 1 },
  { name: 'Podcast ep 41 - Growth loops.mp4', kind: 'video', folder: 2 },
  { name: 'Podcast ep 42 - Hiring slow.mp4', kind: 'video', folder: 2 },
  { name: 'Podcast ep 43 - Pricing.mp3', kind: 'audio', folder: 2 },
  { name: 'Podcast ep 44 - AMA.mp4', kind: 'video', folder: 2 },
  { name: 'Podcast intro sting.wav', kind: 'audio', folder: 2 },
  { name: 'Logo - primary.png', kind: 'image', folder: 3 },
  { name: 'Logo - white.png', kind: 'image', folder: 3 },
  { name: 'Brand music - upbeat loop.mp3', kind: 'audio', folder: 3 },
  { name: 'Brand music - calm bed.mp3', kind: 'audio', folder: 3 },
  { name: 'Character ref - Mara front.png', kind: 'image', folder: 3 },
  { name: 'Character ref - Mara profile.png', kind: 'image', folder: 3 },
  { name: 'Character ref - Priya console.png', kind: 'image', folder: 3 },
  { name: 'Screen recording - dashboard tour.mp4', kind: 'video', folder: null },
  { name: 'Voiceover draft v3.wav', kind: 'audio', folder: null },
  { name: 'Webinar replay March.mp4', kind: 'video', folder: null },
];

const PAID_PROJECTS: Array<{ name: string; description: string; items: number; status: string }> = [
  {
    name: 'Product launch teaser',
    description: 'Vertical teaser for the spring launch.',
    items: 60,
    status: 'editing',
  },
  {
    name: 'Founder story - episode 3',
    description: 'Why we started, told in 60 seconds.',
    items: 120,
    status: 'editing',
  },
  {
    name: 'Podcast highlights #41',
    description: 'Best moments of episode 41.',
    items: 45,
    status: 'ready',
  },
  {
    name: 'Customer testimonial - Lena',
    description: 'Lena on switching from spreadsheets.',
    items: 80,
    status: 'editing',
  },
  {
    name: 'Hiring slow, firing fast (ep 42)',
    description: 'Cutdown of the hiring episode.',
    items: 35,
    status: 'exported',
  },
  {
    name: 'Pricing explained in 45s',
    description: 'Explainer for the new pricing page.',
    items: 150,
    status: 'editing',
  },
  {
    name: 'Webinar recap - March',
    description: 'Three takeaways from the March webinar.',
    items: 1000,
    status: 'editing',
  },
  {
    name: 'Dashboard tour short',
    description: 'Screen-recording walkthrough with captions.',
    items: 30,
    status: 'draft',
  },
  {
    name: 'Behind the scenes - studio day',
    description: 'B-roll heavy mood piece.',
    items: 190,
    status: 'editing',
  },
  {
    name: 'AMA cutdown (ep 44)',
    description: 'Rapid-fire answers from the AMA.',
    items: 90,
    status: 'ready',
  },
];

const FREE_FOLDERS = ['Uploads', 'Music'];
const FREE_ASSETS: AssetPlan[] = [
  { name: 'My first vlog.mp4', kind: 'video', folder: 0 },
  { name: 'Travel day Lisbon.mp4', kind: 'video', folder: 0 },
  { name: 'Cooking pasta overhead.mp4', kind: 'video', folder: 0 },
  { name: 'Chill beat.mp3', kind: 'audio', folder: 1 },
  { name: 'Channel logo.png', kind: 'image', folder: null },
];
const FREE_PROJECTS = [
  { name: 'Lisbon in 30 seconds', description: 'Travel montage.', items: 40, status: 'editing' },
  { name: 'Pasta hack', description: 'One-pan pasta short.', items: 30, status: 'draft' },
  { name: 'Vlog intro', description: 'Channel intro.', items: 32, status: 'ready' },
];

function seedFolders(ctx: SeedContext, names: string[]): FolderRecord[] {
  return names.map((name, index) => ({
    id: ctx.rng.uuid(),
    name,
    created_at: isoAt(ctx, -60 + index),
  }));
}

function seedAssets(ctx: SeedContext, plans: AssetPlan[], folders: FolderRecord[]): AssetRecord[] {
  return plans.map((plan, index) => {
    const duration =
      plan.kind === 'image'
        ? null
        : plan.kind === 'audio'
          ? Math.round(ctx.rng.float(20, 2400))
          : Math.round(ctx.rng.float(30, 3600));
    const created = isoAt(ctx, -50 + index * 1.5);
    return {
      id: ctx.rng.uuid(),
      name: plan.name,
      kind: plan.kind,
      folder_id: plan.folder === null ? null : (folders[plan.folder]?.id ?? null),
      size_bytes:
        plan.kind === 'image'
          ? ctx.rng.int(80_000, 4_000_000)
          : Math.round((duration ?? 60) * (plan.kind === 'audio' ? 24_000 : 1_200_000)),
      duration_seconds: duration,
      thumbnail_url: plan.kind === 'audio' ? null : thumbnailDataUri(plan.name),
      linked_project_ids: [],
      created_at: created,
      updated_at: created,
    };
  });
}

function seedExport(
  ctx: SeedContext,
  projectId: string,
  day: number,
  expiresInDays: number,
): Export {
  const exportId = ctx.rng.uuid();
  const duration = Math.round(ctx.rng.float(20, 75) * 10) / 10;
  return {
    export_id: exportId,
    status: 'complete',
    download_url: `${CDN_BASE}/exports/${exportId}.mp4`,
    short_download_url: `${CDN_BASE}/s/${exportId.slice(4, 12)}`,
    thumbnail_url: `${CDN_BASE}/exports/${exportId}.jpg`,
    thumbnail: {
      url: `${CDN_BASE}/exports/${exportId}.jpg`,
      frame: 45,
      frame_seconds: 1.5,
      selection_mode: 'auto',
      rationale: 'Speaker facing camera with the title on screen.',
    },
    platform_metadata: { project_id: projectId, rendered_at: isoAt(ctx, day), resolution: '1080p' },
    expires_at: isoAt(ctx, day + expiresInDays),
    file_size_bytes: Math.round(duration * 950_000),
    duration_seconds: duration,
    container_format: 'mp4',
    image_formats: { thumbnail: 'jpg' },
  };
}

function seedJob(
  ctx: SeedContext,
  projectId: string,
  status: 'queued' | 'running' | 'complete' | 'failed',
  day: number,
): Job {
  const jobId = `job_${ctx.rng.hex(12)}`;
  const job: Job = {
    job_id: jobId,
    type: 'export',
    kind: 'render',
    status,
    progress: status === 'complete' ? 1 : status === 'running' ? 0.4 : 0,
    project_id: projectId,
    estimated_credits: 3,
    created_at: isoAt(ctx, day),
    next_actions: [],
  };
  if (status === 'complete') job.completed_at = isoAt(ctx, day + 0.01);
  if (status === 'failed') {
    job.completed_at = isoAt(ctx, day + 0.01);
    job.error = 'Render worker ran out of memory while compositing 4K b-roll; retry at 1080p.';
  }
  return job;
}

function seedCharacters(
  ctx: SeedContext,
  assets: AssetRecord[],
  folder: FolderRecord | undefined,
): Character[] {
  const refs = (prefix: string) => assets.filter((asset) => asset.name.startsWith(prefix));
  const people = [
    {
      name: 'Mara Quinn',
      description: 'Woman in her fifties, weathered face, grey braid, oilskin coat.',
      facts: ['Keeper of Gannet Rock for eleven winters.', 'Former merchant navy radio officer.'],
      voice: 'voice_mara_low',
      style: 'quiet, deliberate',
      refs: refs('Character ref - Mara'),
    },
    {
      name: 'Priya Raman',
      description: 'Rover driver in her thirties, short hair, mission headset.',
      facts: ['Has driven rovers for six years.', 'Counts down out loud under stress.'],
      voice: 'voice_priya_bright',
      style: 'focused, fast',
      refs: refs('Character ref - Priya'),
    },
  ];
  return people.map((person, index) => {
    const created = isoAt(ctx, -30 + index);
    const references = person.refs.map((asset, order) => ({
      asset_id: asset.id,
      name: asset.name,
      order_index: order,
      is_primary: order === 0,
    }));
    return {
      id: ctx.rng.uuid(),
      name: person.name,
      type: 'human',
      status: 'draft',
      consistency_mode: 'reference',
      species: 'human',
      canonical_description: person.description,
      story_facts: person.facts,
      default_voice_id: person.voice,
      default_voice_style: person.style,
      folder_id: folder?.id ?? ctx.rng.uuid(),
      primary_reference_asset_id: references[0]?.asset_id ?? ctx.rng.uuid(),
      references,
      created_at: created,
      updated_at: created,
    };
  });
}

function seedProject(
  ctx: SeedContext,
  workspace: Workspace,
  plan: { name: string; description: string; items: number; status: string },
  day: number,
  kind: 'edit' | 'faceless',
): ProjectRecord {
  const id = ctx.rng.uuid();
  const linked = ctx.rng.sample(
    workspace.assets.filter((asset) => asset.kind !== 'image' || ctx.rng.chance(0.5)),
    ctx.rng.int(2, 4),
  );
  for (const asset of linked) asset.linked_project_ids.push(id);
  const duration = Math.max(20, Math.min(600, Math.round(plan.items * 0.55)));
  const { timeline, captionWords } = generateTimeline(ctx, {
    itemCount: plan.items,
    durationSeconds: plan.items >= 500 ? 540 : duration,
    assets: linked,
  });
  const created = isoAt(ctx, day);
  return {
    project: {
      id,
      name: plan.name,
      description: plan.description,
      aspect_ratio: '9:16',
      status: plan.status,
      thumbnail_url: thumbnailDataUri(plan.name),
      created_at: created,
      updated_at: isoAt(ctx, day + 0.5),
    },
    kind,
    timeline,
    captionWords,
    captionStyle: {
      settings: { ...DEFAULT_CAPTION_SETTINGS },
      look_id: ctx.rng.chance(0.5) ? 'bold-pop' : null,
      preset_id: null,
    },
    exports: [],
    facelessRevisions: [],
  };
}

function seedPaid(ctx: SeedContext): Workspace {
  const workspace = emptyWorkspace(DEMO_ORGS.paid, 'pro');
  workspace.credits = { balance: 4_250, period_end: isoAt(ctx, 18) };
  workspace.folders = seedFolders(ctx, PAID_FOLDERS);
  workspace.assets = seedAssets(ctx, PAID_ASSETS, workspace.folders);
  workspace.characters = seedCharacters(ctx, workspace.assets, workspace.folders[3]);

  PAID_PROJECTS.forEach((plan, index) => {
    workspace.projects.push(seedProject(ctx, workspace, plan, -40 + index * 3, 'edit'));
  });
  seedFacelessProjects(ctx, workspace, (facelessCtx, plan, day) =>
    seedProject(facelessCtx, workspace, plan, day, 'faceless'),
  );

  // Exports: a few per project; the first project's oldest export has expired.
  workspace.projects.slice(0, 6).forEach((record, index) => {
    const count = index === 0 ? 3 : (index % 3) + 1;
    for (let n = 0; n < count; n += 1) {
      const expiresIn = index === 0 && n === 0 ? 2 : 30;
      const day = index === 0 && n === 0 ? -10 : -2 + n * 0.2;
      record.exports.push(seedExport(ctx, record.project.id, day, expiresIn));
    }
  });

  const statuses = ['complete', 'failed', 'running', 'queued'] as const;
  statuses.forEach((status, index) => {
    const record = workspace.projects[index];
    if (record) workspace.jobs.push(seedJob(ctx, record.project.id, status, -1 + index * 0.1));
  });

  // Clips (seed-clips.ts): every status, each failure, six on the podcast episode below.
  const shareAsset = workspace.assets[11];
  if (shareAsset) seedClips(ctx, workspace, shareAsset);
  if (shareAsset) {
    workspace.sharePages.push({
      asset_id: shareAsset.id,
      exists: true,
      enabled: true,
      share_url: `https://share.video-creation.example/p/${shareAsset.id.slice(0, 8)}`,
      allow_downloads: false,
      title: 'Podcast ep 41 - clips',
      description: 'Short clips from episode 41.',
      hidden_clip_ids: [],
    });
  }
  const batchId = ctx.rng.uuid();
  const batchClips = workspace.clips.filter((clip) => clip.source?.asset_id === shareAsset?.id);
  workspace.clipBatches.set(batchId, {
    batch: {
      id: batchId,
      status: 'complete',
      asset_id: shareAsset?.id ?? '',
      requested_count: batchClips.length + 1,
      created_count: batchClips.length,
      clip_ids: batchClips.map((clip) => clip.clip_id),
      created_at: isoAt(ctx, -8),
      completed_at: isoAt(ctx, -3),
    },
  });
  workspace.recordingSetIds.add(ctx.rng.uuid());
  workspace.recordingSetIds.add(ctx.rng.uuid());
  // The service lists no recording sets: one with a known ID to paste (README, e2e).
  workspace.recordingSetIds.add(DEMO_RECORDING_SET_ID);
  workspace.aiEditRuns.set(`run_${ctx.rng.hex(10)}`, {
    projectId: workspace.projects[0]?.project.id ?? '',
    createdAt: isoAt(ctx, -2),
    appliedStyleId: null,
  });
  seedTriggerRuns(ctx, workspace, batchId);
  seedDelivery(ctx, workspace);
  return workspace;
}

/**
 * Two projects kept for the delivery screens' demos and checks (oldest, so last in the list): a
 * short cut with a live, an expired and an unfinished export, and a long cut whose render takes
 * long enough to watch and cancel. Then connections, posts and AI edit runs.
 */
function seedDelivery(ctx: SeedContext, workspace: Workspace): void {
  const short = seedProject(
    ctx,
    workspace,
    {
      name: 'Delivery check - short cut',
      description: 'A 30-second cut used to try exports and publishing.',
      items: 40,
      status: 'ready',
    },
    -90,
    'edit',
  );
  short.exports.push(
    { ...seedExport(ctx, short.project.id, -1, 30) },
    seedExport(ctx, short.project.id, -12, 2),
    { ...seedExport(ctx, short.project.id, -0.1, 30), status: 'rendering', download_url: '' },
  );
  const long = seedProject(
    ctx,
    workspace,
    {
      name: 'Delivery check - long cut',
      description: 'A 90-second cut: its render runs long enough to watch and cancel.',
      items: 170,
      status: 'editing',
    },
    -91,
    'edit',
  );
  workspace.projects.push(short, long);
  workspace.connections = seedConnections();
  workspace.scheduledPosts = seedPosts(ctx, workspace);
  for (const [index, record] of workspace.projects.slice(1, 3).entries()) {
    workspace.aiEditRuns.set(`run_${ctx.rng.hex(10)}`, {
      projectId: record.project.id,
      createdAt: isoAt(ctx, -1 - index),
      appliedStyleId: null,
    });
  }
  workspace.aiEditRuns.set(`run_${ctx.rng.hex(10)}`, {
    projectId: short.project.id,
    createdAt: isoAt(ctx, -5),
    appliedStyleId: null,
  });
}

/** Background runs for the admin recovery operation: one running and one finished per kind. */
function seedTriggerRuns(ctx: SeedContext, workspace: Workspace, batchId: string): void {
  const exportId = workspace.projects.find((record) => record.exports.length > 0)?.exports[0]
    ?.export_id;
  const resources: Array<[TriggerRunRecord['resource_type'], string | undefined]> = [
    ['asset', workspace.assets[0]?.id],
    ['clip-batch', batchId],
    ['export', exportId],
  ];
  for (const [type, id] of resources) {
    if (id === undefined) continue;
    for (const status of ['running', 'completed'] as const) {
      workspace.triggerRuns.push({
        run_id: `trun_${ctx.rng.hex(12)}`,
        resource_type: type,
        resource_id: id,
        status,
      });
    }
  }
}

function seedFree(ctx: SeedContext): Workspace {
  const workspace = emptyWorkspace(DEMO_ORGS.free, 'free');
  workspace.credits = { balance: 40, period_end: isoAt(ctx, 18) };
  workspace.folders = seedFolders(ctx, FREE_FOLDERS);
  workspace.assets = seedAssets(ctx, FREE_ASSETS, workspace.folders);
  FREE_PROJECTS.forEach((plan, index) => {
    workspace.projects.push(seedProject(ctx, workspace, plan, -20 + index * 5, 'edit'));
  });
  const first = workspace.projects[0];
  if (first) first.exports.push(seedExport(ctx, first.project.id, -1, 30));
  seedFacelessProjects(ctx, workspace, (facelessCtx, plan, day) =>
    seedProject(facelessCtx, workspace, plan, day, 'faceless'),
  );
  const asset = workspace.assets[0];
  workspace.clips.push(
    buildClip(ctx.rng, {
      clipId: ctx.rng.uuid(),
      status: 'ready',
      createdAt: isoAt(ctx, -4),
      updatedAt: isoAt(ctx, -4),
      ...(asset ? { asset } : {}),
    }),
  );
  // One AI edit run, so the free plan's apply-style refusal can be asked for (and shown).
  workspace.aiEditRuns.set(`run_${ctx.rng.hex(10)}`, {
    projectId: first?.project.id ?? '',
    createdAt: isoAt(ctx, -1),
    appliedStyleId: null,
  });
  return workspace;
}

/** What a seed plug-in is handed: the seeded store, and the seed's streams and time anchor. */
export interface Seeding {
  readonly store: Store;
  /**
   * The seed context of `label`: the random stream the seed derives for that label (the same
   * stream each time; `org_demo` is the paid workspace's own) and the seed's time anchor.
   */
  context(label: string): SeedContext;
}

/**
 * Adds data to the seeded store (e.g. a benchmark's large projects): the one way to seed more
 * than the demo seed. Plug-ins run after both workspaces are seeded, before their lists are
 * sorted newest first.
 */
export type SeedPlugin = (seeding: Seeding) => void;

/** The seeded 16:9 project's name. */
export const WIDESCREEN_TALK = 'Product walkthrough (16:9)';

export function seedStore(seed: number, now: number, plugins: readonly SeedPlugin[] = []): Store {
  const anchor = seedAnchor(now);
  const store = new Store();
  const paid = seedPaid({ rng: createRng(seed).fork('org_demo'), anchor });
  // The talking-head demo draws from a stream of its own: the rest of the seed stays as it was.
  paid.projects.push(
    seedInterview(
      { rng: createRng(seed).fork('interview'), anchor },
      paid,
      DEFAULT_CAPTION_SETTINGS,
    ),
  );
  // A landscape (16:9) talk with captions, as webinars and YouTube videos are made: the editors
  // lay out and draw its frame wide. Its own stream too.
  seedCaptionTalk({ rng: createRng(seed).fork('widescreen'), anchor }, paid, {
    name: WIDESCREEN_TALK,
    description: 'A landscape walkthrough for YouTube: captions over a 16:9 frame.',
    wordCount: 240,
    aspectRatio: '16:9',
  });
  store.add(paid);
  store.add(seedFree({ rng: createRng(seed).fork('org_demo_free'), anchor }));
  const context = (label: string): SeedContext => ({ rng: createRng(seed).fork(label), anchor });
  for (const plugin of plugins) plugin({ store, context });
  // Newest first, as list endpoints return them.
  for (const workspace of store.all()) {
    workspace.projects.sort((a, b) => b.project.created_at.localeCompare(a.project.created_at));
  }
  return store;
}
