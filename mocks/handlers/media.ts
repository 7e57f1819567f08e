/**
 * Media library: assets and folders, batch delete and folder empty (idempotent under an
 * Idempotency-Key), suggestions (a background run), and multipart uploads (rules/uploads.ts),
 * including the signed part URLs the bytes are PUT to.
 */
import { http, type HttpHandler } from 'msw';
import type { components, DeletionResult } from '@/api/schema.gen.ts';
import { ApiError, conflict, errorResponse, invalid, notFound } from '../lib/errors.ts';
import { forgetRuns } from '../rules/background-runs.ts';
import { startSuggestionsRun } from '../rules/clip-pipeline.ts';
import { parseBatchDeleteBody, parseDeleteFlags, selectUnion } from '../rules/deletion.ts';
import {
  PART_PATH,
  abortUpload,
  completeUpload,
  findUpload,
  listParts,
  parsePartPath,
  receivePart,
  requireOpenUpload,
  signPart,
  startUpload,
} from '../rules/uploads.ts';
import { deleteAssets } from '../rules/workspace-deletes.ts';
import type { Schema } from '../store/contract.ts';
import type { Workspace } from '../store/workspace.ts';
import { activeRuns, assetView, findAsset, folderView } from '../store/workspace.ts';
import { idempotent, pageParams, paginate } from './helpers.ts';
import type { HandlerContext, RouteRequest } from './route.ts';
import { json, queryOf, relativePath, route } from './route.ts';

/** Signed part URLs are capabilities, usable from any origin (as S3 with CORS set up). */
export const PART_CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'PUT, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-expose-headers': 'etag',
  'access-control-max-age': '600',
};

export function partUploadResponse(part: { etag: string }): Response {
  return new Response(null, { status: 200, headers: { ...PART_CORS_HEADERS, etag: part.etag } });
}

function assetList(req: RouteRequest) {
  // The contract checked and coerced the query (route.ts); only behaviour is left here.
  const query = queryOf(req, 'listMediaAssets');
  const page = pageParams(req);
  const folderId = query.folder_id?.toLowerCase() ?? null;
  const search = query.search?.toLowerCase() ?? null;
  const prefix = query.name_prefix?.toLowerCase() ?? null;
  const runsOnly = query.has_active_runs === true;
  const kind = query.kind ?? null;
  const sort = query.sort ?? 'created_at';
  const matches = req.workspace.assets.filter((asset) => {
    const name = asset.name.toLowerCase();
    return (
      (folderId === null || asset.folder_id === folderId) &&
      (search === null || name.includes(search)) &&
      (prefix === null || name.startsWith(prefix)) &&
      (!runsOnly || activeRuns(req.workspace, 'asset', asset.id).length > 0) &&
      (kind === null || asset.kind === kind)
    );
  });
  // Store order is creation order; sort stably on a copy.
  const ordered =
    sort === 'name'
      ? [...matches].sort((a, b) => a.name.localeCompare(b.name))
      : sort === '-created_at'
        ? [...matches].reverse()
        : matches;
  const { page: assets, bounds } = paginate(ordered, page);
  const body: Schema<'MediaAssetListResponse'> = {
    assets: assets.map((asset) => assetView(req.workspace, asset)),
    bounds,
  };
  return body;
}

/** After a confirmed delete: the bytes and the finished runs of the deleted assets go too. */
async function afterAssetDelete(
  req: RouteRequest,
  result: DeletionResult,
): Promise<DeletionResult> {
  if (!result.dry_run && result.deleted_ids.length > 0) {
    forgetRuns(req.workspace, 'asset', result.deleted_ids);
    await req.sim.parts.deleteAssets(result.deleted_ids);
  }
  return result;
}

/** A request body the contract has already checked against `schema` (route.ts). */
const checked = <Name extends keyof components['schemas']>(
  req: RouteRequest,
  _schema: Name,
): Schema<Name> => req.body as Schema<Name>;

function folderNameTaken(workspace: Workspace, name: string): boolean {
  const wanted = name.trim().toLowerCase();
  return workspace.folders.some((folder) => folder.name.toLowerCase() === wanted);
}

