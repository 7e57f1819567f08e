/**
 * All simulator routes over one simulator, under `baseUrl` (e.g. `http://127.0.0.1:1234/v1` or
 * `/api/v1`). The last handler answers every other path below the base with 404 `not_found`.
 */
import type { HttpHandler } from 'msw';
import { notFound } from '../lib/errors.ts';
import type { Simulator } from '../simulator.ts';
import { adminHandlers } from './admin.ts';
import { aiEditHandlers } from './ai-edit.ts';
import { captionHandlers } from './captions.ts';
import { characterHandlers } from './characters.ts';
import { clipSharePageHandlers } from './clip-share-pages.ts';
import { clipHandlers } from './clips.ts';
import { exportJobHandlers } from './exports-jobs.ts';
import { facelessHandlers } from './faceless.ts';
import { mediaHandlers } from './media.ts';
import { onboardingHandlers } from './onboarding.ts';
import { openapiDocumentHandlers } from './openapi-document.ts';
import { platformHandlers } from './platform.ts';
import { projectHandlers } from './projects.ts';
import { publishingHandlers } from './publishing.ts';
import { recordingSetHandlers } from './recording-sets.ts';
import type { HandlerContext } from './route.ts';
import type { FrameRasterizer } from '../lib/frame-raster.ts';
import { relativePath, route } from './route.ts';
import { soundHandlers } from './sound.ts';
import { timelineHandlers } from './timeline.ts';

export interface CreateHandlersOptions {
  /** Key assumed for requests without an Authorization header (browser mock only). */
  defaultApiKey?: string | (() => string | undefined);
  /** Draws preview frames as JPEG/PNG when asked (Node servers only). */
  rasterizeFrame?: FrameRasterizer;
}

export function createHandlers(
  sim: Simulator,
  baseUrl: string,
  options: CreateHandlersOptions = {},
): HttpHandler[] {
  const ctx: HandlerContext = {
    sim,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    defaultApiKey: options.defaultApiKey,
    rasterizeFrame: options.rasterizeFrame,
  };
  return [
    ...platformHandlers(ctx),
    ...openapiDocumentHandlers(ctx),
    ...mediaHandlers(ctx),
    ...projectHandlers(ctx),
    ...exportJobHandlers(ctx),
    ...timelineHandlers(ctx),
    ...soundHandlers(ctx),
    ...captionHandlers(ctx),
    ...clipHandlers(ctx),
    ...clipSharePageHandlers(ctx),
    ...facelessHandlers(ctx),
    ...characterHandlers(ctx),
    ...aiEditHandlers(ctx),
    ...recordingSetHandlers(ctx),
    ...publishingHandlers(ctx),
    ...onboardingHandlers(ctx),
    ...adminHandlers(ctx),
    route(ctx, 'all', '/*', ({ request }) => {
      throw notFound(
        'path',
        `No route ${request.method} ${relativePath(request.url, ctx.baseUrl)}.`,
      );
    }),
  ];
}
