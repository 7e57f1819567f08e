/**
 * The preview frame as a raster picture (Node only: Skia through @napi-rs/canvas): the same scene
 * the SVG answer writes (handlers/frame-scene.ts), drawn at the height the editor asks for and
 * encoded as JPEG (or PNG when the items stand alone on a transparent background). A browser
 * decodes these off its main thread, where an SVG frame is parsed and rasterised on it.
 * Drawing takes about a millisecond; the encoding runs on libuv's thread pool, off the event loop.
 */
import { createCanvas, Image, type SKRSContext2D } from '@napi-rs/canvas';
import type { FrameScene, SceneNode, SceneText } from '../handlers/frame-scene.ts';

export interface RasterFrame {
  body: Uint8Array<ArrayBuffer>;
  contentType: 'image/jpeg' | 'image/png';
}

/** Draws a scene `height` pixels tall; null when it cannot (the frame is answered as SVG). */
export type FrameRasterizer = (scene: FrameScene, height: number) => Promise<RasterFrame | null>;

const JPEG_QUALITY = 82;
const GENERIC_FAMILIES = new Set(['sans-serif', 'serif', 'monospace', 'cursive', 'fantasy']);

/** Decoded data: URL images (overlay thumbnails), a few kept. */
const images = new Map<string, Image>();
const IMAGES_KEPT = 64;

function imageOf(href: string): Image | null {
  const known = images.get(href);
  if (known) return known;
  const comma = href.indexOf(',');
  if (comma < 0) return null;
  const meta = href.slice(0, comma);
  const data = href.slice(comma + 1);
  const image = new Image();
  try {
    image.src = meta.endsWith(';base64')
      ? Buffer.from(data, 'base64')
      : Buffer.from(decodeURIComponent(data));
  } catch {
    return null;
  }
  if (images.size >= IMAGES_KEPT) images.delete(images.keys().next().value!);
  images.set(href, image);
  return image;
}

function fontOf(node: SceneText): string {
  const family = GENERIC_FAMILIES.has(node.family)
    ? node.family
    : `"${node.family.replace(/"/g, '')}", sans-serif`;
  return `${node.weight ?? 400} ${node.size}px ${family}`;
}

function drawText(g: SKRSContext2D, node: SceneText): void {
  g.font = fontOf(node);
  g.textBaseline = 'alphabetic';
  g.textAlign = 'left';
  const widths = node.spans.map((span) => g.measureText(span.text).width);
  let x = node.anchor === 'middle' ? node.x - widths.reduce((a, b) => a + b, 0) / 2 : node.x;
  node.spans.forEach((span, i) => {
    // SVG paints a text's fill, then its stroke over it.
    g.fillStyle = node.fill ?? span.fill;
    g.fillText(span.text, x, node.y);
    if (node.stroke) {
      g.strokeStyle = node.stroke.color;
      g.lineWidth = node.stroke.width;
      g.strokeText(span.text, x, node.y);
    }
    x += widths[i]!;
  });
}

function drawImageSlice(
  g: SKRSContext2D,
  image: Image,
  x: number,
  y: number,
  w: number,
  h: number,
) {
  // preserveAspectRatio="xMidYMid slice": cover the box, centred.
  const scale = Math.max(w / image.width, h / image.height);
  const sw = w / scale;
  const sh = h / scale;
  g.drawImage(image, (image.width - sw) / 2, (image.height - sh) / 2, sw, sh, x, y, w, h);
}

function draw(g: SKRSContext2D, node: SceneNode): void {
  switch (node.kind) {
    case 'rect':
      g.globalAlpha = node.opacity ?? 1;
      g.fillStyle = node.fill;
      g.beginPath();
      if (node.radius) g.roundRect(node.x, node.y, node.width, node.height, node.radius);
      else g.rect(node.x, node.y, node.width, node.height);
      g.fill();
      g.globalAlpha = 1;
      return;
    case 'text':
      drawText(g, node);
      return;
    case 'image': {
      const image = imageOf(node.href);
      if (image && image.width > 0 && image.height > 0)
        drawImageSlice(g, image, node.x, node.y, node.width, node.height);
      return;
    }
    case 'group':
      g.save();
      g.translate(node.x, node.y);
      g.rotate((node.rotationDeg * Math.PI) / 180);
      g.scale(node.scaleX, node.scaleY);
      g.translate(node.offsetX, node.offsetY);
      g.beginPath();
      g.rect(node.clip.x, node.clip.y, node.clip.width, node.clip.height);
      g.clip();
      for (const child of node.children) draw(g, child);
      g.restore();
      return;
  }
}

/** Loads the system's fonts now (once) rather than in the middle of drawing a frame. */
export function warmUpFonts(): void {
  const g = createCanvas(8, 8).getContext('2d');
  for (const family of ['sans-serif', 'monospace']) {
    g.font = `700 12px ${family}`;
    g.measureText('Cutroom');
  }
}

/** Draws `scene` `height` pixels tall (its width at the frame's aspect) and encodes it. */
export const rasterizeFrame: FrameRasterizer = async (scene, height) => {
  const scale = height / scene.height;
  const canvas = createCanvas(Math.max(1, Math.round(scene.width * scale)), Math.round(height));
  const g = canvas.getContext('2d');
  g.scale(scale, scale);
  for (const node of scene.nodes) draw(g, node);
  const encoded = scene.opaque
    ? await canvas.encode('jpeg', JPEG_QUALITY)
    : await canvas.encode('png');
  return {
    body: Uint8Array.from(encoded),
    contentType: scene.opaque ? 'image/jpeg' : 'image/png',
  };
};
