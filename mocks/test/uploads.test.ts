import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import { MIN_PART_BYTES } from '../rules/uploads.ts';
import type { Schema } from '../store/contract.ts';
import type { Client } from './harness.ts';
import { client, errorOf, startTestServer } from './harness.ts';
import type { MediaAsset, MediaFolder } from '@/api/schema.gen.ts';

type Upload = Schema<'MultipartUpload'>;
type Signed = Schema<'MultipartSignedPart'>;
type PartList = Schema<'MultipartPartList'>;

const MULTIPART = '/workspace/media/upload/multipart';

let server: SimulatorServer;
let api: Client;
let folder: MediaFolder;

beforeAll(async () => {
  // Slow background work: a short-suggestions run must still be running when the test deletes.
  server = await startTestServer({ timeScale: 0.01 });
  api = client(server);
  folder = (await api.post<MediaFolder>('/workspace/media/folders', { name: 'Uploads test' })).body;
});
afterAll(async () => {
  await server.close();
});

function bytes(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const data = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) data[i] = (i * 31 + seed) & 0xff;
  return data;
}

async function start(size: number, name = 'take.mp4', contentType = 'video/mp4'): Promise<Upload> {
  const answer = await api.post<Upload>(`${MULTIPART}/start`, {
    filename: name,
    content_type: contentType,
    size_bytes: size,
    folder_id: folder.id,
  });
  expect(answer.status).toBe(200);
  return answer.body;
}

const ref = (upload: Upload) => ({ storage_key: upload.storage_key, upload_id: upload.upload_id });

async function sendPart(
  upload: Upload,
  partNumber: number,
  body: Uint8Array<ArrayBuffer>,
): Promise<Response> {
  const signed = await api.post<Signed>(`${MULTIPART}/sign-part`, {
    ...ref(upload),
    part_number: partNumber,
  });
  expect(signed.status).toBe(200);
  expect(signed.body.method).toBe('PUT');
  // No Authorization: the signature in the URL is the credential.
  return fetch(signed.body.url, { method: 'PUT', body });
}

async function parts(upload: Upload): Promise<PartList['parts']> {
  const query = new URLSearchParams(ref(upload));
  return (await api.get<PartList>(`${MULTIPART}/parts?${query}`)).body.parts;
}

