/**
 * Changes held on this device (a save failed, or they came back from an earlier visit): what they
 * are, what became of them meanwhile, and Save or Discard.
 */
import { Button } from '@/editor-kit/controls/button.tsx';
import { plural } from '../model/plural.ts';
import type { CaptionsEditor } from '../state/captions-editor.ts';

export function UnsavedBanner({
  editor,
  reason,
  count,
  returned,
  errors,
}: {
  editor: CaptionsEditor;
  reason: 'failed' | 'returned';
  count: number;
  returned: { alreadySaved: number; changedElsewhere: string[] } | null;
  errors: string[];
}) {
  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-label="Unsaved changes"
      className="flex flex-wrap items-start gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <div className="flex-1">
        <h2 className="font-semibold">
          {reason === 'returned'
            ? `${plural(count, 'unsaved change')} from your last visit`
            : `${plural(count, 'change')} not saved yet`}
        </h2>
        <p className="mt-1 text-sm">
          {reason === 'returned'
            ? 'They were kept on this device and are shown, marked “Unsaved”. Save them, or discard them to see the captions as they are saved.'
            : `${errors[0] ?? 'The last save failed.'} They stay on screen and on this device until saved.`}
        </p>
        {returned && returned.alreadySaved > 0 ? (
          <p className="mt-1 text-sm">
            {plural(returned.alreadySaved, 'change')} had been saved already and{' '}
            {returned.alreadySaved === 1 ? 'was' : 'were'} dropped.
          </p>
        ) : null}
        {returned && returned.changedElsewhere.length > 0 ? (
          <p className="mt-1 text-sm">
            Changed elsewhere since: {returned.changedElsewhere.slice(0, 8).join(', ')}
            {returned.changedElsewhere.length > 8
              ? ` and ${returned.changedElsewhere.length - 8} more`
              : ''}
            . Saving is checked against their current version.
          </p>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button onClick={() => void editor.outbox.saveUnsaved()}>Save changes</Button>
        <Button variant="secondary" onClick={() => editor.outbox.discardUnsaved()}>
          Discard
        </Button>
      </div>
    </div>
  );
}
