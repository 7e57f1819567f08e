import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { LoadingState } from './components/loading-state.tsx';
import { NotFound } from './components/not-found.tsx';
import { RouteError } from './components/route-error.tsx';
import { routeTree } from './routeTree.gen.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // React Query owns caching; the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultPendingComponent: () => <LoadingState label="Loading…" />,
    defaultErrorComponent: RouteError,
    defaultNotFoundComponent: () => <NotFound />,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** An editor screen: the app's main area spans the window instead of the reading width. */
    fullWidth?: boolean;
    /**
     * A studio (an editor of the project: timeline, captions, words): the window is the editor's,
     * with a compact header of one row and a main area that never scrolls the page.
     */
    studio?: boolean;
  }
}
