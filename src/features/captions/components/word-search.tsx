/**
 * The word list's search: the query goes to the URL after a pause in typing (or at Enter), the
 * count of matches is said, and every match can be selected to be styled at once.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/editor-kit/controls/button.tsx';
import { InlineError } from '@/components/error-state.tsx';
import { selectIds } from '../model/commands.ts';
import { plural } from '../model/plural.ts';
import type { CaptionsEditor } from '../state/captions-editor.ts';

const SEARCH_DEBOUNCE_MS = 250;

export function WordSearch({
  editor,
  query,
  onQueryChange,
  matches,
  loading,
  error,
}: {
  editor: CaptionsEditor;
  query: string;
  onQueryChange(query: string): void;
  matches: string[] | null;
  loading: boolean;
  error: unknown;
}) {
  const [text, setText] = useState(query);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The URL changed elsewhere (back/forward): the field follows.
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    setShownQuery(query);
    if (text.trim() !== query) setText(query);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onQueryChange(value.trim()), SEARCH_DEBOUNCE_MS);
  };
  const count = matches?.length ?? 0;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
          Search words
          <input
            type="search"
            value={text}
            maxLength={100}
            onChange={(event) => change(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                clearTimeout(timer.current);
                onQueryChange(text.trim());
              }
            }}
            placeholder="e.g. the"
            className="rounded-md border border-slate-300 px-3 py-2 text-sm font-normal"
          />
        </label>
        <Button
          variant="secondary"
          disabled={!query || count === 0}
          onClick={() =>
            editor.run(selectIds, { ids: matches ?? [], what: `matches of “${query}”` })
          }
        >
          Style all matches
        </Button>
      </div>
      <p className="text-xs text-slate-600" role="status" aria-label="Search results">
        {query
          ? loading
            ? `Searching for “${query}”…`
            : matches
              ? `${plural(count, 'word')} match “${query}”.`
              : ''
          : 'Search to find words, then style every match at once.'}
      </p>
      {error ? <InlineError error={error} /> : null}
    </div>
  );
}
