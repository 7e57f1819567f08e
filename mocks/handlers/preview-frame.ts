/** SVG drawing of what is on screen at a time: visible items' names and colors, text and captions. */
import { colorFor } from '../store/seed-context.ts';
import type { ProjectRecord } from '../store/workspace.ts';

const WIDTH = 540;
const HEIGHT = 960;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderPreviewFrame(record: ProjectRecord, atSeconds: number): string {
  const visible = record.timeline.layers
    .slice()
    .sort((a, b) => a.index - b.index)
    .flatMap((layer) =>
      layer.items
        .filter((item) => item.start_seconds <= atSeconds && atSeconds < item.end_seconds)
        .map((item) => ({ layer, item })),
    );
  const parts: string[] = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="#111827"/>`];
  const audio: string[] = [];
  let overlayRow = 0;
  for (const { layer, item } of visible) {
    const color = colorFor(item.name);
    const label = escapeXml(item.name);
    switch (item.type) {
      case 'video':
      case 'image': {
        const inset = layer.index === 0 ? 0 : 60;
        const height = layer.index === 0 ? HEIGHT : HEIGHT / 2.5;
        parts.push(
          `<g data-item-id="${item.id}"><rect x="${inset}" y="${inset}" width="${WIDTH - inset * 2}" height="${height}" fill="${color}" opacity="${layer.index === 0 ? 0.85 : 0.95}"/>`,
          `<text x="${inset + 16}" y="${inset + 36}" font-size="22" fill="#fff">${label}</text></g>`,
        );
        break;
      }
      case 'overlay': {
        const y = 120 + overlayRow * 56;
        overlayRow += 1;
        parts.push(
          `<g data-item-id="${item.id}"><rect x="${WIDTH - 250}" y="${y}" width="230" height="44" rx="8" fill="${color}" opacity="0.9"/>`,
          `<text x="${WIDTH - 240}" y="${y + 28}" font-size="16" fill="#fff">${label}</text></g>`,
        );
        break;
      }
      case 'text':
        parts.push(
          `<text data-item-id="${item.id}" x="${WIDTH / 2}" y="${HEIGHT * 0.3}" font-size="40" font-weight="800" font-family="${escapeXml(item.text_style?.font_family ?? 'sans-serif')}" fill="${escapeXml(item.text_style?.color ?? '#fff')}" stroke="#000" stroke-width="1.5" text-anchor="middle">${escapeXml(item.text ?? item.name)}</text>`,
        );
        break;
      case 'caption': {
        const words = record.captionWords.filter((word) => word.timelineItemId === item.id);
        const style = record.captionStyle.settings;
        const spans = words.length
          ? words
              .map((word) => {
                const active =
                  (word.startSeconds ?? 0) <= atSeconds && atSeconds < (word.endSeconds ?? 0);
                const fill = active
                  ? (style.activeWordColor ?? '#facc15')
                  : (word.style?.color ?? style.color ?? '#fff');
                return `<tspan fill="${fill}">${escapeXml(word.word)} </tspan>`;
              })
              .join('')
          : escapeXml(item.text ?? '');
        parts.push(
          `<text data-item-id="${item.id}" x="${WIDTH / 2}" y="${HEIGHT * 0.78}" font-size="34" font-weight="800" font-family="${escapeXml(style.fontFamily ?? 'sans-serif')}" stroke="#000" stroke-width="1" text-anchor="middle">${spans}</text>`,
        );
        break;
      }
      case 'audio':
        audio.push(item.name);
        break;
    }
  }
  audio.forEach((name, index) => {
    parts.push(
      `<text x="16" y="${HEIGHT - 24 - index * 24}" font-size="16" fill="#9ca3af">&#9835; ${escapeXml(name)}</text>`,
    );
  });
  parts.push(
    `<text x="16" y="28" font-size="16" fill="#9ca3af">${escapeXml(record.project.name)} @ ${atSeconds.toFixed(2)} s</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join('')}</svg>`;
}
