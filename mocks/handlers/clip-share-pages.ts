/** Clip share pages: read a page, show or hide a clip on it. */
import type { HttpHandler } from 'msw';
import { notFound } from '../lib/errors.ts';
import type { Schema } from '../store/contract.ts';
import { findAsset } from '../store/workspace.ts';
import type { HandlerContext, RouteRequest } from './route.ts';
import { route } from './route.ts';
import type { ClipSharePage } from '@/api/schema.gen.ts';

function pageFor(req: RouteRequest): { page: ClipSharePage; stored: boolean } {
  const asset = findAsset(req.workspace, req.params.asset_id ?? '');
  if (!asset) throw notFound('asset_id', `No media asset ${req.params.asset_id ?? ''}.`);
  const stored = req.workspace.sharePages.find((page) => page.asset_id === asset.id);
  if (stored) return { page: stored, stored: true };
  return {
    page: {
      asset_id: asset.id,
      exists: false,
      enabled: false,
      share_url: '',
      allow_downloads: false,
      title: asset.name,
      description: '',
      hidden_clip_ids: [],
    },
    stored: false,
  };
}

export function clipSharePageHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/clip-share-pages/:asset_id', (req) => ({ body: pageFor(req).page })),

    route(ctx, 'post', '/clip-share-pages/:asset_id/clips/:clip_id/visibility', (req) => {
      // `visibility` (visible | hidden) is the contract's, checked by route().
      const { visibility } = req.body as Schema<'ClipShareVisibilityRequest'>;
      const { page, stored } = pageFor(req);
      const clipId = (req.params.clip_id ?? '').toLowerCase();
      const clip = req.workspace.clips.find(
        (candidate) => candidate.clip_id === clipId && candidate.source?.asset_id === page.asset_id,
      );
      if (!clip) throw notFound('clip_id', `No clip ${req.params.clip_id ?? ''} of this asset.`);
      if (!stored) req.workspace.sharePages.push(page);
      const hidden = new Set(page.hidden_clip_ids ?? []);
      if (visibility === 'hidden') hidden.add(clip.clip_id);
      else hidden.delete(clip.clip_id);
      page.hidden_clip_ids = [...hidden];
      const body: Schema<'ClipShareVisibilityResult'> = {
        asset_id: page.asset_id,
        clip_id: clip.clip_id,
        visibility,
      };
      return { body };
    }),
  ];
}
