import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { formatBytes, formatDateTime, formatDuration } from '@/lib/format.ts';
import { useNow } from '@/lib/use-now.ts';
import { projectExportsQueryOptions } from '../api/projects-queries.ts';

const EXPORT_COLUMNS = ['Export', 'Status', 'Format', 'Duration', 'Size', 'Download'];

export function ProjectExports({ projectId }: { projectId: string }) {
  const exports = useQuery(projectExportsQueryOptions(projectId));
  const now = useNow();
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
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
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
              {exports.data.exports.map((item) => {
                const expired = item.expires_at ? Date.parse(item.expires_at) < now : false;
                return (
                  <tr key={item.export_id}>
                    <td className="p-3 font-mono text-xs">{item.export_id}</td>
                    <td className="p-3">{item.status}</td>
                    <td className="p-3">{item.container_format ?? '—'}</td>
                    <td className="p-3">{formatDuration(item.duration_seconds)}</td>
                    <td className="p-3">{formatBytes(item.file_size_bytes)}</td>
                    <td className="p-3">
                      {expired ? (
                        <span className="text-slate-500">
                          Link expired {formatDateTime(item.expires_at)}. Export again for a new
                          link.
                        </span>
                      ) : item.download_url ? (
                        <a className="text-indigo-700 underline" href={item.download_url}>
                          Download
                          <span className="sr-only"> export {item.export_id}</span>
                        </a>
                      ) : (
                        '—'
                      )}
                      {!expired && item.expires_at ? (
                        <span className="block text-xs text-slate-500">
                          Expires {formatDateTime(item.expires_at)}
                        </span>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
