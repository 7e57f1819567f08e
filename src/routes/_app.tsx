import { useQuery } from '@tanstack/react-query';
import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { AppShell } from '@/components/app-shell.tsx';
import { sessionQueryOptions } from '@/features/session/api/session-queries.ts';
import { SessionHeader } from '@/features/session/components/session-header.tsx';

export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (!session) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { session };
  },
  component: AppLayout,
});

function AppLayout() {
  const { session: initial } = Route.useRouteContext();
  const { data: session } = useQuery(sessionQueryOptions);
  const current = session ?? initial;
  return (
    <AppShell header={<SessionHeader session={current} />}>
      <Outlet />
    </AppShell>
  );
}
