/**
 * The simulator's frame renderer as SVG (assumed `GET /projects/{id}/preview-frame`): the frame's
 * scene (frame-scene.ts) written as markup, so the pixels change when a logo moves or playback
 * advances. The SVG's own size is half the frame's (540 × 960 for 9:16); it scales to any size.
 */
import { negotiate } from '@fastify/accept-negotiator';
import { frameScene, type FrameFilters, type SceneNode } from './frame-scene.ts';
import type { ProjectRecord } from '../store/workspace.ts';

export type { FrameFilters } from './frame-scene.ts';
export { framedItems } from './frame-scene.ts';

/** The SVG's pixel size is this share of the frame its coordinates use (540 × 960 for 9:16). */
const OUT_SCALE = 0.5;

const FORMATS = ['image/jpeg', 'image/png', 'image/svg+xml'];

/** Whether an `Accept` header prefers a raster frame (JPEG or PNG) to SVG. */
export function rasterAccepted(accept: string | null): boolean {
  const chosen = accept ? negotiate(accept, FORMATS) : null;
  return chosen === 'image/jpeg' || chosen === 'image/png';
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

const n = (value: number) => Math.round(value * 100) / 100;

function nodeSvg(node: SceneNode): string {
  switch (node.kind) {
    case 'rect':
      return (
        `<rect x="${n(node.x)}" y="${n(node.y)}" width="${n(node.width)}" height="${n(node.height)}"` +
        (node.radius !== undefined ? ` rx="${n(node.radius)}"` : '') +
        ` fill="${escapeXml(node.fill)}"` +
        (node.opacity !== undefined ? ` opacity="${node.opacity}"` : '') +
        '/>'
      );
    case 'image':
      return `<image href="${escapeXml(node.href)}" x="${n(node.x)}" y="${n(node.y)}" width="${n(node.width)}" height="${n(node.height)}" preserveAspectRatio="xMidYMid slice"/>`;
    case 'text': {
      const one = node.fill !== undefined;
      const body = one
        ? escapeXml(node.spans.map((span) => span.text).join(''))
        : node.spans
            .map((span) => `<tspan fill="${escapeXml(span.fill)}">${escapeXml(span.text)}</tspan>`)
            .join('');
      return (
        `<text${node.itemId ? ` data-item-id="${escapeXml(node.itemId)}"` : ''} x="${n(node.x)}" y="${n(node.y)}"` +
        ` font-size="${n(node.size)}"` +
        (node.weight ? ` font-weight="${node.weight}"` : '') +
        ` font-family="${escapeXml(node.family)}"` +
        (one ? ` fill="${escapeXml(node.fill!)}"` : '') +
        (node.stroke
          ? ` stroke="${escapeXml(node.stroke.color)}" stroke-width="${n(node.stroke.width)}"`
          : '') +
        (node.anchor === 'middle' ? ' text-anchor="middle"' : '') +
        `>${body}</text>`
      );
    }
    case 'group': {
      const clip = `clip-${node.itemId.replace(/[^A-Za-z0-9_-]/g, '')}`;
      const { x, y, width, height } = node.clip;
      return (
        `<g data-item-id="${escapeXml(node.itemId)}" transform="translate(${n(node.x)} ${n(node.y)}) rotate(${n(node.rotationDeg)}) scale(${n(node.scaleX)} ${n(node.scaleY)}) translate(${n(node.offsetX)} ${n(node.offsetY)})">` +
        `<clipPath id="${clip}"><rect x="${n(x)}" y="${n(y)}" width="${n(width)}" height="${n(height)}"/></clipPath>` +
        `<g clip-path="url(#${clip})">${node.children.map(nodeSvg).join('')}</g></g>`
      );
    }
  }
}

export function renderPreviewFrame(
  record: ProjectRecord,
  atSeconds: number,
  filters: FrameFilters = {},
): string {
  const scene = frameScene(record, atSeconds, filters);
  const width = Math.round(scene.width * OUT_SCALE);
  const height = Math.round(scene.height * OUT_SCALE);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${scene.width} ${scene.height}">${scene.nodes.map(nodeSvg).join('')}</svg>`;
}
