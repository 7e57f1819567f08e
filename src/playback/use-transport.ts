/** React's view of a project's transport and marks: a component re-renders only for what it selects. */
import { useStore } from 'zustand';
import { marksFor, type ProjectMarks } from './marks.ts';
import { transportFor, type TransportState } from './transport.ts';

export function useTransport<T>(projectId: string, select: (state: TransportState) => T): T {
  return useStore(transportFor(projectId).store, select);
}

export function useMarks<T>(projectId: string, select: (marks: ProjectMarks) => T): T {
  return useStore(marksFor(projectId), select);
}
