/**
 * The Konva overlay of the timeline canvas (trim feedback, what a selection box selects): a stage
 * the size of the view with one layer drawn by the controller's scene function. A chunk of its
 * own (Konva and react-konva are most of the canvas's JavaScript): the band of items draws without
 * it; the canvas loads it in idle time and mounts it when the pointer or focus comes to the canvas,
 * before any trim or selection box can need it.
 */
import type Konva from 'konva';
import { memo } from 'react';
// The core build: Konva's shapes and filters (unused: the layer draws with its own scene
// function) would be ~40 % of the chunk.
import { Layer, Shape, Stage } from 'react-konva/lib/ReactKonvaCore';

export interface TimelineOverlayProps {
  width: number;
  height: number;
  layerRef: (layer: Konva.Layer | null) => void;
  sceneFunc: (context: Konva.Context) => void;
}

const STAGE_STYLE = { pointerEvents: 'none' } as const;

/**
 * Memoised: react-konva's Stage reconciles its whole Konva tree (a second React root, flushed
 * synchronously in a layout effect) on every render, and the canvas renders on every new
 * timeline (a commit, its answer): that was ~4 ms of each drop's render.
 */
export const TimelineOverlay = memo(function TimelineOverlay({
  width,
  height,
  layerRef,
  sceneFunc,
}: TimelineOverlayProps) {
  return (
    // No input reaches the stage: the scroll box under it handles every pointer and wheel event
    // (hit testing is the pure index). Konva's own content listeners measured the stage
    // (getBoundingClientRect) on every wheel event they saw, forcing a layout of what the last
    // frame changed, on each event of a Ctrl+wheel zoom sweep.
    <Stage width={width} height={height} listening={false} style={STAGE_STYLE}>
      <Layer ref={layerRef} listening={false}>
        <Shape sceneFunc={sceneFunc} listening={false} perfectDrawEnabled={false} />
      </Layer>
    </Stage>
  );
});