export function mediaHandlers(ctx: HandlerContext): HttpHandler[] {
  const partUrl = `${ctx.baseUrl}${PART_PATH}/:org/:uploadId/:part`;
  return [
    route(ctx, 'get', '/workspace/media/assets', (req) => ({ body: assetList(req) })),

    route(ctx, 'get', '/workspace/media/assets/:assetId', ({ params, workspace }) => {
      const id = (params.assetId ?? '').toLowerCase();
      // Library assets, then the images faceless preproduction generated (not listed above).
      const asset = findAsset(workspace, id) ?? workspace.generatedAssets.get(id);
      if (!asset) throw notFound('assetId', `No media asset ${params.assetId ?? ''}.`);
      const linked = new Set(asset.linked_project_ids);
      const body: Schema<'MediaAssetDetail'> = {
        ...assetView(workspace, asset),
        linked_projects: workspace.projects
          .filter((record) => linked.has(record.project.id))
          .map((record) => ({ id: record.project.id, name: record.project.name })),
      };
      return { body };
    }),

    route(ctx, 'get', '/workspace/media/folders', ({ workspace }) => {
      const body: Schema<'MediaFolderListResponse'> = {
        folders: workspace.folders.map((folder) => folderView(workspace, folder)),
      };
      return { body };
    }),

    route(ctx, 'post', '/workspace/media/folders', (req) => {
      const { workspace, sim } = req;
      const name = checked(req, 'MediaFolderCreateRequest').name.trim();
      if (name === '') throw invalid('name', 'Give the folder a name.');
      if (folderNameTaken(workspace, name)) {
        throw conflict('folder_exists', `A folder named “${name}” already exists.`, 'name');
      }
      const folder = { id: sim.rng.uuid(), name, created_at: sim.nowIso() };
      workspace.folders.push(folder);
      return { status: 201, body: folderView(workspace, folder) };
    }),

    route(ctx, 'post', '/workspace/media/folders/:folderId/empty', (req) =>
      idempotent(req, 'emptyMediaFolder', async () => {
        const { params, body, workspace } = req;
        const folderId = (params.folderId ?? '').toLowerCase();
        const folder = workspace.folders.find((candidate) => candidate.id === folderId);
        if (!folder) throw notFound('folderId', `No media folder ${params.folderId ?? ''}.`);
        const flags = parseDeleteFlags(body);
        const selected = workspace.assets.filter((asset) => asset.folder_id === folder.id);
        // Folder empty has no cascade flags: linked projects and clips are left dangling.
        const result = deleteAssets(
          workspace,
          selected,
          [],
          { dryRun: flags.dryRun, confirmDelete: flags.confirmDelete },
          (item) => req.sim.faults.deleteFailure(item),
        );
        return { status: 200, body: await afterAssetDelete(req, result) };
      }),
    ),

    route(ctx, 'post', '/workspace/media/assets/batch-delete', (req) =>
      idempotent(req, 'batchDeleteMediaAssets', async () => {
        const request = parseBatchDeleteBody(req.body);
        const { selected, missingIds } = selectUnion(req.workspace.assets, request);
        const result = deleteAssets(req.workspace, selected, missingIds, request, (item) =>
          req.sim.faults.deleteFailure(item),
        );
        return { status: 200, body: await afterAssetDelete(req, result) };
      }),
    ),

    route(ctx, 'post', '/workspace/media/assets/:assetId/short-suggestions', (req) => {
      const asset = findAsset(req.workspace, req.params.assetId ?? '');
      if (!asset) throw notFound('assetId', `No media asset ${req.params.assetId ?? ''}.`);
      // The run (rules/clip-pipeline.ts) is a background run on the asset: while it works the
      // asset is busy, and the admin cancel endpoint can cancel it (rules/background-runs.ts).
      const run = startSuggestionsRun(req.sim, req.workspace, asset);
      req.workspace.aiEditRuns.set(run.run_id, {
        projectId: asset.linked_project_ids[0] ?? '',
        createdAt: req.sim.nowIso(),
        appliedStyleId: null,
      });
      const body: Schema<'ShortSuggestionsRun'> = { run_id: run.run_id };
      return { body };
    }),

    route(ctx, 'post', '/workspace/media/upload/multipart/start', (req) => ({
      body: startUpload(req.sim, req.workspace, checked(req, 'MultipartStartRequest')),
    })),

    route(ctx, 'post', '/workspace/media/upload/multipart/sign-part', async (req) => {
      const request = checked(req, 'MultipartSignPartRequest');
      const upload = requireOpenUpload(req.sim, req.workspace, request);
      return {
        body: await signPart(req.sim, ctx.baseUrl, req.workspace, upload, request.part_number),
      };
    }),

    route(ctx, 'get', '/workspace/media/upload/multipart/parts', (req) => {
      const ref = queryOf(req, 'listMultipartUploadParts');
      return { body: listParts(requireOpenUpload(req.sim, req.workspace, ref)) };
    }),

    route(ctx, 'post', '/workspace/media/upload/multipart/complete', async (req) => {
      const request = checked(req, 'MultipartCompleteRequest');
      const upload = findUpload(req.sim, req.workspace, request);
      const asset = await completeUpload(req.sim, req.workspace, upload, request.parts);
      return { body: assetView(req.workspace, asset) };
    }),

    route(ctx, 'post', '/workspace/media/upload/multipart/abort', async (req) => {
      const { workspace, sim } = req;
      const upload = requireOpenUpload(sim, workspace, checked(req, 'MultipartAbortRequest'));
      await abortUpload(sim, upload);
      const result: Schema<'MultipartAbortResult'> = { aborted: true };
      return { body: result };
    }),

    // The signed part URL (not an operation of the contract: its address is opaque to clients).
    // The HTTP server streams these itself (http-server.ts); this serves the browser mock and
    // in-process tests.
    http.options(partUrl, () => new Response(null, { status: 204, headers: PART_CORS_HEADERS })),
    http.put(partUrl, async ({ request }) => {
      const target = parsePartPath(relativePath(request.url, ctx.baseUrl));
      try {
        if (!target) throw notFound('path', 'No such part URL.');
        const bytes = new Uint8Array(await request.arrayBuffer());
        const part = await receivePart(
          ctx.sim,
          target,
          new URL(request.url).searchParams,
          (async function* () {
            yield bytes;
          })(),
        );
        return partUploadResponse(part);
      } catch (error) {
        if (error instanceof ApiError) {
          const response = errorResponse(error);
          for (const [name, value] of Object.entries(PART_CORS_HEADERS)) {
            response.headers.set(name, value);
          }
          return response;
        }
        return json({ error: { code: 'internal_error', message: 'Part upload failed.' } }, 500);
      }
    }),
  ];
}
