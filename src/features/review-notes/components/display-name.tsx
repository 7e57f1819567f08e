import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import { InlineError } from '@/components/error-state.tsx';
import { LoadingState } from '@/components/loading-state.tsx';
import { ErrorState } from '@/components/error-state.tsx';
import { deviceStorage, loadStored, saveStored } from '@/lib/device-storage.ts';
import { myPersonQueryOptions, useSetDisplayName } from '../api/people-queries.ts';
import { checkDisplayName, DISPLAY_NAME_MAX } from '@/shared-rules/note-text.ts';

const FIELD_LABELS = { display_name: 'Your name' };

/** Why the name cannot be saved, in the BFF's words, or null. */
function nameProblem(name: string): string | null {
  const check = checkDisplayName(name);
  return check.ok ? null : check.message;
}

/** The name field and its Save button (settings and the offer beside a first note). */
function NameForm({
  initial,
  submitLabel,
  onSaved,
  extra,
}: {
  initial: string;
  submitLabel: string;
  onSaved?: (name: string | null) => void;
  extra?: React.ReactNode;
}) {
  const [name, setName] = useState(initial);
  const [tried, setTried] = useState(false);
  const save = useSetDisplayName();
  const id = useId();
  const problem = nameProblem(name);
  return (
    // A form of its own, never nested in the note's: saving a name is a separate act.
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-2">
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium text-slate-700">
        Your name
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          value={name}
          autoComplete="name"
          maxLength={DISPLAY_NAME_MAX * 2}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              setTried(true);
              if (!problem) save.mutate(name.trim(), { onSuccess: () => onSaved?.(name.trim()) });
            }
          }}
          aria-invalid={tried && problem ? true : undefined}
          aria-describedby={tried && problem ? `${id}-problem` : undefined}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        <Button
          variant="secondary"
          pending={save.isPending}
          onClick={() => {
            setTried(true);
            if (!problem) save.mutate(name.trim(), { onSuccess: () => onSaved?.(name.trim()) });
          }}
        >
          {save.isPending ? 'Saving…' : submitLabel}
        </Button>
        {extra}
      </div>
      {tried && problem ? (
        <p id={`${id}-problem`} role="alert" className="text-xs text-red-700">
          {problem}
        </p>
      ) : null}
      <InlineError error={save.error} fieldLabels={FIELD_LABELS} />
    </div>
  );
}

const DISMISSED_KEY = 'cutroom:display-name-offer-dismissed';

/**
 * Beside a note, for someone who has not set a display name: the name others will read, offered
 * and never required (the note is sent either way). "Not now" puts it away on this device.
 */
export function DisplayNameOffer({ currentUserId }: { currentUserId: string | undefined }) {
  const me = useQuery(myPersonQueryOptions);
  const [dismissed, setDismissed] = useState(
    () =>
      loadStored(deviceStorage(), DISMISSED_KEY, (value) =>
        value === currentUserId ? value : null,
      ) !== null,
  );
  const [saved, setSaved] = useState<string | null>(null);
  if (saved) {
    return (
      <p role="status" className="text-sm text-emerald-800">
        Others now read your notes as {saved}.
      </p>
    );
  }
  if (dismissed || !me.data || me.data.display_name !== null) return null;
  return (
    <div className="rounded-md bg-sky-50 p-3 text-sm text-sky-950">
      <p className="mb-2">
        Others read your notes as “A member without a name”. Give your name if you like; your note
        is sent either way.
      </p>
      <NameForm
        initial=""
        submitLabel="Save name"
        onSaved={(name) => setSaved(name)}
        extra={
          <Button
            variant="ghost"
            onClick={() => {
              saveStored(deviceStorage(), DISMISSED_KEY, currentUserId ?? '');
              setDismissed(true);
            }}
          >
            Not now
          </Button>
        }
      />
    </div>
  );
}

/** Settings: the name people read beside one's notes, decisions and audit entries. */
export function DisplayNameSettings() {
  const me = useQuery(myPersonQueryOptions);
  const clear = useSetDisplayName();
  return (
    <section aria-labelledby="display-name-heading">
      <h2 id="display-name-heading" className="mb-3 text-lg font-semibold">
        Your name
      </h2>
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-6">
        <p className="text-sm text-slate-700">
          The service knows people only by an id. The name you give here is what others in this
          workspace read beside your notes, your decisions and your entries in the audit trail.
        </p>
        {me.isPending ? (
          <LoadingState label="Loading your name…" />
        ) : me.isError ? (
          <ErrorState error={me.error} onRetry={() => void me.refetch()} />
        ) : (
          <>
            <p className="text-sm">
              {me.data.display_name ? (
                <>
                  Others read you as <strong>{me.data.display_name}</strong>.
                </>
              ) : (
                'You have not given a name: others read you as “A member without a name”.'
              )}
            </p>
            <NameForm
              key={me.data.display_name ?? ''}
              initial={me.data.display_name ?? ''}
              submitLabel="Save name"
              extra={
                me.data.display_name ? (
                  <Button
                    variant="ghost"
                    pending={clear.isPending}
                    onClick={() => clear.mutate(null)}
                  >
                    Remove name
                  </Button>
                ) : null
              }
            />
            <InlineError error={clear.error} />
          </>
        )}
      </div>
    </section>
  );
}
