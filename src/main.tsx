import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client.ts';
import { queryKeys } from './api/query-keys.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

function mount(): void {
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
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

// `npm run dev:mock` starts the in-browser simulator before this module loads (vite.config.ts),
// so the client itself never imports mocks/.
mount();
