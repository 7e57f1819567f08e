import { ApiError, describeError } from '@/api/api-error.ts';
import { Button } from '@/editor-kit/controls/button.tsx';

/** Shows any error in words a person can act on, with a retry when one makes sense. */
export function ErrorState({
  error,
  onRetry,
  fieldLabels,
}: {
  error: unknown;
  onRetry?: () => void;
  /** Names a 400's `param` as the screen labels that field. */
  fieldLabels?: Readonly<Record<string, string>>;
}) {
  const { title, detail } = describeError(error, fieldLabels);
  const status = error instanceof ApiError ? error.status : undefined;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-red-900">
      <h2 className="font-semibold">{title}</h2>
      <p className="mt-1 text-sm">{detail}</p>
      {status === 401 ? (
        <a className="mt-3 inline-block text-sm font-medium underline" href="/login">
          Sign in again
        </a>
      ) : onRetry && status !== 404 ? (
        <Button className="mt-3" variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Inline form-level error (e.g. a mutation that failed), announced to screen readers. A form passes
 * `fieldLabels` so a refused field is named as the form labels it.
 */
export function InlineError({
  error,
  fieldLabels,
}: {
  error: unknown;
  fieldLabels?: Readonly<Record<string, string>>;
}) {
  if (!error) return null;
  const { title, detail } = describeError(error, fieldLabels);
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      <strong className="font-semibold">{title}.</strong> {detail}
    </p>
  );
}
