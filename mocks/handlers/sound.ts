/**
 * The simulator's sound (assumed operations): the timeline's mix over a stretch
 * (`GET /projects/{id}/preview-audio`, audio/mixer.ts) and an asset's waveform peaks
 * (`GET /workspace/media/assets/{id}/waveform`, audio/waveform.ts), both from the assets' sounds
 * (audio/sound-source.ts). The contract checks the stretch's limits (10 s, the formats) first.
 */
import type { HttpHandler } from 'msw';
import { invalid, notFound } from '../lib/errors.ts';
import { WorkLane } from '../lib/work-lane.ts';
import { mixTimeline } from '../audio/mixer.ts';
import { encodeOggOpus } from '../audio/ogg-opus.ts';
import type { SoundBytes } from '../audio/sound-bytes.ts';
import { assetSound } from '../audio/sound-source.ts';
import { SAMPLE_RATE } from '../audio/sound.ts';
import { loadSpeech } from '../audio/speech.ts';
import { encodeWavFloat } from '../audio/wav.ts';
import { MAX_WAVEFORM_PIXELS, waveformLength, waveformPeaks } from '../audio/waveform.ts';
import { findAsset } from '../store/workspace.ts';
import { requireProject } from './helpers.ts';
import type { HandlerContext } from './route.ts';
import { queryOf, route } from './route.ts';

export function soundHandlers(ctx: HandlerContext): HttpHandler[] {
  // Waveform chunks come in bursts (a timeline scrolled to new items): one at a time, in slices,
  // so the preview's frames and sound are answered between them.
  const lane = new WorkLane();
  return [
    route(ctx, 'get', '/projects/:projectId/preview-audio', async (req) => {
      const record = requireProject(req);
      const query = queryOf(req, 'getPreviewAudio');
      await loadSpeech();
      const revision = record.timeline.revision;
      const samples = mixTimeline(
        record,
        (assetId) => {
          const asset = findAsset(req.workspace, assetId);
          return asset ? assetSound(req.workspace, asset) : null;
        },
        {
          startSeconds: query.start_seconds,
          durationSeconds: query.duration_seconds,
          layers: query.layers,
        },
      );
      const encoded: SoundBytes =
        query.format === 'opus'
          ? await encodeOggOpus(samples, SAMPLE_RATE)
          : { bytes: encodeWavFloat(samples, SAMPLE_RATE), contentType: 'audio/wav' };
      return new Response(encoded.bytes, {
        status: 200,
        headers: {
          'content-type': encoded.contentType,
          'cache-control': 'no-store',
          'x-timeline-revision': String(revision),
        },
      });
    }),

    route(ctx, 'get', '/workspace/media/assets/:assetId/waveform', async (req) => {
      const id = req.params.assetId ?? '';
      const asset = findAsset(req.workspace, id);
      if (!asset) throw notFound('assetId', `No media asset ${id}.`);
      await loadSpeech();
      const sound = assetSound(req.workspace, asset);
      if (!sound) {
        throw invalid('assetId', `“${asset.name}” is an image: it has no sound to draw.`);
      }
      const query = queryOf(req, 'getMediaAssetWaveform');
      const stretch = {
        pixelsPerSecond: query.pixels_per_second ?? 100,
        startSeconds: query.start_seconds ?? 0,
        durationSeconds: query.duration_seconds,
      };
      const pixels = waveformLength(sound, stretch);
      if (pixels > MAX_WAVEFORM_PIXELS) {
        throw invalid(
          'duration_seconds',
          `At ${stretch.pixelsPerSecond} pixels per second one answer covers at most ${MAX_WAVEFORM_PIXELS / stretch.pixelsPerSecond} s of sound; ask for a shorter stretch.`,
        );
      }
      return { body: await lane.run((pause) => waveformPeaks(sound, stretch, pause)) };
    }),
  ];
}
