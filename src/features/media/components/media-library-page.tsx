import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { queryKeys } from '@/api/query-keys.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import type { DeletionFlowSlot } from '@/components/deletion-flow-slot.ts';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState, InlineError } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { Pagination, pageLinkClass } from '@/components/pagination.tsx';
import { TextField } from '@/components/text-field.tsx';
import {
  type DeletionTarget,
  describeFilter,
  nameFilterProblem,
} from '@/shared-rules/deletion-plan.ts';
import { formatBytes, formatDateTime, formatDuration } from '@/lib/format.ts';
import { describeSelection } from '@/lib/selection-store.ts';
import {
  mediaAssetsQueryOptions,
  mediaFoldersQueryOptions,
  useCreateFolder,
} from '../api/media-queries.ts';
import { assetFiltersOf, type MediaSearch, PAGE_SIZES, pageOf } from '../model/media-search.ts';
import { useMediaSelection } from '../model/media-selection.ts';
import { UploadPanel } from './upload-panel.tsx';
import type { Bounds, MediaAsset, MediaFolder } from '@/api/schema.gen.ts';

const KIND_WORDS: Record<MediaAsset['kind'], string> = {
  video: 'Video',
  audio: 'Audio',
  image: 'Image',
};

/**
 * The media library: folders, the assets of a folder or of the workspace with name filters and
 * paging, a selection that spans pages, uploads into the folder on screen, and the one deletion
 * flow (delete the selection, everything matching the filters, or empty the folder).
 */
