import { lazy } from 'react';

/** The deletion flow, loaded when it is opened (for pages that are a first screen). */
export const LazyDeletionFlow = lazy(() =>
  import('./deletion-flow.tsx').then((module) => ({ default: module.DeletionFlow })),
);
