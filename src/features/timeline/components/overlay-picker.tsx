/**
 * Choosing an image or a video of the media library to add as an overlay at the playhead: a
 * search over the library (names, as the media screen searches), each choice with its
 * thumbnail; the addition is the timeline's command (it refuses what has no room).
 */
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { InlineError } from '@/components/error-state.tsx';
import { overlayAssetsQueryOptions } from '../api/timeline-queries.ts';
import { addOverlay } from '../model/item-commands.ts';
import type { TimelineEditor } from '../state/create-timeline-editor.ts';

export function OverlayPicker({ editor, onClose }: { editor: TimelineEditor; onClose(): void }) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const assets = useQuery(overlayAssetsQueryOptions(deferred));
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog title="Add an overlay from the media library" onClose={onClose}>
      <div className="flex flex-col gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Search images and videos
          <input
            type="search"
            value={search}
            autoFocus
            onChange={(event) => setSearch(event.target.value)}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        {assets.isError ? (
          <InlineError error={assets.error} />
        ) : assets.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Loading the media library…
          </p>
        ) : assets.data.length === 0 ? (
          <p role="status" className="text-sm text-slate-600">
            {deferred
              ? `No image or video is named like “${deferred}”.`
              : 'The library has no images or videos yet.'}
          </p>
        ) : (
          <ul
            aria-label="Images and videos"
            className="grid max-h-80 grid-cols-2 gap-2 overflow-y-auto"
          >
            {assets.data.map((asset) => (
              <li key={asset.id}>
                <button
                  type="button"
                  onClick={() => {
                    const outcome = editor.run(addOverlay, { asset });
                    if (outcome.type === 'refused') setError(outcome.reason);
                    else onClose();
                  }}
                  className="flex w-full items-center gap-2 rounded-md border border-slate-200 p-2 text-left text-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-indigo-500"
                >
                  {asset.thumbnail_url ? (
                    <img
                      src={asset.thumbnail_url}
                      alt=""
                      className="h-12 w-8 shrink-0 rounded object-cover"
                    />
                  ) : null}
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{asset.name}</span>
                    <span className="text-xs text-slate-600">
                      {asset.kind}
                      {asset.duration_seconds ? ` · ${asset.duration_seconds} s` : ''}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
