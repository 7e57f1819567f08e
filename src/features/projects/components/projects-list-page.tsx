import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { queryKeys } from '@/api/query-keys.ts';
import { reviewStatesParams, reviewStatesQueryOptions } from '@/api/review-states.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import type { DeletionFlowSlot } from '@/components/deletion-flow-slot.ts';
import { LoadingState } from '@/components/loading-state.tsx';
import { Pagination, pageLinkClass } from '@/components/pagination.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { createSelectionStore, describeSelection } from '@/lib/selection-store.ts';
import {
  projectsQueryOptions,
  useCreateProject,
  type ProjectsPage,
} from '../api/projects-queries.ts';
import { OpenNotesCount } from './open-notes-count.tsx';

// The form (and zod, its validation) loads when it is asked for, or when the pointer or focus
// reaches "New project": the projects list is a first screen.
const loadProjectForm = () => import('./project-form.tsx');
const ProjectForm = lazy(() =>
  loadProjectForm().then((module) => ({ default: module.ProjectForm })),
);
const prefetchProjectForm = () => void loadProjectForm();

/** Projects picked for a batch delete, across pages (ephemeral UI state). */
const useProjectSelection = createSelectionStore();

export function ProjectsListPage({
  page,
  DeletionFlow,
}: {
  page: ProjectsPage;
  /** The deletion flow, from the route (loaded when it is opened: this list is a first screen). */
  DeletionFlow: DeletionFlowSlot;
}) {
  const projects = useQuery(projectsQueryOptions(page));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const create = useCreateProject();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const selection = useProjectSelection();
  const pageNumber = Math.floor(page.offset / page.limit) + 1;
  const onPage = projects.data?.projects ?? [];
  const allOnPage = onPage.length > 0 && onPage.every((p) => selection.items.has(p.id));
  // Open review notes of the page's projects, one read (none shown while the notes cannot be read).
  const reviewStates = useQuery(
    reviewStatesQueryOptions(
      reviewStatesParams(
        [],
        onPage.map((project) => project.id),
      ),
    ),
  );

  return (
    <section aria-labelledby="projects-heading">
      <div className="mb-6 flex items-center justify-between">
        <h1 id="projects-heading" className="text-2xl font-semibold">
          Projects
        </h1>
        {!creating ? (
          <Button
            onClick={() => setCreating(true)}
            onPointerEnter={prefetchProjectForm}
            onFocus={prefetchProjectForm}
          >
            New project
          </Button>
        ) : null}
      </div>

      {creating ? (
        <div
          className="mb-6 rounded-lg border border-slate-200 bg-white p-6"
          role="region"
          aria-label="New project"
        >
          <h2 className="mb-4 text-lg font-semibold">New project</h2>
          <Suspense fallback={<LoadingState label="Loading the form…" />}>
            <ProjectForm
              initial={{ name: '', description: '' }}
              submitLabel="Create project"
              pendingLabel="Creating…"
              isPending={create.isPending}
              error={create.error}
              onCancel={() => {
                create.reset();
                setCreating(false);
              }}
              onSubmit={(values) =>
                create.mutate(values, {
                  onSuccess: (project) =>
                    void navigate({
                      to: '/projects/$projectId',
                      params: { projectId: project.id },
                    }),
                })
              }
            />
          </Suspense>
        </div>
      ) : null}

      {projects.isPending ? (
        <LoadingState label="Loading projects…" />
      ) : projects.isError ? (
        <ErrorState error={projects.error} onRetry={() => void projects.refetch()} />
      ) : projects.data.projects.length === 0 ? (
        page.offset > 0 ? (
          <EmptyState
            title="No projects on this page"
            action={
              <Link
                to="/projects"
                search={{ offset: 0, limit: page.limit }}
                className={pageLinkClass}
              >
                Back to the first page
              </Link>
            }
          />
        ) : (
          <EmptyState
            title="No projects yet"
            action={
              !creating ? <Button onClick={() => setCreating(true)}>New project</Button> : null
            }
          >
            Projects hold a timeline, captions, exports and jobs. Create the first one.
          </EmptyState>
        )
      ) : (
        <>
          <div
            role="region"
            aria-label="Selection"
            className="mb-3 flex flex-wrap items-center gap-3 text-sm"
          >
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={allOnPage}
                onChange={() =>
                  selection.togglePage(
                    onPage.map((p) => ({ id: p.id, name: p.name })),
                    pageNumber,
                  )
                }
              />
              Select all {onPage.length} on page {pageNumber}
            </label>
            <span aria-live="polite" className="font-medium">
              {describeSelection(selection.items)}
            </span>
            {selection.items.size > 0 ? (
              <span className="ml-auto flex gap-2">
                <Button variant="secondary" onClick={() => selection.clear()}>
                  Clear selection
                </Button>
                <Button variant="danger" onClick={() => setDeleting(true)}>
                  Delete {selection.items.size} selected…
                </Button>
              </span>
            ) : null}
          </div>
          <ul
            aria-label="Projects"
            aria-busy={projects.isFetching}
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          >
            {projects.data.projects.map((project) => (
              <li key={project.id} className="flex items-center gap-4 p-4">
                <input
                  type="checkbox"
                  aria-label={`Select ${project.name}`}
                  checked={selection.items.has(project.id)}
                  onChange={() =>
                    selection.toggle(project.id, { name: project.name, page: pageNumber })
                  }
                />
                {project.thumbnail_url ? (
                  // Lazy: a thumbnail is fetched and decoded in a task of its own, after the
                  // list's text has laid out (an SVG one is a document to build; ten of them
                  // made the list's first render one long task), and only when on screen.
                  <img
                    src={project.thumbnail_url}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    width={36}
                    height={64}
                    className="h-16 w-9 rounded bg-slate-200 object-cover"
                  />
                ) : (
                  <div aria-hidden="true" className="h-16 w-9 rounded bg-slate-200" />
                )}
                <div className="min-w-0 flex-1">
                  <Link
                    to="/projects/$projectId"
                    params={{ projectId: project.id }}
                    className="font-medium text-indigo-700 hover:underline"
                  >
                    {project.name}
                  </Link>
                  <p className="truncate text-sm text-slate-600">{project.description}</p>
                </div>
                <OpenNotesCount
                  projectId={project.id}
                  state={reviewStates.data?.projects.get(project.id)}
                />
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium">
                  {project.status}
                </span>
                <span className="hidden text-sm text-slate-500 sm:inline">
                  Updated {formatDateTime(project.updated_at)}
                </span>
              </li>
            ))}
          </ul>
          <Pagination
            label="Projects pages"
            offset={page.offset}
            limit={page.limit}
            total={projects.data.bounds.total}
            returned={projects.data.bounds.returned}
            hasMore={projects.data.bounds.has_more}
            renderLink={({ offset, rel, children }) => (
              <Link
                to="/projects"
                search={{ offset, limit: page.limit }}
                rel={rel}
                className={pageLinkClass}
              >
                {children}
              </Link>
            )}
          />
        </>
      )}
      {deleting ? (
        <Suspense fallback={<LoadingState label="Opening the delete dialog…" />}>
          <DeletionFlow
            target={{
              kind: 'projects',
              mode: 'selection',
              ids: [...selection.items.keys()],
              names: Object.fromEntries([...selection.items].map(([id, item]) => [id, item.name])),
            }}
            onClose={() => setDeleting(false)}
            onDeleted={(ids) => {
              selection.remove(ids);
              void queryClient.invalidateQueries({ queryKey: queryKeys.projects.all });
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
