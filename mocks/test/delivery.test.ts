/** The last mile in the simulator: jobs tray list, credits, publishing, onboarding, AI edit runs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import type { Schema } from '../store/contract.ts';
import type { Client } from './harness.ts';
import { client, DEMO_KEYS, startTestServer } from './harness.ts';
import type { Export, Job, Project, ScheduledPost } from '@/api/schema.gen.ts';

let server: SimulatorServer;
let api: Client;
let projects: Project[];

const byName = (name: string) => projects.find((project) => project.name === name) as Project;

beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  projects = (await api.get<{ projects: Project[] }>('/projects?limit=50')).body.projects;
});
afterAll(() => server.close());

describe('jobs and credits', () => {
  it('lists the workspace jobs newest first, and spends the estimate when an export completes', async () => {
    const before = (await api.get<Schema<'CreditsBalance'>>('/credits')).body.balance;
    const project = byName('Delivery check - short cut');
    const started = (await api.post<Job>(`/projects/${project.id}/exports`, {})).body;
    expect(started.estimated_credits).toBeGreaterThan(0);
    const list = (await api.get<Schema<'WorkspaceJobListResponse'>>('/jobs?limit=5')).body;
    expect(list.jobs[0]?.job_id).toBe(started.job_id);
    expect(list.bounds.total).toBeGreaterThan(4);
    server.simulator.advance(20_000);
    const done = (await api.get<Job>(`/jobs/${started.job_id}`)).body;
    expect(done.status).toBe('complete');
    const after = (await api.get<Schema<'CreditsBalance'>>('/credits')).body.balance;
    // Seeded running jobs finish too and spend their own estimates.
    expect(after).toBeLessThanOrEqual(before - (started.estimated_credits ?? 0));
  });

  it('renders a long timeline for longer, so it can be cancelled while it runs', async () => {
    const project = byName('Delivery check - long cut');
    const started = (await api.post<Job>(`/projects/${project.id}/exports`, {})).body;
    server.simulator.advance(5_000);
    const running = (await api.get<Job>(`/jobs/${started.job_id}`)).body;
    expect(running.status).toBe('running');
    expect(running.progress).toBeLessThan(0.5);
    const cancelled = (await api.post<Job>(`/jobs/${started.job_id}/cancel`)).body;
    expect(cancelled.status).toBe('cancelled');
  });
});

describe('publishing', () => {
  const liveExport = async (): Promise<Export> => {
    const project = byName('Delivery check - short cut');
    const list = (await api.get<{ exports: Export[] }>(`/projects/${project.id}/exports`)).body;
    return list.exports.find(
      (item) => item.status === 'complete' && Date.parse(item.expires_at ?? '') > Date.now(),
    ) as Export;
  };

  it('lists connections with their limits', async () => {
    const body = (
      await api.get<Schema<'PublishingConnectionListResponse'>>('/publishing/shortform/connections')
    ).body;
    expect(body.connections.map((c) => c.status)).toEqual(['connected', 'connected', 'expired']);
  });

  it('publishes a post that is due, and follows it to published', async () => {
    const exported = await liveExport();
    const post = (
      await api.post<ScheduledPost>('/publishing/shortform/schedule', {
        export_id: exported.export_id,
        connection_id: 'conn_studio',
        publish_mode: 'inbox_draft',
        scheduled_for: new Date().toISOString(),
      })
    ).body;
    expect(post.status).toBe('scheduled');
    expect(post.next_actions?.[0]?.path).toBe(`/publishing/shortform/posts/${post.post_id}`);
    server.simulator.advance(5_000);
    const followed = (await api.get<ScheduledPost>(`/publishing/shortform/posts/${post.post_id}`))
      .body;
    expect(followed.status).toBe('published');
    expect(followed.provider_post_url).toContain('/inbox/');
    const listed = (
      await api.get<Schema<'ScheduledPostListResponse'>>(
        '/publishing/shortform/posts?status=published',
      )
    ).body;
    expect(listed.posts.map((p) => p.post_id)).toContain(post.post_id);
  });

  it('fails a post the platform refuses, with the provider error, and never retries it', async () => {
    const exported = await liveExport();
    const post = (
      await api.post<ScheduledPost>('/publishing/shortform/schedule', {
        export_id: exported.export_id,
        connection_id: 'conn_brand',
        publish_mode: 'direct_post',
        scheduled_for: new Date().toISOString(),
      })
    ).body;
    server.simulator.advance(5_000);
    server.simulator.advance(60_000);
    const failed = (await api.get<ScheduledPost>(`/publishing/shortform/posts/${post.post_id}`))
      .body;
    expect(failed.status).toBe('failed');
    expect(failed.failure).toMatchObject({
      provider: 'shortform',
      code: 'unaudited_client_can_only_post_to_private_accounts',
      retryable: false,
    });
    expect(failed.next_actions).toEqual([]);
  });

  it('refuses what the preflight refuses, naming the field', async () => {
    const exported = await liveExport();
    const project = byName('Delivery check - short cut');
    const all = (await api.get<{ exports: Export[] }>(`/projects/${project.id}/exports`)).body
      .exports;
    const expired = all.find((item) => Date.parse(item.expires_at ?? '') < Date.now()) as Export;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ export_id: expired.export_id, connection_id: 'conn_studio' }, 'export_id'],
      [{ export_id: exported.export_id, scheduled_for: '2020-01-01T00:00:00Z' }, 'scheduled_for'],
      [{ export_id: exported.export_id, connection_id: 'conn_archive' }, 'connection_id'],
      [{ export_id: exported.export_id, publish_mode: 'carrier_pigeon' }, 'publish_mode'],
      [{}, 'export_id'],
    ];
    for (const [body, param] of cases) {
      const answer = await api.post<{ error: { param: string } }>(
        '/publishing/shortform/schedule',
        body,
      );
      expect(answer.status).toBe(400);
      expect(answer.body.error.param).toBe(param);
    }
  });

  it('cancels a scheduled post, and refuses to cancel it twice (409)', async () => {
    const images = (
      await api.get<{ assets: Array<{ id: string; kind: string }> }>(
        '/workspace/media/assets?kind=image&limit=100',
      )
    ).body.assets;
    expect(images.length).toBeGreaterThan(2);
    expect(images.every((asset) => asset.kind === 'image')).toBe(true);
    const post = (
      await api.post<ScheduledPost>('/publishing/shortform/schedule', {
        source_media_asset_ids: images.slice(0, 3).map((asset) => asset.id),
        connection_id: 'conn_studio',
        scheduled_for: new Date(Date.now() + 86_400_000).toISOString(),
      })
    ).body;
    expect(post.media_type).toBe('slideshow');
    expect(post.source_media_asset_ids).toEqual(images.slice(0, 3).map((asset) => asset.id));
    const cancelled = await api.post<ScheduledPost>(
      `/publishing/shortform/posts/${post.post_id}/cancel`,
    );
    expect(cancelled.body.status).toBe('cancelled');
    const again = await api.post<{ error: { code: string } }>(
      `/publishing/shortform/posts/${post.post_id}/cancel`,
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('post_not_cancellable');
  });
});

describe('onboarding', () => {
  it('scans a site, imports a logo, completes, and new projects start with the caption defaults', async () => {
    const free = client(server, DEMO_KEYS.free);
    expect((await free.get<Schema<'OnboardingState'>>('/onboarding')).body.status).toBe(
      'not_started',
    );
    const scan = (
      await free.post<Schema<'WebsiteScanResult'>>('/onboarding/website-scan', {
        url: 'https://northwind-coffee.com/about',
      })
    ).body;
    expect(scan.brand_name).toBe('Northwind Coffee');
    expect(scan.colors.length).toBeGreaterThanOrEqual(3);
    const again = (
      await free.post<Schema<'WebsiteScanResult'>>('/onboarding/website-scan', {
        url: 'https://northwind-coffee.com',
      })
    ).body;
    expect(again.colors).toEqual(scan.colors);
    const unreachable = await free.post<{ error: { param: string } }>('/onboarding/website-scan', {
      url: 'https://nothing.invalid',
    });
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.error.param).toBe('url');

    const logo = (
      await free.post<Schema<'LogoImportResult'>>('/onboarding/logo-import', {
        source_url: scan.logo_candidates[0]?.url,
      })
    ).body;
    expect(logo.name).toMatch(/^Logo - northwind-coffee\.com/);

    const completed = await free.post<Schema<'OnboardingState'>>('/onboarding/complete', {
      brand_name: scan.brand_name,
      website_url: scan.url,
      colors: scan.colors,
      fonts: scan.fonts,
      logo_asset_id: logo.asset_id,
      caption_defaults: {
        look_id: 'clean-minimal',
        font_family: 'Poppins',
        color: '#FFFFFF',
        active_word_color: '#FACC15',
        position: 'middle',
      },
    });
    expect(completed.status).toBe(200);
    expect(completed.body.status).toBe('complete');
    expect(completed.body.brand_context?.logo_asset_id).toBe(logo.asset_id);

    const project = (await free.post<Project>('/projects', { name: 'Branded' })).body;
    const style = (
      await free.get<Schema<'CaptionStyleResponse'>>(`/projects/${project.id}/captions/style`)
    ).body;
    expect(style.settings).toMatchObject({ fontFamily: 'Poppins', position: 'middle' });
    expect(style.look_id).toBe('clean-minimal');

    const badColour = await free.post<{ error: { param: string } }>('/onboarding/complete', {
      brand_name: 'x',
      colors: [{ hex: 'blue', name: 'Primary' }],
      fonts: [],
      caption_defaults: {},
    });
    expect(badColour.status).toBe(400);
    expect(badColour.body.error.param).toBe('colors[0].hex');
  });
});

describe('AI edit runs', () => {
  it('lists runs with their project, and records the style a real apply used', async () => {
    const runs = (await api.get<Schema<'AiEditRunListResponse'>>('/ai-edit/runs')).body.runs;
    expect(runs.length).toBeGreaterThanOrEqual(3);
    const run = runs.find((item) => item.project_name === 'Delivery check - short cut');
    expect(run?.applied_style_id).toBeNull();
    const dry = (
      await api.post<Schema<'AiEditStyleResult'>>(`/ai-edit/runs/${run?.run_id}/apply-style`, {
        style_id: 'mirage-black',
        dry_run: true,
      })
    ).body;
    expect(dry.dry_run).toBe(true);
    expect(dry.receipts?.length).toBeGreaterThan(0);
    await api.post(`/ai-edit/runs/${run?.run_id}/apply-style`, { style_id: 'mirage-black' });
    const after = (
      await api.get<Schema<'AiEditRunListResponse'>>(`/ai-edit/runs?project_id=${run?.project_id}`)
    ).body.runs;
    expect(after.find((item) => item.run_id === run?.run_id)?.applied_style_id).toBe(
      'mirage-black',
    );
  });
});
