import { useId, useState } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import { CreditsNotice } from '@/components/credits.tsx';
import { RefusalNote, refusedLabel, useRefusal } from '@/components/spend-gate.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { InlineError } from '@/components/error-state.tsx';
import { useStartExport } from '../api/exports-queries.ts';
import type { ExportStartRequest } from '@/api/schema.gen.ts';

type Resolution = NonNullable<ExportStartRequest['resolution']>;

/**
 * "Export video": asks for the resolution and shows the credit balance before anything is spent,
 * then starts the render. The job's progress shows in the project's jobs and the jobs tray.
 */
export function ExportButton({
  projectId,
  label = 'Export video',
  variant = 'primary',
  size = 'md',
}: {
  projectId: string;
  label?: string;
  variant?: 'primary' | 'secondary';
  size?: 'md' | 'sm';
}) {
  const [open, setOpen] = useState(false);
  const [resolution, setResolution] = useState<Resolution>('1080p');
  const start = useStartExport(projectId);
  // Every render spends at least a credit (its estimate shows on the job once it starts).
  const refusal = useRefusal('startExport', { atLeast: 1 });
  const noteId = useId();
  return (
    <>
      <Button
        variant={variant}
        size={size}
        onClick={() => setOpen(true)}
        pending={start.isPending}
        disabled={refusal !== null}
        aria-describedby={refusal ? noteId : undefined}
      >
        {start.isPending ? 'Starting export…' : refusedLabel(label, refusal)}
      </Button>
      <RefusalNote id={noteId} refusal={refusal} />
      {open ? (
        <Dialog
          title="Export this project"
          onClose={() => {
            start.reset();
            setOpen(false);
          }}
        >
          <form
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              start.mutate({ format: 'mp4', resolution }, { onSuccess: () => setOpen(false) });
            }}
          >
            <fieldset className="flex flex-col gap-2">
              <legend className="text-sm font-medium text-slate-700">Resolution (MP4)</legend>
              {(['1080p', '720p'] as const).map((value) => (
                <label key={value} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="resolution"
                    value={value}
                    checked={resolution === value}
                    onChange={() => setResolution(value)}
                  />
                  {value === '1080p' ? '1080p (full HD)' : '720p (smaller file)'}
                </label>
              ))}
            </fieldset>
            <CreditsNotice cost={null} action="Rendering this export" />
            <InlineError error={start.error} />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" pending={start.isPending}>
                {start.isPending ? 'Starting…' : 'Start export'}
              </Button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </>
  );
}
