/**
 * The studio's keyboard: F6 / Shift+F6 go round the parts (the timeline, the frame, the panels),
 * back to what was focused in each; F shows the frame alone (never from a field), Escape returns;
 * a side panel collapses to a strip and comes back; a route's panel joins the page's.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FullFrameToggle, StudioLayout, type StudioPanel } from './studio-layout.tsx';

function Studio({ panels = [] }: { panels?: StudioPanel[] }) {
  return (
    <StudioLayout
      id="test"
      toolbar={<h1>Timeline</h1>}
      frame={
        <div>
          <div
            role="application"
            aria-label="Frame at the playhead"
            tabIndex={0}
            data-studio-focus
          />
          <button type="button">Play</button>
          <FullFrameToggle />
        </div>
      }
      bottom={{
        title: 'Timeline',
        defaultHeight: 200,
        content: <div role="application" aria-label="Timeline canvas" tabIndex={0} />,
      }}
      panels={[
        {
          id: 'inspector',
          title: 'Inspector',
          content: (
            <label>
              Duration (s)
              <input />
            </label>
          ),
        },
        ...panels,
      ]}
    />
  );
}

const frameArea = () => document.querySelector<HTMLElement>('[data-studio-frame]')!;
const nextFrame = () => act(() => new Promise((done) => requestAnimationFrame(() => done(null))));

describe('StudioLayout', () => {
  it('moves the focus from the timeline to the frame to the inspector with F6, and back', async () => {
    const user = userEvent.setup();
    render(<Studio />);
    screen.getByRole('application', { name: 'Timeline canvas' }).focus();
    await user.keyboard('{F6}');
    expect(screen.getByRole('application', { name: 'Frame at the playhead' })).toHaveFocus();
    await user.keyboard('{F6}');
    expect(screen.getByRole('group', { name: 'Inspector' })).toContainElement(
      document.activeElement as HTMLElement,
    );
    // From a field too (F6 types nothing), and back to where the focus was in each part. (No
    // clicks here: jsdom lays nothing out, so every press lands on the separators' hit areas.)
    act(() => screen.getByLabelText('Duration (s)').focus());
    await user.keyboard('{F6}');
    expect(screen.getByRole('application', { name: 'Timeline canvas' })).toHaveFocus();
    await user.keyboard('{Shift>}{F6}{/Shift}');
    expect(screen.getByLabelText('Duration (s)')).toHaveFocus();
    await user.keyboard('{Shift>}{F6}{/Shift}');
    expect(screen.getByRole('application', { name: 'Frame at the playhead' })).toHaveFocus();
  });

  it('shows the frame alone with F or its button, and Escape returns', async () => {
    const user = userEvent.setup();
    render(<Studio />);
    screen.getByRole('application', { name: 'Timeline canvas' }).focus();
    await user.keyboard('f');
    expect(frameArea()).toHaveAttribute('data-full-frame');
    expect(screen.getByRole('button', { name: 'Exit full frame' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await nextFrame();
    // The rest of the studio is out of reach while the frame is alone.
    expect(document.querySelector('[data-studio-stop="bottom"]')).toHaveAttribute('inert');
    expect(frameArea()).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(frameArea()).not.toHaveAttribute('data-full-frame');

    act(() => screen.getByRole('button', { name: 'Full frame' }).click());
    expect(frameArea()).toHaveAttribute('data-full-frame');
    act(() => screen.getByRole('button', { name: 'Exit full frame' }).click());
    expect(frameArea()).not.toHaveAttribute('data-full-frame');
  });

  it('never takes F from a field', async () => {
    const user = userEvent.setup();
    render(<Studio />);
    act(() => screen.getByLabelText('Duration (s)').focus());
    await user.keyboard('f');
    expect(screen.getByLabelText('Duration (s)')).toHaveValue('f');
    expect(frameArea()).not.toHaveAttribute('data-full-frame');
  });

  it('shows a panel the route hands it beside the page’s own, each with its hide button', () => {
    render(
      <Studio panels={[{ id: 'words', title: 'Words', content: <p>The words of the cut</p> }]} />,
    );
    expect(screen.getByRole('group', { name: 'Words' })).toHaveTextContent('The words of the cut');
    expect(screen.getByRole('button', { name: 'Hide Words' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide Inspector' })).toBeInTheDocument();
    // Each split has a separator a keyboard can reach.
    expect(screen.getAllByRole('separator').map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'Resize Inspector',
      'Resize Words',
      'Resize the frame and the timeline',
    ]);
  });
});
