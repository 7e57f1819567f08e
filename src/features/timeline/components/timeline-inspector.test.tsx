import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useEditorContext } from '@/editor-kit/react.tsx';
import { timelineQueryOptions } from '@/api/timeline.ts';
import { buildTimelineIndex } from '../model/timeline-index.ts';
import { smallTimeline, withLockedLayers } from '../model/synthetic-timeline.ts';
import { createTimelineEditor, type TimelineEditor } from '../state/create-timeline-editor.ts';
import { TimelineInspector } from './timeline-inspector.tsx';
import { DeleteConfirmDialog, TrimReviewDialog } from './timeline-dialogs.tsx';
import { DeleteResultPanel } from './timeline-panels.tsx';
import type { Timeline } from '@/api/schema.gen.ts';

const index = buildTimelineIndex(smallTimeline());

function Inspector({ editor }: { editor: TimelineEditor }) {
  const ctx = useEditorContext(editor);
  return ctx ? <TimelineInspector editor={editor} ctx={ctx} busy={false} /> : null;
}

/** The inspector on a real timeline editor whose submits are recorded instead of sent. */
function setup(selection: string[], timeline: Timeline = smallTimeline()) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(timelineQueryOptions('p1').queryKey, timeline);
  const editor = createTimelineEditor({ projectId: 'p1', queryClient });
  const submit = vi
    .spyOn(editor, 'submit')
    .mockImplementation(async (label, change) => ({ status: 'busy', label, mode: 'do', change }));
  editor.setState({ selection: new Set(selection) });
  render(
    <QueryClientProvider client={queryClient}>
      <Inspector editor={editor} />
    </QueryClientProvider>,
  );
  return { editor, submit };
}

describe('TimelineInspector', () => {
  it('asks to select something when nothing is selected', () => {
    setup([]);
    expect(screen.getByRole('region', { name: 'Inspector' })).toHaveTextContent(/Nothing selected/);
  });

  it('moves the selected item with the Start field and Enter (the command table’s field)', async () => {
    const { submit } = setup(['b']);
    const start = screen.getByLabelText('Start (s)');
    expect(start).toHaveValue(4);
    await userEvent.clear(start);
    await userEvent.type(start, '9{Enter}');
    expect(submit).toHaveBeenLastCalledWith('Set start', {
      kind: 'ops',
      ops: [expect.objectContaining({ kind: 'move', itemId: 'b', toStart: 9 })],
    });
  });

  it('shows why a value was refused, on the field', async () => {
    setup(['b']);
    const end = screen.getByLabelText('End (s)');
    await userEvent.clear(end);
    await userEvent.type(end, '3{Enter}');
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(end).toHaveAccessibleDescription(/at least one frame/);
  });

  it('disables source trims for text and offers the layers that accept the item', () => {
    setup(['t']);
    expect(screen.getByLabelText('Trim in: source start (s)')).toBeDisabled();
    expect(screen.getByLabelText('Trim in: source start (s)')).toHaveAccessibleDescription(
      'No source media',
    );
    const layer = screen.getByLabelText('Layer');
    expect(layer).toHaveValue('2');
    expect(screen.getByRole('option', { name: 'Music (audio)' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Titles (text)' })).toBeEnabled();
  });

  it('edits a group start and adds a zoom effect to every selected item', async () => {
    const { submit, editor } = setup(['b', 'c']);
    expect(screen.getByText('2 items')).toBeInTheDocument();
    expect(screen.queryByLabelText('End (s)')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add zoom effect to 2' }));
    expect(submit).toHaveBeenLastCalledWith('Add zoom effect to 2 items', {
      kind: 'ops',
      ops: [expect.objectContaining({ itemId: 'b' }), expect.objectContaining({ itemId: 'c' })],
    });
    act(() => editor.setState({ selection: new Set(['b']) }));
    expect(screen.getByLabelText('End (s)')).toBeInTheDocument();
  });
});

describe('locked layers in the inspector', () => {
  it('shows the values read-only with the reason', () => {
    setup(['m'], withLockedLayers(smallTimeline(), [3]));
    expect(screen.getByLabelText('Start (s)')).toBeDisabled();
    expect(screen.getByLabelText('Duration (s)')).toBeDisabled();
    expect(screen.getByText(/“Music” is a locked layer/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add zoom effect' })).toBeEnabled();
  });
});

describe('dialogs and results', () => {
  it('lists the destructive preview before a trim is applied', async () => {
    const onApply = vi.fn();
    render(
      <TrimReviewDialog
        label="Trim 1 item"
        preview={{
          success: true,
          applied: false,
          dry_run: true,
          project_id: 'p1',
          previous_revision: 7,
          revision: 7,
          destructive: true,
          results: [],
          failed_operations: [],
          affected_timeline_item_ids: ['b'],
          deleted_timeline_item_ids: ['b'],
          warnings: ['2 caption word(s) would be removed.'],
        }}
        index={index}
        onApply={onApply}
        onCancel={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Review: Trim 1 item' });
    expect(dialog).toHaveTextContent('This trim is destructive.');
    expect(dialog).toHaveTextContent('2 caption word(s) would be removed.');
    expect(dialog).toHaveTextContent('Items it would delete (1)');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Apply trim' }));
    expect(onApply).toHaveBeenCalled();
  });

  it('confirms a delete listing the items, with the option to close the gaps', async () => {
    const onConfirm = vi.fn();
    render(
      <DeleteConfirmDialog
        ids={['a', 'm']}
        index={index}
        onConfirm={onConfirm}
        onCancel={() => undefined}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Delete 2 items?' })).toHaveTextContent(
      'Items to delete (2)',
    );
    // The safe action has the focus, not the first control in the dialog.
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getByLabelText(/Close the gaps/));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 2 items' }));
    expect(onConfirm).toHaveBeenCalledWith({ pack: true });
  });

  it('shows per-item failures with their error and retryable flag, and retries the retryable ones', async () => {
    const onRetry = vi.fn();
    render(
      <DeleteResultPanel
        result={{
          success: false,
          deleted_count: 1,
          failed_count: 2,
          deleted_items: [{ id: 'a', name: 'a', type: 'video' }],
          failed_items: [
            {
              timeline_item_id: 'm',
              error: 'locked_layer: layer 3 is locked',
              error_code: 'validation_error',
              retryable: false,
            },
            { timeline_item_id: 'c', error: 'busy', retryable: true },
          ],
          captions_removed: 3,
          packed: false,
          clips_shifted: 0,
        }}
        nameOf={(id) => `Item ${id}`}
        onRetry={onRetry}
        onDismiss={() => undefined}
      />,
    );
    const region = screen.getByRole('region', { name: 'Delete result' });
    expect(region).toHaveTextContent('Deleted 1, 2 could not be deleted');
    // What the service counts: caption words, not caption items.
    expect(region).toHaveTextContent('Caption words removed3');
    expect(screen.getByRole('row', { name: /Item m/ })).toHaveTextContent(
      /locked_layer.*validation_error.*No/,
    );
    expect(screen.getByRole('row', { name: /Item c/ })).toHaveTextContent(/Yes/);
    await userEvent.click(screen.getByRole('button', { name: 'Retry 1 retryable' }));
    expect(onRetry).toHaveBeenCalledWith(['c']);
  });
});
