/** Project context and timeline editing: timeline, preview frame, operations, move, delete, mask. */
import type { HttpHandler } from 'msw';
import { ApiError, invalid, notFound } from '../lib/errors.ts';
import type { MovePlan, TrimPlan } from '../rules/timeline.ts';
import {
  applyMove,
  applyTrim,
  batchDelete,
  bumpRevision,
  checkRevision,
  locate,
  planMove,
  planTrim,
  requireItem,
  timelineView,
} from '../rules/timeline.ts';
import type { Schema } from '../store/contract.ts';
import type { ProjectRecord } from '../store/workspace.ts';
import { findAsset } from '../store/workspace.ts';
import { ensureGeometry } from '../store/item-geometry.ts';
import { idempotent, requireProject } from './helpers.ts';
import { applyBatch, type BatchResult } from '../rules/timeline-batch.ts';
import { applyTextStyle, planTextStyle, type TextStylePlan } from '../rules/timeline-text-style.ts';
import { frameScene } from './frame-scene.ts';
import { rasterAccepted, renderPreviewFrame } from './preview-frame.ts';
import type { HandlerContext, RouteRequest } from './route.ts';
import { queryOf, route } from './route.ts';
import type { TimelineOperationPreview } from '@/api/schema.gen.ts';

type Planned =
  | { kind: 'timeline.item.trim'; plan: TrimPlan }
  | { kind: 'timeline.item.move'; plan: MovePlan }
  | { kind: 'timeline.item.text.style'; plan: TextStylePlan };

type Operation = Schema<'TimelineOperationRequest'>['operation'];
type ItemOperation = Exclude<
  Operation,
  { operation_id: 'timeline.item.trim' | 'timeline.item.move' | 'timeline.item.text.style' }
>;

const isItemOperation = (op: Operation): op is ItemOperation =>
  op.operation_id !== 'timeline.item.trim' &&
  op.operation_id !== 'timeline.item.move' &&
  op.operation_id !== 'timeline.item.text.style';

/**
 * An item operation (layout, sound, text, additions, split, duplicate) alone: the batch's rules
 * under the name `operation`, a refusal answered as the error it is (400 naming the field, 404).
 */
function runItemOperation(
  req: RouteRequest,
  record: ProjectRecord,
  op: ItemOperation,
  expected: number,
  dryRun: boolean,
): BatchResult {
  checkRevision(record, expected);
  const result = applyBatch(req.workspace, record, [op], {
    dryRun,
    prefix: 'operation',
    newEffectId: () => `fx_${req.sim.rng.hex(12)}`,
    newItemId: () => `ti_${req.sim.rng.hex(12)}`,
    newWordId: () => `cw_${req.sim.rng.hex(16)}`,
  });
  const failure = result.failed_operations[0];
  if (failure) {
    throw new ApiError(
      failure.code === 'not_found' ? 404 : 400,
      failure.code === 'not_found' ? 'not_found' : 'invalid_request',
      failure.message,
      failure.param ?? null,
    );
  }
  if (result.applied) record.project.updated_at = req.sim.nowIso();
  return result;
}

/** Plans the operation of a body the contract already checked (TimelineOperationRequest). */
function parseOperation(
  req: RouteRequest,
  record: ProjectRecord,
): { planned: Planned; expected: number } {
  const { operation: op, expected_revision: expected } =
    req.body as Schema<'TimelineOperationRequest'>;
  checkRevision(record, expected);
  if (isItemOperation(op)) throw new Error('Item operations go through runItemOperation.');
  if (op.operation_id === 'timeline.item.trim') {
    const plan = planTrim(req.workspace, record, {
      itemId: op.timeline_item_id,
      startDelta: op.trim_start_delta_seconds ?? 0,
      endDelta: op.trim_end_delta_seconds ?? 0,
      snapToFrame: op.snap_to_frame !== false,
    });
    return { planned: { kind: op.operation_id, plan }, expected };
  }
  if (op.operation_id === 'timeline.item.text.style') {
    const plan = planTextStyle((itemId) => locate(record, itemId), op, 'operation.');
    return { planned: { kind: op.operation_id, plan }, expected };
  }
  const plan = planMove(
    record,
    {
      itemId: op.timeline_item_id,
      newStart: op.new_start_seconds,
      newLayerIndex: op.new_layer_index ?? null,
    },
    'operation.',
  );
  return { planned: { kind: op.operation_id, plan }, expected };
}