export function MediaLibraryPage({
  search,
  organizationId,
  DeletionFlow,
}: {
  search: MediaSearch;
  organizationId: string;
  /** The deletion flow, from the route. */
  DeletionFlow: DeletionFlowSlot;
}) {
  const filters = assetFiltersOf(search);
  const assets = useQuery(mediaAssetsQueryOptions(filters));
  const folders = useQuery(mediaFoldersQueryOptions);
  const queryClient = useQueryClient();
  const selection = useMediaSelection();
  const [deleting, setDeleting] = useState<DeletionTarget | null>(null);
  const folder = folders.data?.folders.find((candidate) => candidate.id === search.folder) ?? null;
  const folderNames = new Map(folders.data?.folders.map((f) => [f.id, f.name]) ?? []);
  const page = pageOf(search.offset, search.limit);
  const scope = `${search.folder ?? ''}\u0000${search.q ?? ''}\u0000${search.prefix ?? ''}`;
  const { enterScope } = selection;
  useEffect(() => enterScope(scope), [enterScope, scope]);

  const pageItems = assets.data?.assets ?? [];
  const allOnPage = pageItems.length > 0 && pageItems.every((a) => selection.items.has(a.id));

  return (
    <section aria-labelledby="media-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="media-heading" className="text-2xl font-semibold">
          Media library{folder ? `: ${folder.name}` : ''}
        </h1>
        {folder ? (
          <Button
            variant="danger"
            className="ml-auto"
            onClick={() =>
              setDeleting({ kind: 'folder', folderId: folder.id, folderName: folder.name })
            }
          >
            Empty this folder…
          </Button>
        ) : null}
      </div>

      <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
        <FolderNav folders={folders} search={search} />

        <div className="flex min-w-0 flex-col gap-4">
          <UploadPanel
            organizationId={organizationId}
            folderId={folder?.id ?? null}
            folderName={folder?.name ?? null}
          />

          <NameFilters key={scope} search={search} />

          <div
            role="region"
            aria-label="Selection"
            className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm"
          >
            <p aria-live="polite" className="font-medium">
              {describeSelection(selection.items)}
            </p>
            <span className="text-slate-500">
              Changing the folder or the filters starts a new selection.
            </span>
            <span className="ml-auto flex gap-2">
              {selection.items.size > 0 ? (
                <>
                  <Button variant="secondary" onClick={() => selection.clear()}>
                    Clear selection
                  </Button>
                  <Button
                    variant="danger"
                    onClick={() =>
                      setDeleting({
                        kind: 'assets',
                        mode: 'selection',
                        ids: [...selection.items.keys()],
                        names: Object.fromEntries(
                          [...selection.items].map(([id, item]) => [id, item.name]),
                        ),
                      })
                    }
                  >
                    Delete {selection.items.size} selected…
                  </Button>
                </>
              ) : null}
              {search.q || search.prefix ? (
                <Button
                  variant="danger"
                  title={describeFilter('assets', search.q ?? null, search.prefix ?? null)}
                  onClick={() =>
                    setDeleting({
                      kind: 'assets',
                      mode: 'filter',
                      search: search.q ?? null,
                      namePrefix: search.prefix ?? null,
                    })
                  }
                >
                  Delete all matching the filters…
                </Button>
              ) : null}
            </span>
          </div>

          {assets.isPending ? (
            <LoadingState label="Loading media…" />
          ) : assets.isError ? (
            <ErrorState error={assets.error} onRetry={() => void assets.refetch()} />
          ) : pageItems.length === 0 ? (
            <EmptyState
              title={
                search.offset > 0
                  ? 'No assets on this page'
                  : search.q || search.prefix
                    ? 'No assets match the filters'
                    : folder
                      ? 'This folder is empty'
                      : 'No media yet'
              }
              action={
                search.offset > 0 ? (
                  <Link to="/media" search={{ ...search, offset: 0 }} className={pageLinkClass}>
                    Back to the first page
                  </Link>
                ) : undefined
              }
            >
              {search.offset > 0 ? null : 'Upload video, audio or images above.'}
            </EmptyState>
          ) : (
            <>
              <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
                <table className="w-full text-left text-sm" aria-busy={assets.isFetching}>
                  <caption className="sr-only">
                    Assets{folder ? ` in ${folder.name}` : ''}, page {page}
                  </caption>
                  <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
                    <tr>
                      <th scope="col" className="w-10 p-2">
                        <input
                          type="checkbox"
                          aria-label={`Select all ${pageItems.length} assets on page ${page}`}
                          checked={allOnPage}
                          onChange={() =>
                            selection.togglePage(
                              pageItems.map((a) => ({ id: a.id, name: a.name })),
                              page,
                            )
                          }
                        />
                      </th>
                      <th scope="col" className="p-2">
                        Name
                      </th>
                      <th scope="col" className="p-2">
                        Type
                      </th>
                      <th scope="col" className="p-2">
                        Size
                      </th>
                      <th scope="col" className="p-2">
                        Duration
                      </th>
                      <th scope="col" className="p-2">
                        Created
                      </th>
                      <th scope="col" className="p-2">
                        Folder
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {pageItems.map((asset) => (
                      <tr key={asset.id}>
                        <td className="p-2">
                          <input
                            type="checkbox"
                            aria-label={`Select ${asset.name}`}
                            checked={selection.items.has(asset.id)}
                            onChange={() => selection.toggle(asset.id, { name: asset.name, page })}
                          />
                        </td>
                        <td className="p-2">
                          <span className="flex items-center gap-2">
                            {asset.thumbnail_url ? (
                              <img
                                src={asset.thumbnail_url}
                                alt=""
                                className="h-9 w-9 rounded bg-slate-200 object-cover"
                              />
                            ) : (
                              <span aria-hidden="true" className="h-9 w-9 rounded bg-slate-200" />
                            )}
                            <Link
                              to="/media/assets/$assetId"
                              params={{ assetId: asset.id }}
                              className="font-medium text-indigo-700 hover:underline"
                            >
                              {asset.name}
                            </Link>
                          </span>
                        </td>
                        <td className="p-2">{KIND_WORDS[asset.kind]}</td>
                        <td className="p-2 tabular-nums">{formatBytes(asset.size_bytes)}</td>
                        <td className="p-2 tabular-nums">
                          {formatDuration(asset.duration_seconds)}
                        </td>
                        <td className="p-2">{formatDateTime(asset.created_at)}</td>
                        <td className="p-2">
                          {asset.folder_id ? (folderNames.get(asset.folder_id) ?? '—') : '—'}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <PageControls search={search} bounds={assets.data.bounds} />
            </>
          )}
        </div>
      </div>

      {deleting ? (
        <DeletionFlow
          target={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(ids) => {
            selection.remove(ids);
            void queryClient.invalidateQueries({ queryKey: queryKeys.media.all });
          }}
        />
      ) : null}
    </section>
  );
}

function FolderNav({
  folders,
  search,
}: {
  folders: UseQueryResult<{ folders: MediaFolder[] }>;
  search: MediaSearch;
}) {
  const linkClass = (active: boolean) =>
    `flex justify-between rounded-md px-3 py-1.5 text-sm ${active ? 'bg-indigo-50 font-medium text-indigo-800' : 'text-slate-700 hover:bg-slate-100'}`;
  return (
    <nav aria-label="Folders" className="flex flex-col gap-1">
      <h2 className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Folders</h2>
      <Link
        to="/media"
        search={{ limit: search.limit, sort: search.sort, offset: 0 }}
        className={linkClass(!search.folder)}
        aria-current={!search.folder ? 'page' : undefined}
      >
        All media
      </Link>
      {folders.isPending ? (
        <p className="px-3 text-sm text-slate-500">Loading folders…</p>
      ) : folders.isError ? (
        <InlineError error={folders.error} />
      ) : (
        folders.data.folders.map((folder) => (
          <Link
            key={folder.id}
            to="/media"
            search={{ folder: folder.id, limit: search.limit, sort: search.sort, offset: 0 }}
            className={linkClass(search.folder === folder.id)}
            aria-current={search.folder === folder.id ? 'page' : undefined}
          >
            <span className="truncate">{folder.name}</span>
            <span className="tabular-nums text-slate-500">{folder.asset_count}</span>
          </Link>
        ))
      )}
      <NewFolderForm />
    </nav>
  );
}

function NewFolderForm() {
  const create = useCreateFolder();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const navigate = useNavigate();
  return (
    <form
      className="mt-3 flex flex-col gap-2 px-3"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = name.trim();
        const issue =
          trimmed.length === 0
            ? 'Give the folder a name.'
            : trimmed.length > 100
              ? `At most 100 characters (${trimmed.length} now).`
              : null;
        setProblem(issue);
        if (issue) return;
        create.mutate(trimmed, {
          onSuccess: (folder) => {
            setName('');
            void navigate({ to: '/media', search: { folder: folder.id } });
          },
        });
      }}
    >
      <TextField
        label="New folder"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={problem ?? undefined}
      />
      <InlineError error={create.error} />
      <Button type="submit" variant="secondary" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create folder'}
      </Button>
    </form>
  );
}

/** Search and name prefix, checked before anything is sent (1 to 200 characters, or empty). */
function NameFilters({ search }: { search: MediaSearch }) {
  const navigate = useNavigate();
  const [q, setQ] = useState(search.q ?? '');
  const [prefix, setPrefix] = useState(search.prefix ?? '');
  const [submitted, setSubmitted] = useState(false);
  const qProblem = nameFilterProblem(q, 'Search');
  const prefixProblem = nameFilterProblem(prefix, 'Name prefix');
  const sortId = useId();
  return (
    <form
      aria-label="Filters"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3"
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (qProblem || prefixProblem) return;
        void navigate({
          to: '/media',
          search: {
            ...search,
            q: q.length > 0 ? q : undefined,
            prefix: prefix.length > 0 ? prefix : undefined,
            offset: 0,
          },
        });
      }}
    >
      <div className="min-w-48 flex-1">
        <TextField
          label="Search names"
          type="search"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          error={submitted || q.length > 200 ? (qProblem ?? undefined) : undefined}
          hint="Part of the name, any case."
        />
      </div>
      <div className="min-w-48 flex-1">
        <TextField
          label="Name starts with"
          value={prefix}
          onChange={(event) => setPrefix(event.target.value)}
          error={submitted || prefix.length > 200 ? (prefixProblem ?? undefined) : undefined}
          hint="The first characters of the name."
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={sortId} className="text-sm font-medium text-slate-700">
          Order
        </label>
        <select
          id={sortId}
          value={search.sort}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          onChange={(event) =>
            void navigate({
              to: '/media',
              search: { ...search, sort: event.target.value as MediaSearch['sort'], offset: 0 },
            })
          }
        >
          <option value="-created_at">Newest first</option>
          <option value="created_at">Oldest first</option>
          <option value="name">Name</option>
        </select>
      </div>
      <Button type="submit">Apply filters</Button>
      {search.q || search.prefix ? (
        <Link
          to="/media"
          search={{ ...search, q: undefined, prefix: undefined, offset: 0 }}
          className={pageLinkClass}
        >
          Clear filters
        </Link>
      ) : null}
      {search.q && search.prefix ? (
        <p className="w-full text-xs text-slate-600">
          The list shows names matching both; a delete by filters takes names matching either (the
          service&apos;s rule), and its dry run shows exactly which.
        </p>
      ) : null}
    </form>
  );
}

function PageControls({ search, bounds }: { search: MediaSearch; bounds: Bounds }) {
  const sizeId = useId();
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-2">
      <Pagination
        label="Media pages"
        offset={search.offset}
        limit={search.limit}
        total={bounds.total}
        returned={bounds.returned}
        hasMore={bounds.has_more}
        renderLink={({ offset, rel, children }) => (
          <Link to="/media" search={{ ...search, offset }} rel={rel} className={pageLinkClass}>
            {children}
          </Link>
        )}
      />
      <div className="flex items-center gap-2 self-end text-sm">
        <label htmlFor={sizeId}>Assets per page</label>
        <select
          id={sizeId}
          value={search.limit}
          className="rounded-md border border-slate-300 bg-white px-2 py-1"
          onChange={(event) =>
            void navigate({
              to: '/media',
              search: { ...search, limit: Number(event.target.value), offset: 0 },
            })
          }
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
