/** Recording sets: add a track. */
import type { HttpHandler } from 'msw';
import { notFound } from '../lib/errors.ts';
import type { Schema } from '../store/contract.ts';
import { findAsset } from '../store/workspace.ts';
import type { HandlerContext } from './route.ts';
import { route } from './route.ts';

export function recordingSetHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'post', '/recording-sets/:recordingSetId/tracks', (req) => {
      const setId = req.params.recordingSetId ?? '';
      if (!req.workspace.recordingSetIds.has(setId)) {
        throw notFound('recordingSetId', `No recording set ${setId}.`);
      }
      const { asset_id: assetId, role } = req.body as Schema<'RecordingSetTrackRequest'>;
      const asset = findAsset(req.workspace, assetId);
      if (!asset) throw notFound('asset_id', `No media asset ${assetId}.`);
      const body: Schema<'RecordingSetTrack'> = {
        recording_set_id: setId,
        track_id: `trk_${req.sim.rng.hex(12)}`,
        asset_id: asset.id,
        role,
      };
      return { body };
    }),
  ];
}