export function timelineHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/projects/:projectId/timeline', (req) => ({
      body: timelineView(requireProject(req), (id) => findAsset(req.workspace, id)?.kind),
    })),

    route(ctx, 'get', '/projects/:projectId/preview-frame', async (req) => {
      const record = requireProject(req);
      const query = queryOf(req, 'getPreviewFrame');
      ensureGeometry(record, (id) => findAsset(req.workspace, id)?.kind);
      const filters = {
        layers: query.layers,
        excludeTypes: query.exclude_types,
        excludeItemIds: query.exclude_item_ids,
        onlyItemIds: query.only_item_ids,
      };
      const headers = {
        'cache-control': 'no-store',
        vary: 'accept',
        'x-timeline-revision': String(record.timeline.revision),
      };
      const raster =
        ctx.rasterizeFrame && rasterAccepted(req.request.headers.get('accept'))
          ? await ctx.rasterizeFrame(
              frameScene(record, query.at_seconds, filters),
              // The contract's default, which the route has filled in.
              query.height ?? 960,
            )
          : null;
      if (raster)
        return new Response(raster.body, {
          status: 200,
          headers: { 'content-type': raster.contentType, ...headers },
        });
      return new Response(renderPreviewFrame(record, query.at_seconds, filters), {
        status: 200,
        headers: { 'content-type': 'image/svg+xml', ...headers },
      });
    }),

    route(ctx, 'post', '/projects/:projectId/timeline/operations/preview', (req) => {
      const record = requireProject(req);
      const request = req.body as Schema<'TimelineOperationRequest'>;
      if (isItemOperation(request.operation)) {
        const result = runItemOperation(
          req,
          record,
          request.operation,
          request.expected_revision,
          true,
        );
        const preview: TimelineOperationPreview = {
          operation_id: request.operation.operation_id,
          project_id: record.project.id,
          current_revision: record.timeline.revision,
          expected_revision: request.expected_revision,
          destructive: result.destructive,
          affected_timeline_item_ids: result.affected_timeline_item_ids,
          would_create_timeline_item_ids: result.created_timeline_item_ids ?? [],
          would_delete_timeline_item_ids: result.deleted_timeline_item_ids,
          change_count: 1,
          warnings: result.warnings,
        };
        return { body: preview };
      }
      const { planned, expected } = parseOperation(req, record);
      const base = {
        operation_id: planned.kind,
        project_id: record.project.id,
        current_revision: record.timeline.revision,
        expected_revision: expected,
        would_create_timeline_item_ids: [],
      };
      let body: TimelineOperationPreview;
      if (planned.kind === 'timeline.item.trim') {
        const { plan } = planned;
        body = {
          ...base,
          destructive: plan.deletesItem || plan.removedWordIds.length > 0,
          affected_timeline_item_ids: [plan.located.item.id],
          would_delete_timeline_item_ids: plan.deletesItem ? [plan.located.item.id] : [],
          change_count: 1,
          warnings: [
            ...plan.warnings,
            ...(plan.removedWordIds.length > 0 && !plan.deletesItem
              ? [`${plan.removedWordIds.length} caption word(s) would be removed.`]
              : []),
          ],
        };
      } else {
        body = {
          ...base,
          destructive: false,
          affected_timeline_item_ids: [planned.plan.located.item.id],
          would_delete_timeline_item_ids: [],
          change_count: 1,
          warnings: planned.kind === 'timeline.item.move' ? planned.plan.warnings : [],
        };
      }
      return { body };
    }),

    route(ctx, 'post', '/projects/:projectId/timeline/operations', (req) => {
      const record = requireProject(req);
      const request = req.body as Schema<'TimelineOperationRequest'>;
      if (isItemOperation(request.operation)) {
        const result = runItemOperation(
          req,
          record,
          request.operation,
          request.expected_revision,
          false,
        );
        const body: Schema<'TimelineOperationResult'> = {
          success: true,
          operation_id: request.operation.operation_id,
          project_id: record.project.id,
          previous_revision: result.previous_revision,
          revision: result.revision,
          affected_timeline_item_ids: result.affected_timeline_item_ids,
          created_timeline_item_ids: result.created_timeline_item_ids ?? [],
          deleted_timeline_item_ids: result.deleted_timeline_item_ids,
          warnings: result.warnings,
        };
        return { body };
      }
      const { planned } = parseOperation(req, record);
      const previous = record.timeline.revision;
      const itemId = planned.plan.located.item.id;
      let deleted: string[] = [];
      let warnings: string[] = [];
      if (planned.kind === 'timeline.item.trim') {
        applyTrim(record, planned.plan);
        if (planned.plan.deletesItem) deleted = [itemId];
        warnings = planned.plan.warnings;
      } else if (planned.kind === 'timeline.item.text.style') {
        applyTextStyle(planned.plan);
      } else {
        applyMove(record, planned.plan);
        warnings = planned.plan.warnings;
      }
      bumpRevision(record, req.sim.nowIso());
      const body: Schema<'TimelineOperationResult'> = {
        success: true,
        operation_id: planned.kind,
        project_id: record.project.id,
        previous_revision: previous,
        revision: record.timeline.revision,
        affected_timeline_item_ids: [itemId],
        created_timeline_item_ids: [],
        deleted_timeline_item_ids: deleted,
        warnings,
      };
      return { body };
    }),

    // Assumed: several operations under one revision, all or none (rules/timeline-batch.ts).
    route(ctx, 'post', '/projects/:projectId/timeline/operations/batch', (req) => {
      const record = requireProject(req);
      return idempotent(req, 'timeline.operations.batch', () => {
        // The shape is checked against the contract before the handler runs.
        const body = req.body as unknown as Schema<'TimelineBatchApplyRequest'>;
        checkRevision(record, body.expected_revision);
        const result = applyBatch(req.workspace, record, body.operations, {
          dryRun: body.dry_run === true,
          newEffectId: () => `fx_${req.sim.rng.hex(12)}`,
          newItemId: () => `ti_${req.sim.rng.hex(12)}`,
          newWordId: () => `cw_${req.sim.rng.hex(16)}`,
        });
        if (result.applied) record.project.updated_at = req.sim.nowIso();
        return { status: 200, body: result };
      });
    }),

    route(ctx, 'post', '/projects/:projectId/timeline/move', (req) => {
      const record = requireProject(req);
      const {
        timeline_item_id: itemId,
        new_start_seconds: newStart,
        new_layer_index: layer,
        expected_revision: expected,
      } = req.body as Schema<'TimelineMoveRequest'>;
      checkRevision(record, expected ?? null);
      const plan = planMove(record, { itemId, newStart, newLayerIndex: layer ?? null });
      const previousStart = plan.located.item.start_seconds;
      const previousLayer = plan.located.layer.index;
      applyMove(record, plan);
      bumpRevision(record, req.sim.nowIso());
      const body: Schema<'TimelineMoveResult'> = {
        success: true,
        timeline_item_id: itemId,
        previous_start_seconds: previousStart,
        new_start_seconds: plan.newStart,
        previous_layer_index: previousLayer,
        new_layer_index: plan.target.index,
        warnings: plan.warnings,
      };
      return { body };
    }),

    route(ctx, 'post', '/projects/:projectId/timeline/batch-delete', (req) => {
      const record = requireProject(req);
      const {
        timeline_item_ids: ids,
        expected_revision: expected,
        pack,
      } = req.body as Schema<'TimelineBatchDeleteRequest'>;
      checkRevision(record, expected ?? null);
      const body = batchDelete(record, ids, pack ?? false);
      if (body.deleted_count > 0) bumpRevision(record, req.sim.nowIso());
      return { body };
    }),

    route(ctx, 'post', '/projects/:projectId/effects/mask', (req) => {
      const record = requireProject(req);
      const {
        timeline_item_id: itemId,
        effect_type: effectType,
        start_seconds: start,
        end_seconds: end,
        expected_revision: expected,
      } = req.body as Schema<'MaskEffectRequest'>;
      if (start !== undefined && end !== undefined && end <= start) {
        throw invalid('end_seconds', 'end_seconds must be greater than start_seconds.');
      }
      checkRevision(record, expected ?? null);
      const { item, layer } = requireItem(record, itemId, 'timeline_item_id');
      if (layer.locked) {
        throw invalid('timeline_item_id', `Layer ${layer.index} (${layer.name}) is locked.`);
      }
      const effectId = `fx_${req.sim.rng.hex(12)}`;
      item.effects.push({ effect_id: effectId, effect_type: effectType });
      bumpRevision(record, req.sim.nowIso());
      const body: Schema<'MaskEffectResult'> = {
        success: true,
        project_id: record.project.id,
        timeline_item_id: item.id,
        content_item_id: item.asset_id ?? item.id,
        effect_id: effectId,
        effect_type: effectType,
        txid: record.timeline.revision,
      };
      return { body };
    }),

    // Assumed: removing an effect (the undo of adding one).
    route(ctx, 'delete', '/projects/:projectId/effects/:effectId', (req) => {
      const record = requireProject(req);
      const effectId = req.params.effectId ?? '';
      const expected = queryOf(req, 'removeEffect').expected_revision;
      checkRevision(record, expected ?? null);
      const owner = record.timeline.layers
        .flatMap((layer) => layer.items.map((item) => ({ item, layer })))
        .find(({ item }) => item.effects.some((effect) => effect.effect_id === effectId));
      if (!owner) throw notFound('effectId', `No effect ${effectId} in this project's timeline.`);
      if (owner.layer.locked) {
        throw invalid('effectId', `Layer ${owner.layer.index} (${owner.layer.name}) is locked.`);
      }
      owner.item.effects = owner.item.effects.filter((effect) => effect.effect_id !== effectId);
      bumpRevision(record, req.sim.nowIso());
      const body: Schema<'EffectRemovalResult'> = {
        success: true,
        project_id: record.project.id,
        timeline_item_id: owner.item.id,
        effect_id: effectId,
        revision: record.timeline.revision,
      };
      return { body };
    }),
  ];
}
