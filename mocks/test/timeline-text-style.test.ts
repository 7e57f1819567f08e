/**
 * The assumed `timeline.item.text.style` operation over real HTTP: in the atomic batch and the
 * single-operation endpoints, it sets a text item's colour (and font) under a new revision, keeps the
 * font when none is given, refuses a colour that is not `#RRGGBB` with 400 naming the field, refuses
 * anything but a text item with a clear reason, and 409s a stale revision.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import type { Schema } from '../store/contract.ts';
import type { Client } from './harness.ts';
import { client, errorOf, projectPath, startTestServer, timelineAt } from './harness.ts';
import type { Timeline, TimelineItem } from '@/api/schema.gen.ts';

type Result = Schema<'TimelineBatchApplyResult'>;

let server: SimulatorServer;
let api: Client;

beforeEach(async () => {
  server = await startTestServer();
  api = client(server);
});
afterEach(async () => {
  await server.close();
});

const projectBase = (name: string) => projectPath(api, name);
const timelineOf = (base: string) => timelineAt(api, base);
const items = (t: Timeline) => t.layers.flatMap((layer) => layer.items);
const find = (t: Timeline, id: string) => items(t).find((item) => item.id === id)!;
const style = (item: TimelineItem, color: string, fontFamily?: string) => ({
  operation_id: 'timeline.item.text.style',
  timeline_item_id: item.id,
  color,
  ...(fontFamily === undefined ? {} : { font_family: fontFamily }),
});

describe('timeline.item.text.style', () => {
  it('seeds text items with a text style, some with a font family and some without', async () => {
    const t = await timelineOf(await projectBase('Product launch teaser'));
    const texts = items(t).filter((item) => item.type === 'text');
    expect(texts.length).toBeGreaterThan(1);
    for (const item of texts) expect(item.text_style?.color).toMatch(/^#[0-9A-F]{6}$/);
    expect(texts.some((item) => item.text_style?.font_family)).toBe(true);
    expect(items(t).filter((item) => item.type !== 'text' && item.text_style)).toEqual([]);
  });

  it('sets the colour and font of a text item under one new revision, in a batch', async () => {
    const base = await projectBase('Product launch teaser');
    const t = await timelineOf(base);
    const text = items(t).find((item) => item.type === 'text' && item.text_style?.font_family)!;
    const answer = await api.post<Result>(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      operations: [style(text, '#1e40af', 'Poppins')],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ applied: true, revision: t.revision + 1 });
    expect(answer.body.results[0]!.text_style).toEqual({
      color: '#1E40AF',
      font_family: 'Poppins',
    });
    const after = await timelineOf(base);
    expect(after.revision).toBe(t.revision + 1);
    expect(find(after, text.id).text_style).toEqual({ color: '#1E40AF', font_family: 'Poppins' });

    // Without a font family the item keeps its font.
    const again = await api.post<Result>(`${base}/timeline/operations/batch`, {
      expected_revision: after.revision,
      operations: [style(text, '#FFFFFF')],
    });
    expect(again.body.applied).toBe(true);
    expect(find(await timelineOf(base), text.id).text_style).toEqual({
      color: '#FFFFFF',
      font_family: 'Poppins',
    });

    // null sets the project's default font back.
    const reset = await api.post<Result>(`${base}/timeline/operations/batch`, {
      expected_revision: after.revision + 1,
      operations: [{ ...style(text, '#FFFFFF'), font_family: null }],
    });
    expect(reset.body.applied).toBe(true);
    expect(find(await timelineOf(base), text.id).text_style).toEqual({ color: '#FFFFFF' });
  });

  it('a dry run applies nothing', async () => {
    const base = await projectBase('Product launch teaser');
    const t = await timelineOf(base);
    const text = items(t).find((item) => item.type === 'text')!;
    const answer = await api.post<Result>(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      dry_run: true,
      operations: [style(text, '#123456')],
    });
    expect(answer.body).toMatchObject({ success: true, applied: false, revision: t.revision });
    expect(find(await timelineOf(base), text.id).text_style).toEqual(text.text_style);
  });

  it('answers 400 naming the field to a colour that is not #RRGGBB, or an empty font', async () => {
    const base = await projectBase('Product launch teaser');
    const t = await timelineOf(base);
    const text = items(t).find((item) => item.type === 'text')!;
    for (const color of ['red', '#12345', '#1234567', '#GGGGGG', 'rgb(0,0,0)']) {
      const answer = await api.post(`${base}/timeline/operations/batch`, {
        expected_revision: t.revision,
        operations: [style(text, color)],
      });
      expect(answer.status, color).toBe(400);
      expect(errorOf(answer)).toMatchObject({
        code: 'invalid_request',
        param: 'operations[0].color',
      });
    }
    const missing = await api.post(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      operations: [{ operation_id: 'timeline.item.text.style', timeline_item_id: text.id }],
    });
    expect(missing.status).toBe(400);
    expect(errorOf(missing).param).toBe('operations[0].color');
    const font = await api.post(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      operations: [style(text, '#FFFFFF', '')],
    });
    expect(font.status).toBe(400);
    expect(errorOf(font).param).toBe('operations[0].font_family');
    const single = await api.post(`${base}/timeline/operations`, {
      expected_revision: t.revision,
      operation: style(text, 'blue'),
    });
    expect(single.status).toBe(400);
    expect(errorOf(single).param).toBe('operation.color');
    expect((await timelineOf(base)).revision).toBe(t.revision);
  });

  it('refuses any item that is not text (and an unknown one), with the reason', async () => {
    const base = await projectBase('Product launch teaser');
    const t = await timelineOf(base);
    const video = items(t).find((item) => item.type === 'video')!;
    const text = items(t).find((item) => item.type === 'text')!;
    const answer = await api.post<Result>(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      operations: [style(text, '#000000'), style(video, '#000000')],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: false, applied: false, revision: t.revision });
    expect(answer.body.failed_operations).toEqual([
      expect.objectContaining({
        index: 1,
        code: 'not_text',
        param: 'operations[1].timeline_item_id',
        message: expect.stringContaining('only text items'),
      }),
    ]);
    // Atomic: the text item did not change either.
    expect(find(await timelineOf(base), text.id).text_style).toEqual(text.text_style);

    const single = await api.post(`${base}/timeline/operations`, {
      expected_revision: t.revision,
      operation: style(video, '#000000'),
    });
    expect(single.status).toBe(400);
    expect(errorOf(single)).toMatchObject({
      code: 'invalid_request',
      param: 'operation.timeline_item_id',
    });
    expect(errorOf(single).message).toContain('only text items');

    const unknown = await api.post<Result>(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      operations: [{ ...style(text, '#000000'), timeline_item_id: 'ti_missing' }],
    });
    expect(unknown.body.failed_operations[0]).toMatchObject({ code: 'not_found' });
  });

  it('applies and previews as a single operation; a stale revision is 409', async () => {
    const base = await projectBase('Product launch teaser');
    const t = await timelineOf(base);
    const text = items(t).find((item) => item.type === 'text')!;
    const preview = await api.post<Schema<'TimelineOperationPreview'>>(
      `${base}/timeline/operations/preview`,
      { expected_revision: t.revision, operation: style(text, '#ABCDEF') },
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      operation_id: 'timeline.item.text.style',
      destructive: false,
      affected_timeline_item_ids: [text.id],
    });
    expect((await timelineOf(base)).revision).toBe(t.revision);
    const applied = await api.post<Schema<'TimelineOperationResult'>>(
      `${base}/timeline/operations`,
      { expected_revision: t.revision, operation: style(text, '#ABCDEF') },
    );
    expect(applied.body).toMatchObject({ success: true, revision: t.revision + 1 });
    expect(find(await timelineOf(base), text.id).text_style?.color).toBe('#ABCDEF');
    const stale = await api.post(`${base}/timeline/operations/batch`, {
      expected_revision: t.revision,
      operations: [style(text, '#000000')],
    });
    expect(stale.status).toBe(409);
  });
});
