/**
 * The editor kit's banners, for every editing screen: the 409 conflict (what changed on the
 * server and what became of the person's own change) and the editor's notices.
 */
import { Button } from '@/editor-kit/controls/button.tsx';
import type { ConflictNotice, Notice as EditorNotice } from '@/editor-kit/contract.ts';

export function ConflictBanner({
  conflict,
  what,
  onDismiss,
}: {
  conflict: ConflictNotice;
  /** What was changed, e.g. "this timeline". */
  what: string;
  onDismiss(): void;
}) {
  return (
    <div
      role="alert"
      className="flex items-start gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <div className="flex-1">
        <h2 className="font-semibold">Someone else changed {what}</h2>
        <p className="mt-1 text-sm">Changed on the server: {conflict.changes}</p>
        <p className="mt-1 text-sm">{conflict.outcome}</p>
      </div>
      <Button variant="secondary" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}

export function NoticeBanner({ notice, onDismiss }: { notice: EditorNotice; onDismiss(): void }) {
  const error = notice.tone === 'error';
  return (
    <div
      role={error ? 'alert' : 'status'}
      className={`flex items-start gap-4 rounded-lg border p-4 ${error ? 'border-red-200 bg-red-50 text-red-900' : 'border-sky-200 bg-sky-50 text-sky-950'}`}
    >
      <div className="flex-1">
        <h2 className="font-semibold">{notice.title}</h2>
        <p className="mt-1 text-sm">{notice.detail}</p>
      </div>
      <Button variant="secondary" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
