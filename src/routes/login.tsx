import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
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
