/** Media library: assets and folders, batch delete and folder empty, suggestions, upload abort. */
import type { HttpHandler } from 'msw';
import { invalid, notFound } from '../lib/errors.ts';
import { queryString, requireString, requireUuid } from '../lib/validate.ts';
import { startSuggestionsRun } from '../rules/clip-pipeline.ts';
import { parseBatchDeleteBody, parseDeleteFlags, selectUnion } from '../rules/deletion.ts';
import { deleteAssets } from '../rules/workspace-deletes.ts';
import type { Schema } from '../store/contract.ts';
import { assetView, findAsset, folderView } from '../store/workspace.ts';
import { pageParams, paginate } from './helpers.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';

export function mediaHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/workspace/media/assets', (req) => {
      const page = pageParams(req, 100);
      const folderParam = req.query.get('folder_id');
      const folderId =
        folderParam === null ? null : requireUuid(folderParam, 'folder_id').toLowerCase();
      const search = queryString(req.query, 'search', { min: 1, max: 200 })?.toLowerCase() ?? null;
      const prefix =
        queryString(req.query, 'name_prefix', { min: 1, max: 200 })?.toLowerCase() ?? null;
      const kind = queryString(req.query, 'kind');
      if (kind !== null && !['video', 'audio', 'image'].includes(kind)) {
        throw invalid('kind', 'kind must be video, audio or image.');
      }
      const matches = req.workspace.assets.filter((asset) => {
        const name = asset.name.toLowerCase();
        return (
          (folderId === null || asset.folder_id === folderId) &&
          (search === null || name.includes(search)) &&
          (prefix === null || name.startsWith(prefix)) &&
          (kind === null || asset.kind === kind)
        );
      });
      const { page: assets, bounds } = paginate(matches, page);
      const body: Schema<'MediaAssetListResponse'> = {
        assets: assets.map((asset) => assetView(req.workspace, asset)),
        bounds,
      };
      return { body };
    }),

    route(ctx, 'get', '/workspace/media/assets/:assetId', ({ params, workspace }) => {
      const id = (params.assetId ?? '').toLowerCase();
      // Library assets, then the images faceless preproduction generated (not listed above).
      const asset = findAsset(workspace, id) ?? workspace.generatedAssets.get(id);
      if (!asset) throw notFound('assetId', `No media asset ${params.assetId ?? ''}.`);
      return { body: assetView(workspace, asset) };
    }),

    route(ctx, 'get', '/workspace/media/folders', ({ workspace }) => {
      const body: Schema<'MediaFolderListResponse'> = {
        folders: workspace.folders.map((folder) => folderView(workspace, folder)),
      };
      return { body };
    }),

    route(
      ctx,
      'post',
      '/workspace/media/folders/:folderId/empty',
      ({ params, body, workspace }) => {
        const folderId = (params.folderId ?? '').toLowerCase();
        const folder = workspace.folders.find((candidate) => candidate.id === folderId);
        if (!folder) throw notFound('folderId', `No media folder ${params.folderId ?? ''}.`);
        const flags = parseDeleteFlags(body);
        const selected = workspace.assets.filter((asset) => asset.folder_id === folder.id);
        // Folder empty has no cascade flags: linked projects and clips are left dangling.
        return {
          body: deleteAssets(workspace, selected, [], {
            dryRun: flags.dryRun,
            confirmDelete: flags.confirmDelete,
          }),
        };
      },
    ),

    route(ctx, 'post', '/workspace/media/assets/batch-delete', ({ body, workspace }) => {
      const request = parseBatchDeleteBody(body);
      const { selected, missingIds } = selectUnion(workspace.assets, request);
      return { body: deleteAssets(workspace, selected, missingIds, request) };
    }),

    route(ctx, 'post', '/workspace/media/assets/:assetId/short-suggestions', (req) => {
      const asset = findAsset(req.workspace, req.params.assetId ?? '');
      if (!asset) throw notFound('assetId', `No media asset ${req.params.assetId ?? ''}.`);
      const run = startSuggestionsRun(req.sim, req.workspace, asset);
      req.workspace.aiEditRuns.set(run.run_id, {
        projectId: asset.linked_project_ids[0] ?? '',
        createdAt: req.sim.nowIso(),
        appliedStyleId: null,
      });
      const body: Schema<'ShortSuggestionsRun'> = { run_id: run.run_id };
      return { body };
    }),

    route(ctx, 'post', '/workspace/media/upload/multipart/abort', ({ body }) => {
      requireString(body, 'storage_key', { min: 1 });
      requireString(body, 'upload_id', { min: 1 });
      const result: Schema<'MultipartAbortResult'> = { aborted: true };
      return { body: result };
    }),
  ];
}
