import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'zustand/vanilla';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Timeline, TimelineItem } from '@/api/schema.gen.ts';
import type { SoundEngine, SoundStatus } from '@/playback/sound-engine.ts';
import { soundSettings } from '@/playback/sound-settings.ts';
import { transportFor } from '@/playback/transport.ts';
import { SoundControls } from './sound-controls.tsx';

const PROJECT = 'sound-controls-test';

function fakeEngine() {
  const status = createStore<SoundStatus>()(() => ({
    state: 'off',
    catchingUp: false,
    clip: null,
    error: null,
  }));
  const engine = {
    status,
    transport: { projectId: PROJECT },
    enable: vi.fn(),
    clearClip: vi.fn(() => status.setState({ clip: null })),
    onMeter: () => () => undefined,
  };
  return { engine: engine as unknown as SoundEngine, status, calls: engine };
}

const item = (id: string, name: string, type: TimelineItem['type']): TimelineItem =>
  ({ id, name, type, start_seconds: 0, end_seconds: 10 }) as TimelineItem;

const timeline = {
  revision: 3,
  fps: 30,
  duration_seconds: 10,
  layers: [
    { index: 0, items: [item('talk', 'Interview A', 'video')] },
    { index: 1, items: [item('bed', 'Music bed', 'audio')] },
  ],
} as unknown as Timeline;

const clip = (layers: number[] | null = null) => ({
  timeline,
  layers,
  formatTime: (seconds: number) => `${seconds.toFixed(1)} s`,
});

afterEach(() => {
  soundSettings().setState({ volume: 0.8, muted: false });
  transportFor(PROJECT).store.setState({ rate: 0 });
});

describe('the preview’s sound controls', () => {
  it('mute and volume change the device’s setting; moving the volume unmutes', async () => {
    const user = userEvent.setup();
    const { engine } = fakeEngine();
    render(<SoundControls engine={engine} clip={clip()} />);
    const mute = screen.getByRole('button', { name: 'Mute sound' });
    expect(mute).toHaveAttribute('aria-pressed', 'false');
    await user.click(mute);
    expect(soundSettings().getState().muted).toBe(true);
    expect(mute).toHaveAttribute('aria-pressed', 'true');
    const volume = screen.getByRole('slider', { name: 'Volume' });
    expect(volume).toHaveAttribute('aria-valuetext', '80 %, muted');
    fireEvent.change(volume, { target: { value: '40' } });
    expect(soundSettings().getState()).toEqual({ volume: 0.4, muted: false });
    expect(volume).toHaveAttribute('aria-valuetext', '40 %');
  });

  it('says what the sound does: muted at the shuttle’s speeds, catching up, a click to enable', async () => {
    const user = userEvent.setup();
    const { engine, status, calls } = fakeEngine();
    render(<SoundControls engine={engine} clip={clip()} />);
    const said = screen.getByRole('status', { name: 'Sound status' });
    expect(said).toHaveTextContent('');
    act(() => {
      transportFor(PROJECT).store.setState({ rate: -2 });
      status.setState({ state: 'shuttle' });
    });
    expect(said).toHaveTextContent('Sound muted at 2× backward: it plays at 1× forward.');
    act(() => {
      transportFor(PROJECT).store.setState({ rate: 1 });
      status.setState({ state: 'playing', catchingUp: true });
    });
    expect(said).toHaveTextContent('Sound is catching up: a stretch plays silent.');
    act(() => status.setState({ state: 'needs-gesture', catchingUp: false }));
    await user.click(screen.getByRole('button', { name: 'Click to enable sound' }));
    expect(calls.enable).toHaveBeenCalledTimes(1);
    act(() => status.setState({ state: 'unavailable' }));
    expect(said).toHaveTextContent('This browser cannot play the preview’s sound.');
  });

  it('warns of a clip, naming the items heard there on the layers playing, until dismissed', async () => {
    const user = userEvent.setup();
    const { engine, status } = fakeEngine();
    const { rerender } = render(<SoundControls engine={engine} clip={clip()} />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => status.setState({ clip: { time: 4.25, peakDb: 1.26 } }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The sound clips at 4.3 s (+1.3 dBFS). “Interview A” and “Music bed” are heard there: lower their volume.',
    );
    rerender(<SoundControls engine={engine} clip={clip([1])} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      '“Music bed” is heard there: lower its volume.',
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
