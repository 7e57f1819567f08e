/** Small pieces every clip screen uses: status badge, titles, facts lists, window text. */
import type { ReactNode } from 'react';
import { formatDuration } from '@/lib/format.ts';
import { appliedSuggestion } from '../model/clip-problems.ts';
import { STATUS_META, TONE_CLASSES, stepLabel, stoppedStep } from '../model/clip-status.ts';
import type { Clip, ClipStatus } from '@/api/schema.gen.ts';

/** The applied suggestion's title, or a name from the id while there is none yet. */
export function clipTitle(clip: Clip): string {
  return appliedSuggestion(clip)?.title || `Untitled clip ${clip.clip_id.slice(0, 8)}`;
}

export function StatusBadge({ status, clip }: { status: ClipStatus; clip?: Clip }) {
  const meta = STATUS_META[status] ?? { label: status, tone: 'working' as const };
  const stopped = clip ? stoppedStep(clip) : null;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${TONE_CLASSES[meta.tone]}`}
    >
      {meta.label}
      {stopped && stopped !== 'unknown' && status === 'failed' ? (
        <span className="font-normal">at {stepLabel(stopped).toLowerCase()}</span>
      ) : null}
    </span>
  );
}

export function windowText(clip: Clip): string | null {
  const window = clip.clip_window;
  const start = window?.start_seconds ?? 0;
  const end = window?.end_seconds ?? 0;
  if (!(end > start)) return null;
  return `${formatDuration(start)}–${formatDuration(end)} (${Math.round(end - start)} s)`;
}

export function Facts({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <dl
      aria-label={label}
      className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]"
    >
      {children}
    </dl>
  );
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children === '' || children == null ? '—' : children}</dd>
    </>
  );
}

export const yesNo = (value: boolean | undefined): string =>
  value === undefined ? '—' : value ? 'Yes' : 'No';

/** Words for the service's machine values (`needs_repair` → `needs repair`). */
export const words = (value: string | undefined | null): string =>
  value ? value.replace(/_/g, ' ') : '—';

export function Section({
  id,
  title,
  children,
  className = '',
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-lg border border-slate-200 bg-white p-5 ${className}`}
    >
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const linkClass = 'font-medium text-indigo-700 underline-offset-2 hover:underline';

/** The first preview that is an image (the service also lists videos). */
export function previewImage(clip: Clip): string | undefined {
  return clip.qa?.preview_urls?.find(
    (url) => url.startsWith('data:image/') || /\.(png|jpe?g|webp|gif|avif|svg)(\?|$)/i.test(url),
  );
}
