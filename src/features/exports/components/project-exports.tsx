import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { CopyableId } from '@/components/copyable-id.tsx';
import { exportFacts, exportState, exportTitle } from '@/lib/export-facts.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';
import {
  EXPORTS_PAGE_SIZE,
  projectExportsQueryOptions,
  type ProjectExport,
} from '@/api/exports.ts';
import { expiryState, formatCountdown } from '../expiry.ts';
import { ExportButton } from './export-button.tsx';

const EXPORT_COLUMNS = ['Preview', 'Export', 'Status', 'Video', 'Download link', 'Publish'];

/**
 * A project's exports (pages of 50): thumbnail with the frame and why it was chosen, status,
 * duration, size, container, the time left before the link lapses, download and short links. An
 * expired export says so and offers a new export instead of a dead link.
 */
export function ProjectExports({ projectId }: { projectId: string }) {
  const [offset, setOffset] = useState(0);
  const exports = useQuery(projectExportsQueryOptions(projectId, offset));
  const now = useNow(1000);
  return (
    <section aria-labelledby="exports-heading">
      <h2 id="exports-heading" className="mb-3 text-lg font-semibold">
        Exports
      </h2>
      {exports.isPending ? (
        <LoadingState label="Loading exports…" />
      ) : exports.isError ? (
        <ErrorState error={exports.error} onRetry={() => void exports.refetch()} />
      ) : exports.data.exports.length === 0 ? (
        <EmptyState title="No exports yet">
          Use “Export video” to render this project; finished renders appear here.
        </EmptyState>
      ) : (
        <>
          <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Exports of this project</caption>
              <thead className="bg-slate-50 text-slate-600">
                <tr>
                  {EXPORT_COLUMNS.map((column) => (
                    <th key={column} scope="col" className="p-3">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {exports.data.exports.map((item) => (
                  <ExportRow key={item.export_id} item={item} projectId={projectId} now={now} />
                ))}
              </tbody>
            </table>
          </div>
          {exports.data.count > EXPORTS_PAGE_SIZE ? (
            <nav aria-label="Export pages" className="mt-3 flex items-center gap-3 text-sm">
              <Button
                variant="secondary"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - EXPORTS_PAGE_SIZE))}
              >
                Previous exports
              </Button>
              <span>
                {offset + 1}–{offset + exports.data.exports.length} of {exports.data.count}
              </span>
              <Button
                variant="secondary"
                disabled={offset + EXPORTS_PAGE_SIZE >= exports.data.count}
                onClick={() => setOffset(offset + EXPORTS_PAGE_SIZE)}
              >
                Next exports
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}

function ExportRow({
  item,
  projectId,
  now,
}: {
  item: ProjectExport;
  projectId: string;
  now: number;
}) {
  const expiry = expiryState(item.expires_at, now);
  const state = exportState(item, now);
  const expired = state === 'expired';
  const complete = item.status === 'complete';
  const title = exportTitle(item);
  return (
    <tr aria-label={`Export ${title}`} data-shows={`export:${item.export_id}`}>
      <td className="p-3 align-top">
        <ExportThumbnail item={item} />
      </td>
      <td className="p-3 align-top">
        <span className="block font-medium">{title}</span>
        <CopyableId id={item.export_id} what="export" />
      </td>
      <td className="p-3 align-top">{state}</td>
      <td className="p-3 align-top">
        {exportFacts(item) || '—'} · {item.container_format ?? '—'}
      </td>
      <td className="p-3 align-top">
        {expired ? (
          <div className="flex flex-col items-start gap-2">
            <span className="font-medium text-red-800">
              Expired {formatDateTime(item.expires_at)}: the download link has lapsed.
            </span>
            <ExportButton projectId={projectId} label="Export again" variant="secondary" />
          </div>
        ) : complete && item.download_url ? (
          <div className="flex flex-col gap-1">
            <a className="text-indigo-700 underline" href={item.download_url}>
              Download<span className="sr-only"> the export {title}</span>
            </a>
            {item.short_download_url ? (
              <a className="text-xs text-indigo-700 underline" href={item.short_download_url}>
                Short link<span className="sr-only"> of the export {title}</span>
              </a>
            ) : null}
            {item.expires_at ? (
              <span
                className={`text-xs ${expiry === 'soon' ? 'font-medium text-amber-800' : 'text-slate-600'}`}
                title={formatDateTime(item.expires_at)}
              >
                Expires in {formatCountdown(Date.parse(item.expires_at) - now)}
              </span>
            ) : null}
          </div>
        ) : (
          <span className="text-slate-600">Not ready yet</span>
        )}
      </td>
      <td className="p-3 align-top">
        {complete && !expired ? (
          <Link
            to="/publishing"
            search={{ projectId, exportId: item.export_id }}
            className="text-indigo-700 underline"
          >
            Schedule post<span className="sr-only"> of the export {title}</span>
          </Link>
        ) : (
          <span className="text-xs text-slate-500">
            {expired ? 'Expired exports cannot be posted' : 'Posts need a completed export'}
          </span>
        )}
      </td>
    </tr>
  );
}

/**
 * The export's still, with the frame it shows and why it was chosen. A still that cannot be loaded
 * (its address lapsed with the download, or the file host is unreachable) says so instead of
 * showing a broken image.
 */
function ExportThumbnail({ item }: { item: ProjectExport }) {
  const src = item.thumbnail?.url ?? item.thumbnail_url;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const caption = item.thumbnail ? (
    <figcaption className="mt-1 text-xs text-slate-600">
      Frame {item.thumbnail.frame ?? '—'}
      {item.thumbnail.frame_seconds != null ? ` (${item.thumbnail.frame_seconds} s)` : ''}
      {item.thumbnail.rationale ? `: ${item.thumbnail.rationale}` : ''}
    </figcaption>
  ) : null;
  if (!src) return <span className="text-slate-500">No preview</span>;
  return (
    <figure className="w-28">
      {failedSrc === src ? (
        <span className="flex h-20 w-12 items-center justify-center rounded bg-slate-200 p-1 text-center text-[10px] leading-tight text-slate-700">
          Preview unavailable
        </span>
      ) : (
        <img
          src={src}
          alt={`Thumbnail of the export ${exportTitle(item)}`}
          className="h-20 w-12 rounded bg-slate-200 object-cover"
          loading="lazy"
          onError={() => setFailedSrc(src)}
        />
      )}
      {caption}
    </figure>
  );
}
