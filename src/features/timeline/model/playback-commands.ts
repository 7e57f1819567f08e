/**
 * Playback, as commands: play and pause (Space, K), the J/L shuttle, to the start and the end
 * (Home, End). They only change the editor's state (the speed, the playhead): the playback
 * controller runs the clock. A frame step (← →) is the nudge command's with nothing selected.
 */
import type { TimelineCommand } from './command-context.ts';
import { describeRate, shuttle, togglePlay } from './playback-clock.ts';
import { snapToFrame } from './time-scale.ts';

export const playPause: TimelineCommand<{ pause: boolean }> = {
  name: 'playPause',
  label: 'Play / pause',
  description: 'Play or pause (K pauses)',
  shortcut: 'Space / K',
  keys: [
    { keys: ' ', args: { pause: false } },
    { keys: 'k', args: { pause: true } },
  ],
  canRun: (ctx) => ctx.index.durationSeconds > 0,
  perform: (ctx, { pause }) => {
    const rate = pause ? 0 : togglePlay(ctx.playbackRate);
    // Played from the end: from the start again.
    const restart = rate !== 0 && ctx.playhead >= ctx.index.durationSeconds - 1e-3;
    // Paused on the frame shown (what is added or split at the playhead starts there).
    const playhead = restart ? 0 : rate === 0 ? snapToFrame(ctx.playhead, ctx.fps) : null;
    return {
      type: 'state',
      patch: { playbackRate: rate, ...(playhead !== null ? { playhead } : {}) },
      announce: describeRate(rate),
    };
  },
};

export const shuttleForward: TimelineCommand = {
  name: 'shuttleForward',
  label: 'Play forward',
  description: 'Play forward; press again to double the speed (up to 4×)',
  keys: [{ keys: 'l', args: undefined }],
  canRun: (ctx) => ctx.index.durationSeconds > 0,
  perform: (ctx) => {
    const rate = shuttle(ctx.playbackRate, 1);
    return { type: 'state', patch: { playbackRate: rate }, announce: describeRate(rate) };
  },
};

export const shuttleBackward: TimelineCommand = {
  name: 'shuttleBackward',
  label: 'Play backward',
  description: 'Play backward; press again to double the speed (up to 4×)',
  keys: [{ keys: 'j', args: undefined }],
  canRun: (ctx) => ctx.index.durationSeconds > 0,
  perform: (ctx) => {
    const rate = shuttle(ctx.playbackRate, -1);
    return { type: 'state', patch: { playbackRate: rate }, announce: describeRate(rate) };
  },
};

export const goToStart: TimelineCommand = {
  name: 'goToStart',
  label: 'Go to start',
  keys: [{ keys: 'Home', args: undefined }],
  canRun: () => true,
  perform: () => ({ type: 'state', patch: { playhead: 0 }, announce: 'At the start.' }),
};

export const goToEnd: TimelineCommand = {
  name: 'goToEnd',
  label: 'Go to end',
  keys: [{ keys: 'End', args: undefined }],
  canRun: () => true,
  perform: (ctx) => ({
    type: 'state',
    patch: { playhead: ctx.index.durationSeconds, playbackRate: 0 },
    announce: 'At the end.',
  }),
};
