/**
 * Where the styler's first swatches and fonts come from: the brand the workspace saved at
 * onboarding. Says so while it loads, when no brand is set up (with the way to set one up), and
 * when it failed to load (why, and a retry); the styler works on without it meanwhile.
 */
import { Link } from '@tanstack/react-router';
import { describeError } from '@/api/api-error.ts';
import type { BrandContext } from '@/api/schema.gen.ts';
import { Button } from '@/editor-kit/controls/button.tsx';

export function BrandStatus({
  brand,
  loading,
  error,
  onRetry,
}: {
  /** null: no brand is set up (or it has no colours). */
  brand: BrandContext | null | undefined;
  loading: boolean;
  error: unknown;
  onRetry(): void;
}) {
  const box = 'rounded-md border px-3 py-2 text-xs';
  if (error) {
    const { title, detail } = describeError(error);
    return (
      <div
        role="alert"
        className={`${box} flex items-start gap-2 border-red-200 bg-red-50 text-red-900`}
      >
        <p className="flex-1">
          <span className="font-semibold">Brand colours could not be loaded.</span> {title}:{' '}
          {detail}
        </p>
        <Button variant="secondary" className="px-2 py-1 text-xs" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (loading) {
    return (
      <p className={`${box} border-slate-200 text-slate-600`} aria-busy="true">
        Loading your brand’s colours…
      </p>
    );
  }
  if (!brand || brand.colors.length === 0) {
    return (
      <p className={`${box} border-dashed border-slate-300 text-slate-700`}>
        No brand colours yet: the swatches below are the colours this project already uses.{' '}
        <Link to="/onboarding" className="font-medium text-indigo-700 underline">
          Set up your brand
        </Link>{' '}
        to offer its colours and fonts first.
      </p>
    );
  }
  return (
    <p className={`${box} flex flex-wrap items-center gap-1 border-slate-200 text-slate-700`}>
      <span>
        <span className="font-semibold">{brand.brand_name}</span> brand colours
        {brand.fonts.length > 0 ? ' and fonts' : ''} are offered first:
      </span>
      {brand.colors.map((color) => (
        <span
          key={`${color.name}-${color.hex}`}
          title={`${color.name} ${color.hex}`}
          aria-hidden="true"
          className="inline-block h-3 w-3 rounded-sm border border-slate-400"
          style={{ background: color.hex }}
        />
      ))}
    </p>
  );
}
