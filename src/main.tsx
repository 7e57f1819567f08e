import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client.ts';
import { queryKeys } from './api/query-keys.ts';
import { nextTask } from './lib/next-task.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

/**
 * The first route is rendered once it is ready to show, at most this long after start (the
 * router's own pending threshold): on a slow link the router's pending screen shows as before.
 */
const FIRST_ROUTE_WAIT_MS = 1000;

/**
 * Start-up in steps, each a task of its own, so that none blocks input for long on a slow phone
 * (Lighthouse's Total Blocking Time counts every task over 50 ms at 4× CPU slowdown):
 * 1. the modules evaluate (the framework chunk and this entry);
 * 2. the query client and the router (its route tree, the location) are created;
 * 3. the router loads the first route (the session check, the route's data and its chunks, all
 *    asked for by the document's preloads already) before React renders, so that
 * 4. React renders the whole first screen once, as a transition: time-sliced (it yields to the
 *    browser every few milliseconds) instead of one long synchronous render per router update.
 */
async function mount(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  await nextTask();
  const queryClient = createQueryClient({
    onUnauthorized: () => {
      // The session ended (expired, logged out elsewhere): forget it and go to the login screen.
      queryClient.setQueryData(queryKeys.session, null);
      const { href, pathname } = router.state.location;
      if (!pathname.startsWith('/login')) {
        void router.navigate({ to: '/login', search: { redirect: href } });
      }
    },
  });
  const router = createAppRouter(queryClient);
  await nextTask();
  // A failed load is the router's to show (its error component), after the render below.
  await Promise.race([
    router.load().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_ROUTE_WAIT_MS)),
  ]);
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}

// `npm run dev:mock` starts the in-browser simulator before this module loads (vite.config.ts),
// so the client itself never imports mocks/.
void mount();
