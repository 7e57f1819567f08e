import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emptyHistory } from '../model/command-history.ts';
import type { Command, CommandOutcome } from '../model/commands.ts';
import { buildTimelineIndex } from '../model/timeline-index.ts';
import { smallTimeline } from '../model/synthetic-timeline.ts';
import { TimelineInspector } from './timeline-inspector.tsx';
import { DeleteConfirmDialog, TrimReviewDialog } from './timeline-dialogs.tsx';
import { DeleteResultPanel } from './timeline-panels.tsx';

const index = buildTimelineIndex(smallTimeline());

/** Runs the real commands against the small timeline and records what they asked for. */
function recordingRun() {
  const outcomes: Array<{ name: string; outcome: CommandOutcome }> = [];
  const run = vi.fn(<A,>(command: Command<A>, args: A) => {
    const outcome = command.perform(
      {
        index,
        fps: 30,
        selection: new Set(currentSelection),
        playhead: 0,
        view: { pxPerSecond: 100, scrollX: 0, scrollY: 0, width: 1000, height: 300 },
        history: emptyHistory,
      },
      args,
    );
    outcomes.push({ name: command.name, outcome });
    return outcome;
  });
  return { run, outcomes };
}
let currentSelection: string[] = [];

describe('TimelineInspector', () => {
  it('asks to select something when nothing is selected', () => {
    currentSelection = [];
    const { run } = recordingRun();
    render(<TimelineInspector index={index} selection={new Set()} busy={false} run={run} />);
    expect(screen.getByRole('region', { name: 'Inspector' })).toHaveTextContent(/Nothing selected/);
  });

  it('moves the selected item with the Start field and Enter', async () => {
    currentSelection = ['b'];
    const { run, outcomes } = recordingRun();
    render(<TimelineInspector index={index} selection={new Set(['b'])} busy={false} run={run} />);
    const start = screen.getByLabelText('Start (s)');
    expect(start).toHaveValue(4);
    await userEvent.clear(start);
    await userEvent.type(start, '9{Enter}');
    expect(outcomes.at(-1)).toMatchObject({
      name: 'setStart',
      outcome: { type: 'edit', ops: [{ kind: 'move', itemId: 'b', toStart: 9 }] },
    });
  });

  it('shows why a value was refused, on the field', async () => {
    currentSelection = ['b'];
    const { run } = recordingRun();
    render(<TimelineInspector index={index} selection={new Set(['b'])} busy={false} run={run} />);
    const end = screen.getByLabelText('End (s)');
    await userEvent.clear(end);
    await userEvent.type(end, '3{Enter}');
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(end).toHaveAccessibleDescription(/at least one frame/);
  });

  it('disables source trims for text and offers the layers that accept the item', () => {
    currentSelection = ['t'];
    const { run } = recordingRun();
    render(<TimelineInspector index={index} selection={new Set(['t'])} busy={false} run={run} />);
    expect(screen.getByLabelText('Trim in: source start (s)')).toBeDisabled();
    const layer = screen.getByLabelText('Layer');
    expect(layer).toHaveValue('2');
    expect(screen.getByRole('option', { name: 'Music (audio)' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Titles (text)' })).toBeEnabled();
  });

  it('edits a group start and adds a zoom effect to every selected item', async () => {
    currentSelection = ['b', 'c'];
    const { run, outcomes } = recordingRun();
    render(
      <TimelineInspector index={index} selection={new Set(['b', 'c'])} busy={false} run={run} />,
    );
    expect(screen.getByText('2 items')).toBeInTheDocument();
    expect(screen.queryByLabelText('End (s)')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add zoom effect to 2' }));
    expect(outcomes.at(-1)).toMatchObject({
      name: 'addZoomEffect',
      outcome: { type: 'edit', ops: [{ itemId: 'b' }, { itemId: 'c' }] },
    });
  });
});

describe('locked layers in the inspector', () => {
  it('shows the values read-only with the reason', async () => {
    const { withLockedLayers } = await import('../model/synthetic-timeline.ts');
    const locked = buildTimelineIndex(withLockedLayers(smallTimeline(), [3]));
    render(
      <TimelineInspector index={locked} selection={new Set(['m'])} busy={false} run={vi.fn()} />,
    );
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
        review={{
          label: 'Trim 1 item',
          ops: [],
          preview: {
            operation_id: 'timeline.item.trim',
            project_id: 'p1',
            current_revision: 7,
            expected_revision: 7,
            destructive: true,
            affected_timeline_item_ids: ['b'],
            would_delete_timeline_item_ids: ['b'],
            warnings: ['2 caption word(s) would be removed.'],
          },
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
    expect(screen.getByRole('row', { name: /Item m/ })).toHaveTextContent(
      /locked_layer.*validation_error.*No/,
    );
    expect(screen.getByRole('row', { name: /Item c/ })).toHaveTextContent(/Yes/);
    await userEvent.click(screen.getByRole('button', { name: 'Retry 1 retryable' }));
    expect(onRetry).toHaveBeenCalledWith(['c']);
  });
});
