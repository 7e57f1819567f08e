/**
 * An export as people know it: when it was rendered, at what resolution, how long and how large,
 * and whether it can still be downloaded or posted.
 */
import type { Export } from '@/api/schema.gen.ts';
import { formatBytes, formatDateTime, formatDuration } from './format.ts';

export type ExportState = 'rendering' | 'complete' | 'failed' | 'expired';

/** Complete exports whose link has lapsed are expired, whatever their status still says. */
export function exportState(item: Pick<Export, 'status' | 'expires_at'>, now: number): ExportState {
  if (item.status === 'failed') return 'failed';
  if (item.status !== 'complete') return 'rendering';
  const expires = Date.parse(item.expires_at ?? '');
  return !Number.isNaN(expires) && expires <= now ? 'expired' : 'complete';
}

const metadata = (item: Export, field: string): string | undefined => {
  const value = item.platform_metadata?.[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** "1080p · 0:42 · 31.4 MiB" (the parts the export has). */
export function exportFacts(item: Export): string {
  return [
    metadata(item, 'resolution'),
    item.duration_seconds != null ? formatDuration(item.duration_seconds) : undefined,
    item.file_size_bytes != null ? formatBytes(item.file_size_bytes) : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "Rendered Nov 24, 2026, 1:55 PM"; "Rendering" or "Failed render" before that; else "Export". */
export function exportTitle(item: Export): string {
  if (item.status === 'failed') return 'Failed render';
  if (item.status !== 'complete') return 'Rendering';
  const rendered = metadata(item, 'rendered_at');
  return rendered ? `Rendered ${formatDateTime(rendered)}` : 'Export';
}
