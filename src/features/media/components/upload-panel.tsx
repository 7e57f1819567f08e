import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState, useSyncExternalStore } from 'react';
import { describeError } from '@/api/api-error.ts';
import { queryKeys } from '@/api/query-keys.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { ProgressBar } from '@/components/progress-bar.tsx';
import { formatBytes, formatDateTime } from '@/lib/format.ts';
import {
  isSending,
  type UploadItem,
  uploadManagerFor,
  type UploadManager,
} from '../upload/upload-manager.ts';
import { formatSpeed, formatTimeLeft } from '../upload/transfer-rate.ts';

/**
 * Uploads into the folder on screen: several files at once, each with its progress, speed and
 * time left, pause / resume / cancel / retry; unfinished uploads from an earlier visit are listed
 * so choosing the same file again resumes them.
 */
export function UploadPanel({
  organizationId,
  folderId,
  folderName,
}: {
  organizationId: string;
  folderId: string | null;
  folderName: string | null;
}) {
  const queryClient = useQueryClient();
  const manager = useMemo(
    () =>
      uploadManagerFor(organizationId, () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.media.all });
      }),
    [organizationId, queryClient],
  );
  const snapshot = useSyncExternalStore(manager.subscribe, manager.getSnapshot);
  const [problems, setProblems] = useState<string[]>([]);
  const [discardError, setDiscardError] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();

  return (
    <section
      aria-labelledby={`${inputId}-heading`}
      className="rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={`${inputId}-heading`} className="text-lg font-semibold">
          Upload
        </h2>
        <label
          htmlFor={inputId}
          className="cursor-pointer rounded-md bg-indigo-600 px-3 py-2 text-sm font-medium text-white focus-within:ring-2 focus-within:ring-indigo-400 hover:bg-indigo-700"
        >
          Choose files to upload
          <input
            id={inputId}
            type="file"
            multiple
            accept="video/*,audio/*,image/*"
            aria-describedby={hintId}
            className="sr-only"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              void manager.add(files, folderId).then(setProblems);
            }}
          />
        </label>
        <p id={hintId} className="text-sm text-slate-600">
          Into {folderName ? `“${folderName}”` : 'the workspace (no folder)'}. Video, audio and
          images; large files go in parts of 5 MiB or more, two at a time, and an interrupted upload
          resumes where it stopped.
        </p>
      </div>

      {problems.length > 0 ? (
        <ul role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}

      {snapshot.offline ? (
        <p role="status" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          You are offline. Uploads resume by themselves when the connection is back.
        </p>
      ) : null}

      {snapshot.pending.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold">Unfinished uploads</h3>
          <p className="text-sm text-slate-600">
            Choose the same file again to resume it: only the parts the service does not have yet
            are sent.
          </p>
          {discardError ? (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {discardError}
            </p>
          ) : null}
          <ul aria-label="Unfinished uploads" className="mt-2 flex flex-col gap-2">
            {snapshot.pending.map((pending) => (
              <li
                key={pending.fingerprint}
                className="flex flex-wrap items-center gap-3 rounded-md border border-amber-200 bg-amber-50 p-2 text-sm"
              >
                <span className="font-medium">{pending.name}</span>
                <span className="text-slate-700">
                  {formatBytes(pending.size)}, started {formatDateTime(pending.startedAt)}
                </span>
                <Button
                  variant="secondary"
                  className="ml-auto"
                  aria-label={`Discard the unfinished upload of ${pending.name}`}
                  onClick={() => {
                    setDiscardError(null);
                    manager.discardPending(pending.fingerprint).catch((error: unknown) => {
                      const { title, detail } = describeError(error);
                      setDiscardError(`${title}. ${detail}`);
                    });
                  }}
                >
                  Discard
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {snapshot.items.some((item) => isSending(item.status)) ? (
        <p role="note" className="mt-3 rounded-md bg-sky-50 p-3 text-sm text-sky-900">
          Keep this tab open until the uploads finish: leaving or reloading it stops them. The parts
          already sent stay on the service, so choosing the same files again here later sends only
          the rest.
        </p>
      ) : null}

      {snapshot.items.length > 0 ? (
        <ul aria-label="Uploads" className="mt-4 flex flex-col gap-3">
          {snapshot.items.map((item) => (
            <UploadRow key={item.id} item={item} manager={manager} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

const STATUS_WORDS: Record<UploadItem['status'], string> = {
  checking: 'Starting',
  uploading: 'Uploading',
  paused: 'Paused',
  failed: 'Stopped',
  complete: 'Uploaded',
  cancelling: 'Cancelling',
  cancelled: 'Cancelled',
};

function UploadRow({ item, manager }: { item: UploadItem; manager: UploadManager }) {
  const active = ['checking', 'uploading', 'paused', 'failed'].includes(item.status);
  return (
    <li
      aria-label={item.name}
      className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 text-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{item.name}</span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium">
          {STATUS_WORDS[item.status]}
        </span>
        <span className="ml-auto flex gap-2">
          {item.status === 'uploading' || item.status === 'checking' ? (
            <Button
              variant="secondary"
              aria-label={`Pause ${item.name}`}
              onClick={() => manager.pause(item.id)}
            >
              Pause
            </Button>
          ) : null}
          {item.status === 'paused' ? (
            <Button
              variant="secondary"
              aria-label={`Resume ${item.name}`}
              onClick={() => manager.resumeUpload(item.id)}
            >
              Resume
            </Button>
          ) : null}
          {item.status === 'failed' ? (
            <Button
              variant="secondary"
              aria-label={`Retry ${item.name}`}
              onClick={() => void manager.retry(item.id)}
            >
              Retry
            </Button>
          ) : null}
          {active ? (
            <Button
              variant="ghost"
              aria-label={`Cancel ${item.name}`}
              onClick={() => void manager.cancel(item.id)}
            >
              Cancel
            </Button>
          ) : null}
          {!active && item.status !== 'cancelling' ? (
            <Button
              variant="ghost"
              aria-label={`Dismiss ${item.name}`}
              onClick={() => manager.dismiss(item.id)}
            >
              Dismiss
            </Button>
          ) : null}
        </span>
      </div>
      {item.status !== 'cancelled' && item.status !== 'cancelling' ? (
        <ProgressBar value={item.percent} label={`Upload of ${item.name}`} />
      ) : null}
      <p className="text-slate-700" aria-live="off">
        {item.percent}% · {formatBytes(item.bytesUploaded)} of {formatBytes(item.size)}
        {item.status === 'uploading'
          ? ` · ${formatSpeed(item.speed)} · ${formatTimeLeft(item.secondsLeft)}`
          : ''}{' '}
        · part {Math.min(item.partsDone, item.totalParts)} of {item.totalParts} received
      </p>
      {item.resumedParts !== null ? (
        <p className="text-slate-600">
          Resumed: {item.resumedParts} of {item.totalParts} parts were already on the service.
        </p>
      ) : null}
      {item.error ? (
        <p role="alert" className="text-red-800">
          {item.error}
        </p>
      ) : null}
      {item.status === 'cancelled' ? (
        <p role="status" className="text-slate-700">
          {item.abortedOnService
            ? 'Cancelled: the upload was aborted on the service and its parts discarded.'
            : item.abortedOnService === null
              ? 'Cancelled before anything was sent.'
              : 'Cancelled here; the service did not confirm the abort.'}
        </p>
      ) : null}
      {item.status === 'complete' && item.assetId ? (
        <p role="status">
          Uploaded.{' '}
          <Link
            to="/media/assets/$assetId"
            params={{ assetId: item.assetId }}
            className="text-indigo-700 underline"
          >
            Open {item.name}
          </Link>
        </p>
      ) : null}
    </li>
  );
}
