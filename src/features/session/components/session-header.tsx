import { useNavigate } from '@tanstack/react-router';
import { Button } from '@/editor-kit/controls/button.tsx';
import { useLogout } from '../api/session-queries.ts';
import type { Session } from '@/api/bff-schema.gen.ts';

const environmentBadge: Record<Session['environment'], string> = {
  live: 'bg-red-100 text-red-800 ring-red-600/30',
  test: 'bg-amber-100 text-amber-900 ring-amber-600/30',
};

export function SessionHeader({
  session,
  compact = false,
}: {
  session: Session;
  /** An editor's header: the organization, plan and key only where the window is wide. */
  compact?: boolean;
}) {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <dl
        className={`flex flex-wrap items-center gap-x-4 gap-y-1 ${compact ? 'md:hidden 2xl:flex' : ''}`}
      >
        <div className="flex gap-1">
          <dt className="text-slate-500">Organization</dt>
          <dd className="font-medium">{session.organization_id}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-slate-500">Plan</dt>
          <dd className="font-medium">{session.plan}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-slate-500">Key</dt>
          <dd className="font-mono">{session.key_prefix}…</dd>
        </div>
      </dl>
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-semibold uppercase ring-1 ${environmentBadge[session.environment]}`}
        aria-label={`Environment: ${session.environment}`}
      >
        {session.environment}
      </span>
      <Button
        variant="ghost"
        size={compact ? 'sm' : 'md'}
        disabled={logout.isPending}
        onClick={() =>
          logout.mutate(undefined, { onSettled: () => void navigate({ to: '/login', search: {} }) })
        }
      >
        Log out
      </Button>
    </div>
  );
}
