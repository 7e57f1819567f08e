import { queryOptions } from '@tanstack/react-query';
import { projectQueryOptions } from '@/api/projects.ts';
import { frameOf, type ProjectFrame } from './project-frame.ts';

/**
 * The project's frame, read from the project (its `aspect_ratio`): the editors lay out, snap and
 * draw in it. The project's own query (the same cache as the project page); its frame never
 * changes (a project's aspect ratio is set when it is made).
 */
export const projectFrameQueryOptions = (projectId: string) =>
  queryOptions({
    ...projectQueryOptions(projectId),
    select: (project): ProjectFrame => frameOf(project.aspect_ratio),
  });