describe('multipart upload', () => {
  it('receives parts in any order, lists them, assembles the asset and sends media.uploaded', async () => {
    const emit = vi.spyOn(server.simulator, 'emit');
    const first = bytes(MIN_PART_BYTES, 1);
    const second = bytes(1234, 2);
    const upload = await start(first.length + second.length);
    const [b, a] = await Promise.all([sendPart(upload, 2, second), sendPart(upload, 1, first)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const listed = await parts(upload);
    expect(listed.map((part) => [part.part_number, part.size_bytes])).toEqual([
      [1, first.length],
      [2, second.length],
    ]);
    expect(listed[0]?.etag).toBe(a.headers.get('etag'));

    const completed = await api.post<MediaAsset>(`${MULTIPART}/complete`, {
      ...ref(upload),
      parts: listed.map((part) => ({ part_number: part.part_number, etag: part.etag })),
    });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({
      name: 'take.mp4',
      kind: 'video',
      folder_id: folder.id,
      size_bytes: first.length + second.length,
    });
    expect(await server.simulator.parts.assetSize(completed.body.id)).toBe(
      first.length + second.length,
    );
    expect(emit).toHaveBeenCalledWith(
      'org_demo',
      'media.uploaded',
      expect.objectContaining({ asset_id: completed.body.id, folder_id: folder.id }),
    );
    emit.mockRestore();

    // A lost answer can be retried: the same asset again, nothing new.
    const again = await api.post<MediaAsset>(`${MULTIPART}/complete`, {
      ...ref(upload),
      parts: listed.map((part) => ({ part_number: part.part_number, etag: part.etag })),
    });
    expect(again.body.id).toBe(completed.body.id);
    const list = await api.get<{ assets: MediaAsset[] }>(
      `/workspace/media/assets?folder_id=${folder.id}&limit=100`,
    );
    expect(list.body.assets.filter((asset) => asset.id === completed.body.id)).toHaveLength(1);
  });

  it('lists only the parts received, so a resumed upload sends the missing ones', async () => {
    const upload = await start(MIN_PART_BYTES * 2 + 10);
    await sendPart(upload, 2, bytes(MIN_PART_BYTES, 3));
    expect((await parts(upload)).map((part) => part.part_number)).toEqual([2]);
    // Re-sending a part replaces it.
    const replaced = await sendPart(upload, 2, bytes(MIN_PART_BYTES, 4));
    expect((await parts(upload))[0]?.etag).toBe(replaced.headers.get('etag'));
  });

  it('refuses bad completes naming the part', async () => {
    const upload = await start(MIN_PART_BYTES + 20);
    const small = await sendPart(upload, 1, bytes(10, 5));
    const rest = await sendPart(upload, 2, bytes(MIN_PART_BYTES + 10, 6));
    const etags = [small.headers.get('etag') ?? '', rest.headers.get('etag') ?? ''];
    const tooSmall = await api.post(`${MULTIPART}/complete`, {
      ...ref(upload),
      parts: [
        { part_number: 1, etag: etags[0] },
        { part_number: 2, etag: etags[1] },
      ],
    });
    expect(tooSmall.status).toBe(400);
    expect(errorOf(tooSmall).param).toBe('parts[0].part_number');
    const mismatch = await api.post(`${MULTIPART}/complete`, {
      ...ref(upload),
      parts: [{ part_number: 2, etag: '"nope"' }],
    });
    expect(errorOf(mismatch).param).toBe('parts[0].etag');
    const missing = await api.post(`${MULTIPART}/complete`, {
      ...ref(upload),
      parts: [{ part_number: 3, etag: etags[1] }],
    });
    expect(errorOf(missing).param).toBe('parts[0].part_number');
    const size = await api.post(`${MULTIPART}/complete`, {
      ...ref(upload),
      parts: [{ part_number: 2, etag: etags[1] }],
    });
    expect(errorOf(size).param).toBe('parts');
  });

  it('checks the signed URL, the part size and the content type', async () => {
    const upload = await start(100);
    const signed = await api.post<Signed>(`${MULTIPART}/sign-part`, {
      ...ref(upload),
      part_number: 1,
    });
    const tampered = signed.body.url.replace(/\/1\?/, '/2?');
    expect((await fetch(tampered, { method: 'PUT', body: bytes(10, 1) })).status).toBe(403);
    const tooBig = await fetch(signed.body.url, { method: 'PUT', body: bytes(101, 1) });
    expect(tooBig.status).toBe(400);
    expect(((await tooBig.json()) as { error: { code: string } }).error.code).toBe(
      'part_too_large',
    );
    expect(await parts(upload)).toEqual([]);
    const pdf = await api.post(`${MULTIPART}/start`, {
      filename: 'doc.pdf',
      content_type: 'application/pdf',
      size_bytes: 10,
    });
    expect(pdf.status).toBe(400);
    expect(errorOf(pdf).param).toBe('content_type');
  });

  it('abort discards the parts and forgets the upload', async () => {
    const upload = await start(MIN_PART_BYTES + 1);
    await sendPart(upload, 1, bytes(MIN_PART_BYTES, 7));
    const aborted = await api.post<{ aborted: boolean }>(`${MULTIPART}/abort`, ref(upload));
    expect(aborted.body).toEqual({ aborted: true });
    const query = new URLSearchParams(ref(upload));
    expect((await api.get(`${MULTIPART}/parts?${query}`)).status).toBe(404);
    expect((await api.post(`${MULTIPART}/abort`, ref(upload))).status).toBe(404);
    const sign = await api.post(`${MULTIPART}/sign-part`, { ...ref(upload), part_number: 2 });
    expect(sign.status).toBe(404);
  });

  it('a part still arriving when the upload is aborted is answered 404, not a failure', async () => {
    const upload = await start(MIN_PART_BYTES + 1);
    const signed = await api.post<Signed>(`${MULTIPART}/sign-part`, {
      ...ref(upload),
      part_number: 1,
    });
    let finish: () => void = () => undefined;
    const halfway = new Promise<void>((resolve) => (finish = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes(64 * 1024, 3));
        await halfway;
        controller.enqueue(bytes(64 * 1024, 4));
        controller.close();
      },
    });
    const put = fetch(signed.body.url, { method: 'PUT', body, duplex: 'half' } as RequestInit);
    // Let the first bytes reach the simulator, then abort under the part.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const aborted = await api.post<{ aborted: boolean }>(`${MULTIPART}/abort`, ref(upload));
    expect(aborted.body).toEqual({ aborted: true });
    finish();
    const answer = await put;
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { error: { param: string } }).error.param).toBe('upload_id');
  });
});

describe('folders and asset detail', () => {
  it('creates folders with unique names', async () => {
    const created = await api.post<MediaFolder>('/workspace/media/folders', { name: 'Shoots' });
    expect(created.status).toBe(201);
    expect(created.body.asset_count).toBe(0);
    const duplicate = await api.post('/workspace/media/folders', { name: ' shoots ' });
    expect(duplicate.status).toBe(409);
    expect(errorOf(duplicate)).toMatchObject({ code: 'folder_exists', param: 'name' });
  });

  it('shows the projects that use an asset', async () => {
    const assets = (await api.get<{ assets: MediaAsset[] }>('/workspace/media/assets?limit=100'))
      .body.assets;
    const linked = assets.find((asset) => asset.linked_project_ids.length > 0) as MediaAsset;
    const detail = await api.get<Schema<'MediaAssetDetail'>>(
      `/workspace/media/assets/${linked.id}`,
    );
    expect(detail.body.linked_projects.map((project) => project.id).sort()).toEqual(
      [...linked.linked_project_ids].sort(),
    );
    expect(detail.body.linked_projects[0]?.name).toBeTruthy();
  });

  it('sorts newest first and filters assets with active runs', async () => {
    const newest = await api.get<{ assets: MediaAsset[] }>(
      '/workspace/media/assets?sort=-created_at&limit=1',
    );
    const oldest = await api.get<{ assets: MediaAsset[] }>('/workspace/media/assets?limit=1');
    expect(newest.body.assets[0]?.id).not.toBe(oldest.body.assets[0]?.id);
    const busy = await api.get<{ assets: MediaAsset[] }>(
      '/workspace/media/assets?has_active_runs=true&limit=100',
    );
    expect(busy.body.assets.length).toBeGreaterThan(0);
    for (const asset of busy.body.assets) expect(asset.active_runs?.length).toBeGreaterThan(0);
  });
});

