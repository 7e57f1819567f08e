/**
 * The pointer on the preview: a press selects the item under it (the top one, on the layers that
 * play) and a drag moves it, snapping to the frame's centre lines and edges and to the other
 * items (Alt: no snapping); the stage's Transformer resizes and rotates it; a double click on a
 * text item edits its words in place. Each gesture is one editor gesture (Escape cancels it) and
 * one commit: one request, one undo step, with the revision it was based on.
 */
import type { PainterContext } from '@/caption-painter/caption-painter.ts';
import { playingLayers } from '../model/audio-commands.ts';
import { hitTest, snapMove, type Point } from '../model/frame-layout.ts';
import { lockedReason } from '../model/group-move.ts';
import type { ItemLayout } from '../model/item-edits.ts';
import { layoutChange } from '../model/layout-commands.ts';
import type { TimelineEditor } from '../state/create-timeline-editor.ts';
import { itemsAt } from './preview-drawing.ts';
import type { PreviewPainter } from './preview-painter.ts';
import { textLayout } from './text-item-drawing.ts';
import type { Timeline, TimelineItem } from '@/api/schema.gen.ts';

export interface OnFrame {
  item: TimelineItem;
  layout: ItemLayout;
  locked: boolean;
}

/** Snapping reach, in pixels on screen. */
const SNAP_PX = 6;
/** How far a press moves before it is a drag, in pixels on screen. */
const DRAG_PX = 3;

export class PreviewGestures {
  private press: {
    itemId: string;
    name: string;
    origin: Point;
    from: ItemLayout;
    started: boolean;
    others: ItemLayout[];
  } | null = null;
  private transform: { itemId: string; name: string; from: ItemLayout } | null = null;
  /** Screen pixels per frame pixel. */
  scale = 0.25;

  constructor(
    private readonly editor: TimelineEditor,
    private readonly painter: () => PreviewPainter | null,
    private readonly measure: PainterContext,
    private readonly timeline: () => Timeline,
  ) {}

  /** The visual items playing at the playhead, bottom first, with the box the editor shows. */
  onFrame(): OnFrame[] {
    const state = this.editor.getState();
    const timeline = this.timeline();
    const layers = timeline.layers.map((layer) => layer.index);
    const playing =
      state.mutedLayers.size || state.soloLayers.size
        ? new Set(playingLayers(layers, state.mutedLayers, state.soloLayers))
        : null;
    return itemsAt(timeline, state.playhead, playing).flatMap(({ item, layer }) =>
      item.layout
        ? [
            {
              item,
              layout: this.layoutOf(item),
              locked: layer.locked === true,
            },
          ]
        : [],
    );
  }

  layoutOf(item: TimelineItem): ItemLayout {
    return item.type === 'text'
      ? textLayout(this.measure, item, item.layout!, this.editor.getState().frame)
      : item.layout!;
  }

  pressAt(point: Point, event: { altKey: boolean; button?: number }): void {
    if (event.button !== undefined && event.button !== 0) return;
    if (this.editor.getState().gesture) return;
    const items = this.onFrame();
    const hit = hitTest(items, point);
    if (!hit) {
      if (this.editor.getState().selection.size > 0) this.editor.setState({ selection: new Set() });
      return;
    }
    const { item } = hit;
    if (!this.editor.getState().selection.has(item.id) || this.editor.getState().selection.size > 1)
      this.editor.setState({ selection: new Set([item.id]) });
    if (hit.locked) {
      const layer = this.timeline().layers.find(
        (candidate) => candidate.index === item.layer_index,
      );
      this.editor.announce(lockedReason(layer?.name ?? 'This layer'));
      return;
    }
    if (item.type !== 'text') this.painter()?.prepareDrag(item.id);
    this.press = {
      itemId: item.id,
      name: item.name,
      origin: point,
      from: hit.layout,
      started: false,
      others: items.filter((other) => other.item.id !== item.id).map((other) => other.layout),
    };
  }

  moveTo(point: Point, event: { altKey: boolean }): void {
    const press = this.press;
    if (!press) return;
    const dx = point.x - press.origin.x;
    const dy = point.y - press.origin.y;
    if (!press.started) {
      if (Math.hypot(dx, dy) * this.scale < DRAG_PX) return;
      press.started = true;
      this.editor.beginGesture(`Move “${press.name}” on the frame`);
    }
    if (!this.editor.getState().gesture) {
      // Cancelled (Escape): the press is over.
      this.press = null;
      return;
    }
    let to: ItemLayout = { ...press.from, x: press.from.x + dx, y: press.from.y + dy };
    let guides: ReturnType<typeof snapMove>['guides'] = [];
    if (!event.altKey) {
      const snapped = snapMove(
        to,
        press.others,
        SNAP_PX / this.scale,
        this.editor.getState().frame,
      );
      to = snapped.layout;
      guides = snapped.guides;
    }
    this.editor.setState({ layoutDrag: { itemId: press.itemId, from: press.from, to, guides } });
  }

  release(): void {
    const press = this.press;
    this.press = null;
    if (!press?.started || !this.editor.getState().gesture) return;
    const drag = this.editor.getState().layoutDrag;
    if (!drag) {
      this.editor.endGesture({ layoutDrag: null });
      return;
    }
    this.commit(drag.itemId, drag.to, `Move “${press.name}” on the frame`);
  }

  transformStarted(itemId: string): void {
    const item = this.item(itemId);
    if (!item?.layout) return;
    this.transform = { itemId, name: item.name, from: this.layoutOf(item) };
    this.editor.beginGesture(`Resize “${item.name}”`);
  }

  transformed(layout: ItemLayout): void {
    const transform = this.transform;
    if (!transform || !this.editor.getState().gesture) return;
    this.editor.setState({
      layoutDrag: { itemId: transform.itemId, from: transform.from, to: layout, guides: [] },
    });
  }

  transformEnded(layout: ItemLayout): void {
    const transform = this.transform;
    this.transform = null;
    if (!transform || !this.editor.getState().gesture) return;
    const rotated = Math.abs(layout.rotation_deg - transform.from.rotation_deg) > 1e-6;
    this.commit(transform.itemId, layout, `${rotated ? 'Rotate' : 'Resize'} “${transform.name}”`);
  }

  /** A double click on a text item edits its words in place. */
  doubleClickAt(point: Point): string | null {
    const hit = hitTest(this.onFrame(), point);
    if (!hit || hit.item.type !== 'text' || hit.locked) return null;
    this.editor.setState({ selection: new Set([hit.item.id]), textEditing: hit.item.id });
    return hit.item.id;
  }

  private item(itemId: string): TimelineItem | undefined {
    return this.editor.context()?.index.byId.get(itemId)?.item;
  }

  private commit(itemId: string, to: ItemLayout, label: string): void {
    const ctx = this.editor.context();
    const item = ctx?.index.byId.get(itemId)?.item;
    if (!ctx || !item) {
      this.editor.endGesture({ layoutDrag: null });
      return;
    }
    const outcome = layoutChange(ctx, item, to, label);
    if (outcome.type !== 'change') {
      this.editor.endGesture({ layoutDrag: null });
      if (outcome.type === 'refused' && outcome.reason !== 'It is already there.')
        this.editor.announce(outcome.reason);
      return;
    }
    if (item.type !== 'text') this.painter()?.holdForRevision(this.timeline().revision + 1);
    void this.editor.commitGesture(outcome.change, label, { layoutDrag: null });
  }
}
