/**
 * Input sent over CDP at a fixed rate, as a pointing device reports it (pointer paths, wheel
 * deltas, keys), and the paths and deltas of the timeline's gestures: shared by the benches that
 * drive the timeline canvas (bench:timeline, bench:words) so that each gets the same input.
 */
import type { CDPSession } from 'playwright-core';
import type { GestureFigures } from './gesture-window.ts';

/** What input is sent to: a page's CDP session. */
export interface InputTarget {
  cdp: CDPSession;
}

/**
 * Input events a second (BENCH_INPUT_HZ), as a pointing device reports them: USB mice report at
 * 125-1,000 Hz, trackpads at 90-120+. At 60 Hz, events sent from a timer beat against the
 * display's 60 Hz: 2-6 of every ~120 frames got no event and had nothing new to show (the
 * trivial page redraws every frame whatever comes), which capped an editor that draws on input
 * at 56-58 frames a second before it did any work (input census, 2026-11-25).
 */
export const INPUT_HZ = Math.max(30, Number(process.env.BENCH_INPUT_HZ ?? 120));
/** Events a gesture (BENCH_POINTER_EVENTS): two seconds of input by default. */
export const POINTER_EVENTS = Math.max(
  30,
  Number(process.env.BENCH_POINTER_EVENTS ?? INPUT_HZ * 2),
);
/** Wheel deltas are per event: scaled so that a gesture scrolls and zooms as far at any rate. */
const PER_EVENT = 60 / INPUT_HZ;
/** The scroll: right at 3,600 px a second for three quarters of it, then back left. */
export const SCROLL_DELTAS = Array.from({ length: POINTER_EVENTS }, (_, i) => ({
  deltaX: (i < POINTER_EVENTS * 0.75 ? 60 : -60) * PER_EVENT,
  deltaY: 0,
}));
/** The Ctrl+wheel zoom sweep: out for half of it, then back in. */
export const ZOOM_DELTAS = Array.from({ length: POINTER_EVENTS }, (_, i) => ({
  deltaX: 0,
  deltaY: (i < POINTER_EVENTS / 2 ? 40 : -40) * PER_EVENT,
}));
/** Display frames a gesture's input lasts. */
export const GESTURE_FRAMES = (POINTER_EVENTS / INPUT_HZ) * 60;
/** CDP's modifier bit for Alt. */
export const ALT = 1;
/** The one-item drag's path: straight legs through these offsets from the press (px). */
export const DRAG_LEGS_PX = [0, 160, -20, 120, 40];

/** Sends the events at INPUT_HZ without waiting for each acknowledgement (order is kept). */
async function paced(
  cdp: CDPSession,
  events: ReadonlyArray<Record<string, unknown>>,
  method: 'Input.dispatchMouseEvent' = 'Input.dispatchMouseEvent',
): Promise<void> {
  const started = Date.now();
  const sent: Array<Promise<unknown>> = [];
  for (const [i, event] of events.entries()) {
    const wait = started + (i * 1000) / INPUT_HZ - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sent.push(cdp.send(method, event as never));
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.all(sent),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new GestureTimeout()), GESTURE_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An editor still busy with a gesture's input after BENCH_GESTURE_TIMEOUT_S (default 60 s): the
 * gesture counts as not done and the editor's remaining gestures are not measured.
 */
export const GESTURE_TIMEOUT_MS = Number(process.env.BENCH_GESTURE_TIMEOUT_S ?? 60) * 1000;

export class GestureTimeout extends Error {
  figures: GestureFigures | null = null;
  constructor() {
    super(`still handling its input after ${GESTURE_TIMEOUT_MS / 1000} s`);
  }
}

/** Press at `from`, move along `path(t)` for t in (0, 1] in POINTER_EVENTS events, release. */
export async function pointerGesture(
  target: InputTarget,
  from: { x: number; y: number },
  path: (t: number) => { x: number; y: number },
  options: { beforeRelease?: () => Promise<void>; modifiers?: number } = {},
): Promise<void> {
  const modifiers = options.modifiers ?? 0;
  await target.cdp.send('Input.dispatchMouseEvent', {
    type: 'mouseMoved',
    x: from.x,
    y: from.y,
    modifiers,
  });
  await target.cdp.send('Input.dispatchMouseEvent', {
    type: 'mousePressed',
    x: from.x,
    y: from.y,
    button: 'left',
    buttons: 1,
    clickCount: 1,
    modifiers,
  });
  await paced(
    target.cdp,
    Array.from({ length: POINTER_EVENTS }, (_, i) => {
      const point = path((i + 1) / POINTER_EVENTS);
      return {
        type: 'mouseMoved',
        x: point.x,
        y: point.y,
        button: 'left',
        buttons: 1,
        modifiers,
      };
    }),
  );
  await options.beforeRelease?.();
  const end = path(1);
  await target.cdp.send('Input.dispatchMouseEvent', {
    type: 'mouseReleased',
    x: end.x,
    y: end.y,
    button: 'left',
    buttons: 0,
    clickCount: 1,
    modifiers,
  });
}

export async function wheel(
  target: InputTarget,
  at: { x: number; y: number },
  deltas: ReadonlyArray<{ deltaX: number; deltaY: number }>,
  ctrl = false,
): Promise<void> {
  await target.cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: at.x, y: at.y });
  await paced(
    target.cdp,
    deltas.map((delta) => ({
      type: 'mouseWheel',
      x: at.x,
      y: at.y,
      ...delta,
      modifiers: ctrl ? 2 : 0,
    })),
  );
}

export async function press(
  target: InputTarget,
  key: string,
  code: string,
  modifiers = 0,
): Promise<void> {
  const text = modifiers === 0 && key.length === 1 ? key : undefined;
  await target.cdp.send('Input.dispatchKeyEvent', {
    type: 'keyDown',
    key,
    code,
    modifiers,
    ...(text ? { text } : {}),
    windowsVirtualKeyCode: key.length === 1 ? key.toUpperCase().charCodeAt(0) : 27,
  });
  await target.cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code, modifiers });
}

/** The value at `t` (0-1) of straight legs through `points`, evenly spaced in time. */
export function alongWaypoints(points: number[], t: number): number {
  const legs = points.length - 1;
  const at = Math.min(Math.max(t, 0), 1) * legs;
  const leg = Math.min(Math.floor(at), legs - 1);
  const from = points[leg] as number;
  const to = points[leg + 1] as number;
  return from + (to - from) * (at - leg);
}
