/**
 * The Konva stage over the preview (a chunk of its own, like the timeline's overlay): the
 * selected item's box with a Transformer to resize it from its corners (free; Shift keeps its
 * aspect ratio, as Konva does with `keepRatio: false`) and rotate it (snapping to right angles),
 * and the pointer's presses, moves and double clicks in frame coordinates (the stage is scaled to
 * the project's frame, e.g. 1080 × 1920) for the preview's own gestures. The box follows a gesture's layout from
 * the editor's store without React renders. A Transformer changes a node's scale, never its width
 * and height: the layout's scale is read from it, and the node is put back from the store after
 * each gesture (`forceUpdate` keeps the Transformer's box in step).
 */
import type Konva from 'konva';
import 'konva/lib/shapes/Rect';
import 'konva/lib/shapes/Transformer';
import { memo, useEffect, useRef } from 'react';
import { Layer, Rect, Stage, Transformer } from 'react-konva/lib/ReactKonvaCore';
import type { ProjectFrame } from '@/lib/project-frame.ts';
import { croppedSize, type Point } from '../model/frame-layout.ts';
import type { ItemLayout } from '../model/item-edits.ts';
import type { TimelineEditor } from '../state/create-timeline-editor.ts';

export interface StageTarget {
  itemId: string;
  layout: ItemLayout;
  locked: boolean;
}

export interface PreviewStageProps {
  editor: TimelineEditor;
  width: number;
  height: number;
  /** The project's frame: the stage's width shows its width. */
  frame: ProjectFrame;
  target: StageTarget | null;
  onPress(point: Point, event: PointerEvent): void;
  onMove(point: Point, event: PointerEvent): void;
  onRelease(point: Point, event: PointerEvent): void;
  onDoubleClick(point: Point): void;
  onTransformStart(): void;
  onTransform(layout: ItemLayout): void;
  onTransformEnd(layout: ItemLayout): void;
}

const CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];
const ROTATION_SNAPS = [0, 90, 180, 270];
/** The smallest box a resize leaves, in frame pixels. */
const MIN_SIZE = 8;

function place(node: Konva.Rect, layout: ItemLayout): void {
  const { width, height } = croppedSize(layout);
  node.setAttrs({
    x: layout.x,
    y: layout.y,
    width,
    height,
    offsetX: width / 2,
    offsetY: height / 2,
    scaleX: layout.scale_x,
    scaleY: layout.scale_y,
    rotation: layout.rotation_deg,
  });
}

export const PreviewStage = memo(function PreviewStage(props: PreviewStageProps) {
  const { editor, width, height, frame, target } = props;
  const rectRef = useRef<Konva.Rect>(null);
  const trRef = useRef<Konva.Transformer>(null);
  const handlers = useRef(props);
  handlers.current = props;
  const k = width / frame.width;

  // The box at the target's layout, with the Transformer on it (none on a locked layer's item).
  useEffect(() => {
    const rect = rectRef.current;
    const tr = trRef.current;
    if (!rect || !tr) return;
    if (target) place(rect, target.layout);
    tr.nodes(target ? [rect] : []);
    tr.forceUpdate();
    tr.getLayer()?.batchDraw();
  }, [target]);

  // A move on the preview (the editor's layoutDrag) moves the box; its end puts it back.
  useEffect(
    () =>
      editor.store.subscribe((state, previous) => {
        if (state.layoutDrag === previous.layoutDrag) return;
        const rect = rectRef.current;
        const tr = trRef.current;
        const current = handlers.current.target;
        if (!rect || !tr || !current) return;
        const drag = state.layoutDrag;
        if (drag && drag.itemId === current.itemId) {
          if (!tr.isTransforming()) place(rect, drag.to);
        } else if (!drag) {
          // Cancelled (Escape) or committed: back to the item's layout, whatever Konva did.
          if (tr.isTransforming()) tr.stopTransform();
          place(rect, current.layout);
        }
        tr.forceUpdate();
        tr.getLayer()?.batchDraw();
      }),
    [editor],
  );

  const layoutOf = (node: Konva.Rect): ItemLayout | null => {
    const current = handlers.current.target;
    if (!current) return null;
    return {
      ...current.layout,
      x: node.x(),
      y: node.y(),
      scale_x: node.scaleX(),
      scale_y: node.scaleY(),
      rotation_deg: node.rotation(),
    };
  };

  const pointer = (event: Konva.KonvaEventObject<PointerEvent>): Point | null => {
    const stage = event.target.getStage();
    const position = stage?.getRelativePointerPosition();
    return position ? { x: position.x, y: position.y } : null;
  };
  const onTransformer = (event: Konva.KonvaEventObject<PointerEvent>) =>
    event.target.getParent()?.getClassName() === 'Transformer';

  return (
    <Stage
      width={width}
      height={height}
      scaleX={k}
      scaleY={k}
      onPointerDown={(event) => {
        if (onTransformer(event)) return;
        const point = pointer(event);
        if (point) handlers.current.onPress(point, event.evt);
      }}
      onPointerMove={(event) => {
        const point = pointer(event);
        if (point) handlers.current.onMove(point, event.evt);
      }}
      onPointerUp={(event) => {
        const point = pointer(event);
        if (point) handlers.current.onRelease(point, event.evt);
      }}
      onDblClick={(event) => {
        const position = event.target.getStage()?.getRelativePointerPosition();
        if (position) handlers.current.onDoubleClick(position);
      }}
    >
      {/* Hidden with nothing selected: Chromium's software compositing copies every shown 2D
          canvas on each commit, drawn or not. The stage still hears the pointer. */}
      <Layer visible={target !== null}>
        <Rect
          ref={rectRef}
          visible={target !== null}
          listening={false}
          stroke={target?.locked ? '#94a3b8' : '#facc15'}
          strokeWidth={2 / k}
          strokeScaleEnabled={false}
          dash={target?.locked ? [6 / k, 4 / k] : undefined}
          perfectDrawEnabled={false}
          onTransformStart={() => handlers.current.onTransformStart()}
          onTransform={(event) => {
            const layout = layoutOf(event.target as Konva.Rect);
            if (layout) handlers.current.onTransform(layout);
          }}
          onTransformEnd={(event) => {
            const layout = layoutOf(event.target as Konva.Rect);
            if (layout) handlers.current.onTransformEnd(layout);
          }}
        />
        <Transformer
          ref={trRef}
          visible={target !== null && !target.locked}
          resizeEnabled={!target?.locked}
          rotateEnabled={!target?.locked}
          enabledAnchors={CORNERS}
          keepRatio={false}
          flipEnabled={false}
          ignoreStroke
          rotationSnaps={ROTATION_SNAPS}
          rotationSnapTolerance={4}
          anchorSize={10}
          anchorStroke="#facc15"
          borderStroke="#facc15"
          boundBoxFunc={(oldBox, newBox) =>
            Math.abs(newBox.width) < MIN_SIZE * k || Math.abs(newBox.height) < MIN_SIZE * k
              ? oldBox
              : newBox
          }
        />
      </Layer>
    </Stage>
  );
});
