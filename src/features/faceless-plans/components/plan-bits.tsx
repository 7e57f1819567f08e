import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { mediaAssetQueryOptions } from '../api/plans-queries.ts';
import { statusLabel, statusTone, type Tone } from '../plan-status.ts';

const toneClass: Record<Tone, string> = {
  neutral: 'bg-slate-100 text-slate-800',
  progress: 'bg-sky-100 text-sky-900',
  attention: 'bg-amber-100 text-amber-900',
  success: 'bg-emerald-100 text-emerald-900',
  danger: 'bg-red-100 text-red-900',
};

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${toneClass[tone]}`}
    >
      {children}
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{statusLabel(status)}</Badge>;
}

/** QA verdicts: passed is good, anything else needs a look. */
export function QaBadge({ status }: { status: string | undefined }) {
  if (!status) return <Badge>No QA</Badge>;
  return (
    <Badge
      tone={
        status === 'passed' || status === 'pass'
          ? 'success'
          : status === 'pending'
            ? 'neutral'
            : 'danger'
      }
    >
      QA {status}
    </Badge>
  );
}

/** An image asset (keyframe, anchor, reference) by id, loaded when it is shown. */
export function AssetImage({
  assetId,
  alt,
  className = 'h-40 w-[90px]',
  defer = false,
}: {
  assetId: string | undefined;
  alt: string;
  className?: string;
  /** Fetch nothing yet (a cached asset still shows): the list is scrolling past this image. */
  defer?: boolean;
}) {
  const asset = useQuery({
    ...mediaAssetQueryOptions(assetId ?? ''),
    enabled: Boolean(assetId) && !defer,
  });
  const frame = `${className} shrink-0 overflow-hidden rounded-md border border-slate-200 bg-slate-100`;
  if (!assetId) {
    return (
      <div
        className={`${frame} flex items-center justify-center p-2 text-center text-xs text-slate-600`}
      >
        Not generated
      </div>
    );
  }
  if (asset.isPending) {
    return <div className={`${frame} animate-pulse`} role="img" aria-label={`${alt} (loading)`} />;
  }
  if (asset.isError || !asset.data.thumbnail_url) {
    return (
      <div
        className={`${frame} flex items-center justify-center p-2 text-center text-xs text-slate-600`}
      >
        Image unavailable
      </div>
    );
  }
  return (
    <img
      src={asset.data.thumbnail_url}
      alt={alt}
      className={`${frame} object-cover`}
      loading="lazy"
    />
  );
}

export function Field({
  label,
  children,
  className = '',
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-line break-words text-sm text-slate-900">
        {children === undefined || children === null || children === '' ? '—' : children}
      </dd>
    </div>
  );
}

export function Section({
  title,
  id,
  actions,
  children,
}: {
  title: string;
  id: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-lg border border-slate-200 bg-white p-4 md:p-5"
    >
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {actions ? <div className="ml-auto flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
