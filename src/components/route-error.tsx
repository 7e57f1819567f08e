import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorState } from './error-state.tsx';

/**
 * A route whose loader failed: "Try again" re-runs the loaders (router.invalidate), which a bare
 * `reset` would not, after clearing React Query's error boundary state.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);
  return <ErrorState error={error} onRetry={() => void router.invalidate()} />;
}
