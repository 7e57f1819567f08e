import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import {
  CommandFields,
  EditorToolbar,
  ShortcutHelp,
  useEditorContext,
  useLastCommit,
  useSaving,
} from './react.tsx';
import { moveOf, setupBoard, type Ctx } from './testing/board-editor.ts';
import type { AnyCommand } from './command.ts';

function View({ board }: { board: ReturnType<typeof setupBoard> }) {
  const { editor } = board;
  const saving = useSaving(editor);
  const last = useLastCommit(editor, (variables) => variables.mode === 'do');
  const ctx = useEditorContext(editor);
  const position: AnyCommand<Ctx, unknown, unknown> = {
    name: 'position',
    label: 'Position',
    canRun: (c) => c.selection.length === 1,
    perform: (c, value) =>
      c.selection.length === 1
        ? {
            type: 'change',
            label: 'Place',
            change: moveOf(c.board, c.selection, Number(value) - c.board.notes[c.selection[0]!]!),
          }
        : { type: 'refused', reason: 'Select one note.' },
    field: {
      type: 'number',
      label: 'Position',
      read: (c) => (c.selection.length === 1 ? c.board.notes[c.selection[0]!]! : null),
      toArgs: (value) => value,
    },
  };
  return (
    <div>
      <EditorToolbar editor={editor} label="Board tools" ctx={ctx} saving={saving}>
        <span role="status">{saving ? 'Saving…' : 'Saved'}</span>
      </EditorToolbar>
      {ctx ? (
        <CommandFields editor={editor} commands={[position]} ctx={ctx} saving={saving} />
      ) : null}
      {last ? (
        <p>
          Last: {last.outcome.label} <button onClick={last.dismiss}>Dismiss</button>
        </p>
      ) : null}
      <ShortcutHelp editor={editor} />
    </div>
  );
}

describe('the React binding', () => {
  it('derives the toolbar and help from the commands, shows Saving… from the mutation cache', async () => {
    const board = setupBoard();
    const release = board.service.hold();
    render(
      <QueryClientProvider client={board.queryClient}>
        <View board={board} />
      </QueryClientProvider>,
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Board tools' });
    expect(toolbar).toHaveTextContent('Select all');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Select all' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Control+A Meta+A',
    );
    expect(screen.getByText('Ctrl/⌘ + Shift + Z')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(board.editor.getState().selection).toEqual(['a', 'b', 'c']);
    act(() => board.editor.setState({ selection: ['a'] }));
    const field = await screen.findByLabelText('Position');
    await userEvent.clear(field);
    await userEvent.type(field, '4{Enter}');
    expect(await screen.findByText('Saving…')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(board.service.server.board.notes.a).toBe(4);
    expect(screen.getByText(/Last: Place/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Last: Place/)).not.toBeInTheDocument();
  });

  it('holds the context during a gesture: no render from the press to its end, one after the frame after it', async () => {
    const board = setupBoard();
    const { editor } = board;
    function Held() {
      const ctx = useEditorContext(
        editor,
        (state) => [state.selection],
        (state) => state.gesture !== null,
      );
      return <p>Selected: {ctx?.selection.join(', ') || 'none'}</p>;
    }
    let renders = 0;
    render(
      <QueryClientProvider client={board.queryClient}>
        <Profiler id="held" onRender={() => (renders += 1)}>
          <Held />
        </Profiler>
      </QueryClientProvider>,
    );
    expect(screen.getByText('Selected: none')).toBeInTheDocument();
    const before = renders;
    act(() => {
      editor.beginGesture('Marquee', { selection: ['a'] });
    });
    act(() => editor.setState({ selection: ['a', 'b'], drag: 4 }));
    expect(screen.getByText('Selected: none')).toBeInTheDocument();
    expect(renders).toBe(before);
    act(() => editor.endGesture({ drag: null }));
    // The task that ends the gesture (its commit) does not render the views; they follow after.
    expect(screen.getByText('Selected: none')).toBeInTheDocument();
    expect(renders).toBe(before);
    expect(await screen.findByText('Selected: a, b')).toBeInTheDocument();
    expect(renders).toBe(before + 1);
    // A gesture that starts before the views followed keeps them held.
    act(() => {
      editor.beginGesture('Marquee', { selection: ['b'] });
    });
    act(() => editor.endGesture({ drag: null }));
    act(() => {
      editor.beginGesture('Marquee', { selection: ['c'] });
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
    expect(screen.getByText('Selected: a, b')).toBeInTheDocument();
    act(() => editor.endGesture({ drag: null }));
    expect(await screen.findByText('Selected: c')).toBeInTheDocument();
    // Outside a gesture (e.g. keyboard selection) it follows at once.
    act(() => editor.setState({ selection: ['a'] }));
    expect(screen.getByText('Selected: a')).toBeInTheDocument();
  });
});