describe('background runs and deletes', () => {
  it('an injected transient failure fails the first confirmed delete of an item only', async () => {
    server.simulator.setFaults({ deleteFailOnce: '^flaky' });
    const upload = await start(3, 'flaky take.mp4');
    const put = await sendPart(upload, 1, bytes(3, 1));
    const asset = (
      await api.post<MediaAsset>(`${MULTIPART}/complete`, {
        ...ref(upload),
        parts: [{ part_number: 1, etag: put.headers.get('etag') }],
      })
    ).body;
    const body = { reason: 'flaky cleanup', ids: [asset.id] };
    const path = '/workspace/media/assets/batch-delete';
    // A dry run does not use up the failure.
    expect((await api.post<Schema<'DeletionResult'>>(path, body)).body.failed_count).toBe(0);
    const first = await api.post<Schema<'DeletionResult'>>(path, { ...body, confirm_delete: true });
    expect(first.body).toMatchObject({ deleted_count: 0, failed_count: 1, selected_count: 1 });
    expect(first.body.failed_items[0]?.error).toMatch(/^unavailable: /);
    const retry = await api.post<Schema<'DeletionResult'>>(path, { ...body, confirm_delete: true });
    expect(retry.body).toMatchObject({ deleted_count: 1, failed_count: 0, success: true });
    server.simulator.setFaults({});
  });

  it('a short-suggestions run is a background run of its asset, cancelled once', async () => {
    const upload = await start(3, 'runs.mp4');
    const put = await sendPart(upload, 1, bytes(3, 9));
    const asset = (
      await api.post<MediaAsset>(`${MULTIPART}/complete`, {
        ...ref(upload),
        parts: [{ part_number: 1, etag: put.headers.get('etag') }],
      })
    ).body;
    const { run_id: runId } = (
      await api.post<{ run_id: string }>(
        `/workspace/media/assets/${asset.id}/short-suggestions`,
        {},
      )
    ).body;
    const detail = await api.get<Schema<'MediaAssetDetail'>>(`/workspace/media/assets/${asset.id}`);
    expect(detail.body.active_runs?.map((run) => run.run_id)).toEqual([runId]);
    const busy = await api.get<{ assets: MediaAsset[] }>(
      '/workspace/media/assets?has_active_runs=true&limit=100',
    );
    expect(busy.body.assets.some((item) => item.id === asset.id)).toBe(true);

    const cancelPath = `/admin/recovery/asset/${asset.id}/trigger-runs/${runId}/cancel`;
    const cancelled = await api.post(cancelPath, { reason: 'stuck for hours' });
    expect(cancelled.body).toEqual({ success: true, run_id: runId, status: 'cancelled' });
    const again = await api.post(cancelPath, { reason: 'again' });
    expect(again.status).toBe(409);
    expect(errorOf(again).code).toBe('run_finished');
    const after = await api.get<Schema<'MediaAssetDetail'>>(`/workspace/media/assets/${asset.id}`);
    expect(after.body.active_runs).toEqual([]);
  });

  it('a repeated delete under one Idempotency-Key deletes once and drops the bytes', async () => {
    const upload = await start(3, 'twice.mp4');
    const put = await sendPart(upload, 1, bytes(3, 9));
    const asset = (
      await api.post<MediaAsset>(`${MULTIPART}/complete`, {
        ...ref(upload),
        parts: [{ part_number: 1, etag: put.headers.get('etag') }],
      })
    ).body;
    const body = { reason: 'ops cleanup', ids: [asset.id], confirm_delete: true };
    const headers = { 'Idempotency-Key': 'delete-twice-asset-01' };
    const done = await api.post<Schema<'DeletionResult'>>(
      '/workspace/media/assets/batch-delete',
      body,
      headers,
    );
    expect(done.body).toMatchObject({ success: true, deleted_count: 1, deleted_ids: [asset.id] });
    const replay = await api.post('/workspace/media/assets/batch-delete', body, headers);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(done.body);
    const conflict = await api.post(
      '/workspace/media/assets/batch-delete',
      { ...body, reason: 'other reason' },
      headers,
    );
    expect(conflict.status).toBe(409);
    expect(await server.simulator.parts.assetSize(asset.id)).toBeNull();
  });
});
