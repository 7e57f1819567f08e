/** The batch delete result panel (the conflict and notice banners are in @/components). */
import { Button } from '@/editor-kit/controls/button.tsx';
import type { TimelineBatchDeleteResult } from '@/api/schema.gen.ts';

export function DeleteResultPanel({
  result,
  nameOf,
  onRetry,
  onDismiss,
}: {
  result: TimelineBatchDeleteResult;
  nameOf(id: string): string;
  onRetry(ids: string[]): void;
  onDismiss(): void;
}) {
  const failed = result.failed_items ?? [];
  const retryable = failed
    .filter((failure) => failure.retryable)
    .map((failure) => failure.timeline_item_id);
  return (
    <section
      aria-label="Delete result"
      className={`rounded-lg border p-4 ${failed.length ? 'border-red-200 bg-red-50' : 'border-emerald-200 bg-emerald-50'}`}
    >
      <h2 className="font-semibold text-slate-900">
        {failed.length === 0
          ? `Deleted ${result.deleted_count} ${result.deleted_count === 1 ? 'item' : 'items'}`
          : `Deleted ${result.deleted_count}, ${result.failed_count} could not be deleted`}
      </h2>
      {result.message ? <p className="mt-1 text-sm text-slate-700">{result.message}</p> : null}
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-600">Caption words removed</dt>
          <dd className="font-medium">{result.captions_removed ?? 0}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Clips shifted</dt>
          <dd className="font-medium">{result.clips_shifted ?? 0}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Gaps closed (packed)</dt>
          <dd className="font-medium">{result.packed ? 'Yes' : 'No'}</dd>
        </div>
      </dl>
      {(result.deleted_items ?? []).length > 0 ? (
        <div className="mt-3">
          <h3 className="text-sm font-semibold">Deleted</h3>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {(result.deleted_items ?? []).slice(0, 20).map((item, i) => (
              <li key={item.id ?? i}>
                {item.name ?? item.id}{' '}
                {item.type ? <span className="text-slate-600">({item.type})</span> : null}
              </li>
            ))}
            {(result.deleted_items ?? []).length > 20 ? (
              <li>and {(result.deleted_items ?? []).length - 20} more</li>
            ) : null}
          </ul>
        </div>
      ) : null}
      {failed.length > 0 ? (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="text-left text-sm font-semibold">Not deleted</caption>
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 pr-2 font-medium">
                Item
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Error
              </th>
              <th scope="col" className="py-1 font-medium">
                Retryable
              </th>
            </tr>
          </thead>
          <tbody>
            {failed.map((failure) => (
              <tr key={failure.timeline_item_id} className="border-t border-red-100 align-top">
                <td className="py-1 pr-2">{nameOf(failure.timeline_item_id)}</td>
                <td className="py-1 pr-2">
                  {failure.error}
                  {failure.error_code ? (
                    <span className="text-slate-600"> ({failure.error_code})</span>
                  ) : null}
                </td>
                <td className="py-1">{failure.retryable ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <div className="mt-3 flex gap-2">
        {retryable.length > 0 ? (
          <Button variant="secondary" onClick={() => onRetry(retryable)}>
            Retry {retryable.length} retryable
          </Button>
        ) : null}
        <Button variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}
