/**
 * The styler's inspector: the brand's status above three tabs (the selected words' style, the
 * project's caption style, the Looks), moved between with the arrow keys as a tab list is.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useEditorState } from '@/editor-kit/react.tsx';
import type { CaptionsEditor } from '../state/captions-editor.ts';

type TabId = 'word' | 'style' | 'looks';
const TABS: Array<{ id: TabId; label: string }> = [
  { id: 'word', label: 'Selected words' },
  { id: 'style', label: 'Caption style' },
  { id: 'looks', label: 'Looks' },
];

export function CaptionsInspector({
  editor,
  header,
  tabs,
}: {
  editor: CaptionsEditor;
  /** Above the tabs (where the brand's swatches come from). */
  header: ReactNode;
  tabs: Record<TabId, ReactNode>;
}) {
  const [tab, setTab] = useState<TabId>('word');
  const selected = useEditorState(editor, (state) => state.selection.size);
  const refs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});
  const move = (by: number) => {
    const at = TABS.findIndex((candidate) => candidate.id === tab);
    const next = TABS[(at + by + TABS.length) % TABS.length]!.id;
    setTab(next);
    refs.current[next]?.focus();
  };
  return (
    <section aria-label="Inspector" className="flex h-full min-h-0 min-w-0 flex-col gap-3">
      {header}
      <div role="tablist" aria-label="Inspector" className="flex gap-1 border-b border-slate-200">
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            ref={(node) => {
              refs.current[id] = node;
            }}
            type="button"
            role="tab"
            id={`captions-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`captions-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => setTab(id)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(1);
              else if (event.key === 'ArrowLeft') move(-1);
            }}
            className={`-mb-px rounded-t-md border px-3 py-1.5 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600 ${tab === id ? 'border-slate-200 border-b-white bg-white text-slate-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {label}
            {id === 'word' && selected > 0 ? ` (${selected.toLocaleString('en')})` : ''}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`captions-panel-${tab}`}
        aria-labelledby={`captions-tab-${tab}`}
        className="min-h-0 flex-1 overflow-y-auto pr-1"
      >
        {tabs[tab]}
      </div>
    </section>
  );
}
