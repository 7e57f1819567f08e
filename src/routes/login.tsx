import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { bffConfigQueryOptions } from '@/api/bff-config.ts';
import { optionalStringParam, searchSchema } from '@/lib/search-params.ts';
import { LoginScreen } from '@/features/session/components/login-screen.tsx';
import { sessionQueryOptions } from '@/features/session/api/session-queries.ts';
import { safeRedirectPath } from '@/lib/safe-redirect.ts';

export const Route = createFileRoute('/login')({
  validateSearch: searchSchema({ redirect: optionalStringParam() }),
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (session) throw redirect({ href: safeRedirectPath(search.redirect) });
  },
  // The form renders with the demo offer in place (the BFF preloads /bff/config with the page)
  // instead of moving down when it arrives; a failure is left to the screen (prefetch never throws).
  loader: ({ context }) => context.queryClient.prefetchQuery(bffConfigQueryOptions),
  head: () => ({ meta: [{ title: 'Sign in · Cutroom' }] }),
  component: LoginRoute,
});

function LoginRoute() {
  const search = Route.useSearch();
  const router = useRouter();
  return (
    <LoginScreen onSignedIn={() => void router.history.push(safeRedirectPath(search.redirect))} />
  );
}
