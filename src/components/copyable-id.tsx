import { useState } from 'react';

/**
 * An id, as secondary text people rarely read but sometimes need (a support ticket, a log line):
 * small, monospaced, with a button that copies it.
 */
export function CopyableId({ id, what }: { id: string; what: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <span className="inline-flex items-center gap-1 text-xs text-slate-500">
      <span className="font-mono">{id}</span>
      <button
        type="button"
        className="rounded px-1 text-indigo-700 underline hover:bg-indigo-50"
        aria-label={`Copy the ${what} id`}
        onClick={() => {
          void navigator.clipboard?.writeText(id).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </span>
  );
}
