/**
 * Captions and themes: caption style, caption words, Caption Looks, caption fonts. Behaviour only:
 * the contract checks the requests; the cross-field and state rules are in rules/caption-fields.ts.
 */
import type { HttpHandler } from 'msw';
import { invalid } from '../lib/errors.ts';
import {
  applyWordUpdates,
  CAPTION_FONTS,
  captionSpans,
  checkSettingsFont,
  checkStyleRevision,
  styleRevision,
  syncRevisions,
} from '../rules/caption-fields.ts';
import type { Schema } from '../store/contract.ts';
import { DEFAULT_CAPTION_SETTINGS } from '../store/seed.ts';
import type { ProjectRecord } from '../store/workspace.ts';
import { idempotent, pageParams, paginate, requireProject } from './helpers.ts';
import type { HandlerContext } from './route.ts';
import { queryOf, route } from './route.ts';
import type { CaptionLook, CaptionSettings, CaptionStyleResponse } from '@/api/schema.gen.ts';

export const CAPTION_LOOKS: CaptionLook[] = [
  { id: 'bold-pop', name: 'Bold Pop', settings: { ...DEFAULT_CAPTION_SETTINGS } },
  {
    id: 'clean-minimal',
    name: 'Clean Minimal',
    settings: {
      ...DEFAULT_CAPTION_SETTINGS,
      fontFamily: 'Inter',
      fontWeight: '600',
      fontSize: 48,
      textStrokeEnabled: false,
      textStrokeWidthPx: 0,
      activeWordAnimation: 'none',
      emphasisEnabled: false,
    },
  },
  {
    id: 'karaoke-yellow',
    name: 'Karaoke Yellow',
    settings: {
      ...DEFAULT_CAPTION_SETTINGS,
      activeWordColor: '#000000',
      activeWordBackgroundColor: '#facc15',
      wordsPerLineLimit: 3,
    },
  },
  {
    id: 'neon-glow',
    name: 'Neon Glow',
    settings: {
      ...DEFAULT_CAPTION_SETTINGS,
      color: '#e0f2fe',
      emphasisColor: '#f0abfc',
      emphasisGlowColor: '#f0abfc',
      emphasisGlowBlurPx: 18,
      textShadow: '0 0 12px #38bdf8',
    },
  },
  {
    id: 'mirage-black',
    name: 'Mirage Black',
    settings: {
      ...DEFAULT_CAPTION_SETTINGS,
      color: '#000000',
      backgroundColor: '#ffffff',
      borderRadius: 14,
      textStrokeEnabled: false,
      // Colours that read on its white box (the defaults' yellow and cyan do not).
      textShadow: 'none',
      activeWordColor: '#7c3aed',
      emphasisColor: '#2563eb',
      emphasisGlowColor: 'transparent',
      position: 'center',
    },
  },
];

function styleView(record: ProjectRecord): CaptionStyleResponse {
  const { settings, look_id, preset_id } = record.captionStyle;
  return {
    success: true,
    settings,
    look_id,
    preset_id,
    revision: styleRevision(record),
    hint: look_id
      ? `Caption Look "${look_id}" applied; PATCH settings to override single fields.`
      : 'No Caption Look applied; PATCH look_id to apply one from GET /caption-looks.',
  };
}

export function captionHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/caption-looks', () => {
      const body: Schema<'CaptionLookListResponse'> = { looks: CAPTION_LOOKS };
      return { body };
    }),

    route(ctx, 'get', '/projects/:projectId/captions/style', (req) => ({
      body: styleView(requireProject(req)),
    })),

    route(ctx, 'get', '/caption-fonts', () => {
      const body: Schema<'CaptionFontListResponse'> = { fonts: CAPTION_FONTS };
      return { body };
    }),

    route(ctx, 'patch', '/projects/:projectId/captions/style', (req) =>
      idempotent(req, 'updateCaptionStyle', () => {
        const record = requireProject(req);
        const request = req.body as Schema<'CaptionStyleUpdateRequest'>;
        checkStyleRevision(record, request.expected_revision);
        checkSettingsFont(request.settings);
        let settings: CaptionSettings = { ...record.captionStyle.settings };
        let lookId = record.captionStyle.look_id;
        if (request.look_id !== undefined) {
          const value = request.look_id;
          if (value === null) {
            lookId = null;
          } else {
            const look = CAPTION_LOOKS.find((candidate) => candidate.id === value);
            if (!look) throw invalid('look_id', `Unknown Caption Look ${JSON.stringify(value)}.`);
            lookId = look.id;
            settings = { ...settings, ...look.settings };
          }
        }
        if (request.settings !== undefined) settings = { ...settings, ...request.settings };
        record.captionStyle = {
          ...record.captionStyle,
          settings,
          look_id: lookId,
          revision: styleRevision(record) + 1,
        };
        record.project.updated_at = req.sim.nowIso();
        return { status: 200, body: styleView(record) };
      }),
    ),

    route(ctx, 'get', '/projects/:projectId/captions/words', (req) => {
      const record = requireProject(req);
      const page = pageParams(req, 500);
      const query = queryOf(req, 'listCaptionWords');
      const itemId = query.timeline_item_id ?? null;
      const match = query.match_text?.toLowerCase() ?? null;
      const warnings: string[] = [];
      if (itemId !== null && !record.captionWords.some((word) => word.timelineItemId === itemId)) {
        warnings.push(`No caption words belong to timeline item ${itemId}.`);
      }
      const matches = record.captionWords.filter(
        (word) =>
          (itemId === null || word.timelineItemId === itemId) &&
          (match === null || word.word.toLowerCase().includes(match)),
      );
      const { page: words, bounds } = paginate(matches, page);
      syncRevisions(record, words);
      const emphasisCount = matches.filter((word) => word.isEmphasis).length;
      const body: Schema<'CaptionWordListResponse'> = {
        success: true,
        words,
        items: words,
        count: words.length,
        warnings,
        pagination: {
          total: bounds.total,
          returned: bounds.returned,
          offset: bounds.offset,
          limit: bounds.limit,
          hasMore: bounds.has_more,
        },
        summary: { totalWords: matches.length, emphasisCount, hasEmphasis: emphasisCount > 0 },
        hint: bounds.has_more
          ? `More words: repeat with offset=${bounds.offset + bounds.returned}.`
          : 'All matching words returned.',
        fps: record.timeline.fps,
        captions: captionSpans(record, words),
      };
      return { body };
    }),

    route(ctx, 'patch', '/projects/:projectId/captions/words', (req) =>
      idempotent(req, 'updateCaptionWords', () => {
        const record = requireProject(req);
        const { updates } = req.body as Schema<'CaptionWordsUpdateRequest'>;
        const words = applyWordUpdates(record, updates);
        record.project.updated_at = req.sim.nowIso();
        const body: Schema<'CaptionWordsUpdateResult'> = {
          success: true,
          updated_count: words.length,
          words,
        };
        return { status: 200, body };
      }),
    ),
  ];
}
