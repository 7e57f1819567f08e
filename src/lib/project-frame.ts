/**
 * The project's frame: the picture its video is made at, from the project's `aspect_ratio`
 * (9:16 unless it says otherwise), 1080 pixels on its short side: 1080 × 1920 for 9:16,
 * 1920 × 1080 for 16:9, 1080 × 1080 for 1:1, 1080 × 1350 for 4:5. Item layouts, text sizes and
 * caption sizes are pixels of this frame, for the service (the simulator's renderer and layout
 * rules) and for every view that draws it (the timeline's preview, the caption styler).
 */

export interface ProjectFrame {
  width: number;
  height: number;
}

/** The frame's short side, in pixels: sizes of text and captions are pixels at this scale. */
export const FRAME_SHORT_SIDE = 1080;

/** The shape a project has when it names none (the contract's default). */
export const DEFAULT_ASPECT_RATIO = '9:16';

/** Width and height of `W:H` (whole or decimal, both positive), or null. */
function parseRatio(aspectRatio: string): { width: number; height: number } | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(aspectRatio);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** The frame of a project whose `aspect_ratio` is `aspectRatio` (9:16 when absent or unreadable). */
export function frameOf(aspectRatio: string | null | undefined): ProjectFrame {
  const ratio = parseRatio(aspectRatio ?? '') ?? parseRatio(DEFAULT_ASPECT_RATIO)!;
  const short = Math.min(ratio.width, ratio.height);
  return {
    width: Math.round((FRAME_SHORT_SIDE * ratio.width) / short),
    height: Math.round((FRAME_SHORT_SIDE * ratio.height) / short),
  };
}

/** The vertical 9:16 frame (the shape the platforms' safe areas are drawn for). */
export const VERTICAL_FRAME: ProjectFrame = frameOf(DEFAULT_ASPECT_RATIO);

export const isVertical = (frame: ProjectFrame): boolean =>
  frame.width === VERTICAL_FRAME.width && frame.height === VERTICAL_FRAME.height;

/** "16:9" for a 1920 × 1080 frame: the frame's shape in words a person reads. */
export function shapeOf(frame: ProjectFrame): string {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const divisor = gcd(frame.width, frame.height) || 1;
  return `${frame.width / divisor}:${frame.height / divisor}`;
}

/**
 * How far an item's centre may go: two frames beyond each edge (the service refuses farther,
 * naming the field), as `[min, max]` per axis.
 */
export function layoutLimits(frame: ProjectFrame): {
  x: readonly [number, number];
  y: readonly [number, number];
} {
  return {
    x: [-2 * frame.width, 3 * frame.width],
    y: [-2 * frame.height, 3 * frame.height],
  };
}

/** Where a new title's centre sits: centred across, in the upper part of the frame. */
export function titlePlace(frame: ProjectFrame): { x: number; y: number } {
  return { x: frame.width / 2, y: Math.round(frame.height * 0.21875) };
}

/** The largest box of the frame's shape in `width` × `height` (CSS pixels, whole). */
export function fitFrame(
  width: number,
  height: number,
  frame: ProjectFrame,
): { width: number; height: number } {
  const byHeight = Math.floor((height * frame.width) / frame.height);
  return byHeight <= width
    ? { width: byHeight, height: Math.floor(height) }
    : { width: Math.floor(width), height: Math.floor((width * frame.height) / frame.width) };
}
