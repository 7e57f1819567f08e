/** Project context and timeline editing: timeline, preview frame, operations, move, delete, mask. */
import type { HttpHandler } from 'msw';
import { invalid, notFound } from '../lib/errors.ts';
import type { JsonObject } from '../lib/validate.ts';
import {
  isJsonObject,
  optionalBoolean,
  optionalNumber,
  optionalStringArray,
  queryInteger,
  requireNumber,
  requireString,
} from '../lib/validate.ts';
import type { MovePlan, TrimPlan } from '../rules/timeline.ts';
import {
  applyMove,
  applyTrim,
  batchDelete,
  bumpRevision,
  checkRevision,
  planMove,
  planTrim,
  requireItem,
  timelineView,
} from '../rules/timeline.ts';
import type { Schema, TimelineOperationPreview } from '../store/contract.ts';
import type { ProjectRecord } from '../store/workspace.ts';
import { idempotent, requireProject } from './helpers.ts';
import { applyBatch } from '../rules/timeline-batch.ts';
import { renderPreviewFrame } from './preview-frame.ts';
import type { HandlerContext, RouteRequest } from './route.ts';
import { route } from './route.ts';

type Planned =
  { kind: 'timeline.item.trim'; plan: TrimPlan } | { kind: 'timeline.item.move'; plan: MovePlan };

function parseOperation(
  req: RouteRequest,
  record: ProjectRecord,
): { planned: Planned; expected: number } {
  const operation = req.body.operation;
  if (!isJsonObject(operation)) throw invalid('operation', 'operation must be an object.');
  const expected = requireNumber(req.body, 'expected_revision', { integer: true, min: 0 });
  const op: JsonObject = operation;
  const operationId = op.operation_id;
  const itemId = (() => {
    const value = op.timeline_item_id;
    if (typeof value !== 'string' || value === '') {
      throw invalid('operation.timeline_item_id', 'operation.timeline_item_id is required.');
    }
    return value;
  })();
  const num = (key: string, required: boolean): number | null => {
    const value = op[key];
    if (value === undefined || value === null) {
      if (required) throw invalid(`operation.${key}`, `operation.${key} is required.`);
      return null;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw invalid(`operation.${key}`, `operation.${key} must be a number.`);
    }
    return value;
  };
  checkRevision(record, expected);
  if (operationId === 'timeline.item.trim') {
    const snap = op.snap_to_frame;
    if (snap !== undefined && typeof snap !== 'boolean') {
      throw invalid('operation.snap_to_frame', 'operation.snap_to_frame must be a boolean.');
    }
    const plan = planTrim(req.workspace, record, {
      itemId,
      startDelta: num('trim_start_delta_seconds', false) ?? 0,
      endDelta: num('trim_end_delta_seconds', false) ?? 0,
      snapToFrame: snap !== false,
    });
    return { planned: { kind: operationId, plan }, expected };
  }
  if (operationId === 'timeline.item.move') {
    const layer = num('new_layer_index', false);
    if (layer !== null && (!Number.isInteger(layer) || layer < 0)) {
      throw invalid(
        'operation.new_layer_index',
        'operation.new_layer_index must be an integer >= 0.',
      );
    }
    const plan = planMove(
      record,
      { itemId, newStart: num('new_start_seconds', true) ?? 0, newLayerIndex: layer },
      'operation.',
    );
    return { planned: { kind: operationId, plan }, expected };
  }
  throw invalid(
    'operation.operation_id',
    'operation.operation_id must be timeline.item.trim or timeline.item.move.',
  );
}

export function timelineHandlers(ctx: HandlerContext): HttpHandler[] {
  return [
    route(ctx, 'get', '/projects/:projectId/timeline', (req) => ({
      body: timelineView(requireProject(req)),
    })),

    route(ctx, 'get', '/projects/:projectId/preview-frame', (req) => {
      const record = requireProject(req);
      const raw = req.query.get('at_seconds');
      const at = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
      if (!Number.isFinite(at) || at < 0) {
        throw invalid('at_seconds', 'at_seconds is required and must be a number >= 0.');
      }
      return new Response(renderPreviewFrame(record, at), {
        status: 200,
        headers: { 'content-type': 'image/svg+xml', 'cache-control': 'no-store' },
      });
    }),

    route(ctx, 'post', '/projects/:projectId/timeline/operations/preview', (req) => {
      const record = requireProject(req);
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
          warnings: planned.plan.warnings,
        };
      }
      return { body };
    }),

    route(ctx, 'post', '/projects/:projectId/timeline/operations', (req) => {
      const record = requireProject(req);
      const { planned } = parseOperation(req, record);
      const previous = record.timeline.revision;
      const itemId = planned.plan.located.item.id;
      let deleted: string[] = [];
      if (planned.kind === 'timeline.item.trim') {
        applyTrim(record, planned.plan);
        if (planned.plan.deletesItem) deleted = [itemId];
      } else {
        applyMove(record, planned.plan);
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
        warnings: planned.plan.warnings,
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
        });
        if (result.applied) record.project.updated_at = req.sim.nowIso();
        return { status: 200, body: result };
      });
    }),

    route(ctx, 'post', '/projects/:projectId/timeline/move', (req) => {
      const record = requireProject(req);
      const itemId = requireString(req.body, 'timeline_item_id', { min: 1 });
      const newStart = requireNumber(req.body, 'new_start_seconds');
      const layer = optionalNumber(req.body, 'new_layer_index', { integer: true, min: 0 });
      const expected = optionalNumber(req.body, 'expected_revision', { integer: true, min: 0 });
      checkRevision(record, expected);
      const plan = planMove(record, { itemId, newStart, newLayerIndex: layer });
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
      if (!Array.isArray(req.body.timeline_item_ids)) {
        throw invalid('timeline_item_ids', 'timeline_item_ids must be an array of ids.');
      }
      const ids = optionalStringArray(req.body, 'timeline_item_ids', { max: 100 });
      if (ids.length === 0) {
        throw invalid('timeline_item_ids', 'timeline_item_ids must contain at least one id.');
      }
      const expected = optionalNumber(req.body, 'expected_revision', { integer: true, min: 0 });
      const pack = optionalBoolean(req.body, 'pack');
      checkRevision(record, expected);
      const body = batchDelete(record, ids, pack);
      if (body.deleted_count > 0) bumpRevision(record, req.sim.nowIso());
      return { body };
    }),

    route(ctx, 'post', '/projects/:projectId/effects/mask', (req) => {
      const record = requireProject(req);
      const itemId = requireString(req.body, 'timeline_item_id', { min: 1 });
      const effectType = requireString(req.body, 'effect_type', { min: 1 });
      if (effectType !== 'zoom') throw invalid('effect_type', 'effect_type must be zoom.');
      requireNumber(req.body, 'zoom_scale', { min: 1, max: 4 });
      const start = optionalNumber(req.body, 'start_seconds', { min: 0 });
      const end = optionalNumber(req.body, 'end_seconds', { min: 0 });
      if (start !== null && end !== null && end <= start) {
        throw invalid('end_seconds', 'end_seconds must be greater than start_seconds.');
      }
      const expected = optionalNumber(req.body, 'expected_revision', { integer: true, min: 0 });
      checkRevision(record, expected);
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
      const expected =
        req.query.get('expected_revision') === null
          ? null
          : queryInteger(req.query, 'expected_revision', { min: 0, fallback: 0 });
      checkRevision(record, expected);
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
