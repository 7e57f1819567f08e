import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { projectQueryOptions } from '@/api/projects.ts';
import { reviewStatesParams, reviewStatesQueryOptions } from '@/api/review-states.ts';
import { useUpdateProject } from '../api/projects-queries.ts';
import { OpenNotesCount } from './open-notes-count.tsx';
import { ProjectForm } from './project-form.tsx';
import type { Project } from '@/api/schema.gen.ts';

interface ProjectSlots {
  /** Header actions from other features (e.g. "Export video"), composed by the route. */
  actions?: ReactNode;
  /** Sections below the details (e.g. jobs and exports), composed by the route. */
  children?: ReactNode;
}

export function ProjectPage({
  projectId,
  actions,
  children,
}: { projectId: string } & ProjectSlots) {
  const project = useQuery(projectQueryOptions(projectId));
  if (project.isPending) return <LoadingState label="Loading project…" />;
  if (project.isError) {
    return <ErrorState error={project.error} onRetry={() => void project.refetch()} />;
  }
  return (
    <ProjectDetails project={project.data} actions={actions}>
      {children}
    </ProjectDetails>
  );
}

function ProjectDetails({ project, actions, children }: { project: Project } & ProjectSlots) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateProject(project.id);
  const reviewStates = useQuery(reviewStatesQueryOptions(reviewStatesParams([], [project.id])));

  return (
    <article aria-labelledby="project-heading" className="flex flex-col gap-8">
      <div>
        <Link to="/projects" search={{}} className="text-sm text-indigo-700 hover:underline">
          ← All projects
        </Link>
        <div className="mt-2 flex flex-wrap items-start gap-4">
          {project.thumbnail_url ? (
            <img
              src={project.thumbnail_url}
              alt={`Thumbnail of ${project.name}`}
              className="h-32 w-18 rounded bg-slate-200 object-cover"
            />
          ) : null}
          <div className="min-w-0 flex-1 basis-48">
            <h1 id="project-heading" className="text-2xl font-semibold">
              {project.name}
            </h1>
            <p className="mt-1 whitespace-pre-line text-slate-700">
              {project.description || <span className="text-slate-400">No description</span>}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Link
              to="/projects/$projectId/timeline"
              params={{ projectId: project.id }}
              className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              Open timeline
            </Link>
            <Link
              to="/projects/$projectId/captions"
              params={{ projectId: project.id }}
              className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              Captions
            </Link>
            <Link
              to="/projects/$projectId/words"
              params={{ projectId: project.id }}
              className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              Edit by words
            </Link>
            <Link
              to="/projects/$projectId/plans"
              params={{ projectId: project.id }}
              className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              Production plan
            </Link>
            <OpenNotesCount
              projectId={project.id}
              state={reviewStates.data?.projects.get(project.id)}
            />
            {!editing ? (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit details
              </Button>
            ) : null}
            {actions}
          </div>
        </div>
      </div>

      {editing ? (
        <section
          aria-label="Edit project details"
          className="rounded-lg border border-slate-200 bg-white p-6"
        >
          <ProjectForm
            initial={{ name: project.name, description: project.description ?? '' }}
            submitLabel="Save changes"
            pendingLabel="Saving…"
            isPending={update.isPending}
            error={update.error}
            onCancel={() => {
              update.reset();
              setEditing(false);
            }}
            onSubmit={(values) => update.mutate(values, { onSuccess: () => setEditing(false) })}
          />
        </section>
      ) : null}

      <section aria-labelledby="project-fields-heading">
        <h2 id="project-fields-heading" className="mb-3 text-lg font-semibold">
          Details
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-6 sm:grid-cols-2">
          <Field
            label="Project ID"
            value={<code className="break-all text-xs">{project.id}</code>}
          />
          <Field label="Status" value={project.status} />
          <Field label="Aspect ratio" value={project.aspect_ratio} />
          <Field label="Created" value={formatDateTime(project.created_at)} />
          <Field label="Updated" value={formatDateTime(project.updated_at)} />
          <Field
            label="Thumbnail"
            value={
              project.thumbnail_url ? (
                <a className="text-indigo-700 underline" href={project.thumbnail_url}>
                  Open thumbnail
                </a>
              ) : (
                '—'
              )
            }
          />
        </dl>
      </section>

      {children}
    </article>
  );
}

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="font-medium">{value || '—'}</dd>
    </div>
  );
}
