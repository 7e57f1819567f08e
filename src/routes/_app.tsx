import { useQuery } from '@tanstack/react-query';
import { Outlet, createFileRoute, redirect, useMatches } from '@tanstack/react-router';
import { AppShell } from '@/components/app-shell.tsx';
import { sessionQueryOptions } from '@/features/session/api/session-queries.ts';
import { LiveStatus } from '@/features/live-events/components/live-status.tsx';
import { useLiveEvents } from '@/features/live-events/use-live-events.ts';
import { SessionHeader } from '@/features/session/components/session-header.tsx';
import { Toaster } from '@/components/toaster.tsx';
import { CreditsBadge } from '@/components/credits.tsx';
import { JobsTray } from '@/features/jobs/components/jobs-tray.tsx';
import { ReviewCountBadge } from '@/features/review-queue/components/review-count-badge.tsx';

export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions);
    if (!session) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { session };
  },
  component: AppLayout,
});

function AppLayout() {
  // Only the session: the whole context is a new object after every navigation, and re-rendering
  // the shell (header links, jobs tray) on each filter click cost the page's screens frames.
  const initial = Route.useRouteContext({ select: (context) => context.session });
  const { data: session } = useQuery(sessionQueryOptions);
  const current = session ?? initial;
  useLiveEvents(session?.organization_id ?? null);
  const wide = useMatches({
    select: (matches) => matches.some((match) => match.staticData.fullWidth),
  });
  const studio = useMatches({
    select: (matches) => matches.some((match) => match.staticData.studio),
  });
  return (
    <AppShell
      wide={wide}
      studio={studio}
      navBadges={{ '/review': <ReviewCountBadge /> }}
      header={
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 whitespace-nowrap md:justify-end">
          <JobsTray />
          <CreditsBadge />
          <LiveStatus />
          <SessionHeader session={current} compact={studio} />
        </div>
      }
    >
      <Outlet />
      <Toaster />
    </AppShell>
  );
}
