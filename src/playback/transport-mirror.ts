/**
 * A view's own playhead kept as a mirror of the project's transport, both ways: what the view's
 * store changes (a seek, a scrub, Play, the shuttle) moves the transport, and what the transport
 * does (its playback's frames, someone else's seek, the end of the cut) is written into the view's
 * store. The editors keep their own `playhead` (much of their code reads it) and the transport
 * stays the one playhead of the project.
 *
 * A change is compared with what the view showed last, never with the transport: a view that
 * knows less than the transport (the caption styler knows "playing", not the speed) does not
 * fight it. The view's `write` is never called back into the transport (no echo).
 */
import type { SeekOrigin, Transport, TransportState } from './transport.ts';

export interface MirroredPlayback {
  playhead: number;
  /** 0 paused; as the transport's rate. */
  rate: number;
}

export interface MirrorView {
  /** The origin of the view's seeks. */
  readonly origin: SeekOrigin;
  read(): MirroredPlayback;
  /** Shows the transport's state in the view (skips what the view shows already). */
  write(state: TransportState): void;
  subscribe(listener: () => void): () => void;
  /** The view holds the playhead (a scrub): playback goes on from wherever it leaves it. */
  holding?(): boolean;
}

/** Mirrors `view` and `transport` from now on (the view first shows the transport's moment). */
export function mirrorTransport(transport: Transport, view: MirrorView): () => void {
  let writing = false;
  let pushing = false;
  let writeLater = false;
  let last = view.read();

  const writeBack = () => {
    writing = true;
    try {
      view.write(transport.get());
    } finally {
      writing = false;
    }
    last = view.read();
  };

  const onView = () => {
    if (writing) return;
    const now = view.read();
    if (now.playhead === last.playhead && now.rate === last.rate) return;
    const moved = now.playhead !== last.playhead;
    const rated = now.rate !== last.rate;
    last = now;
    pushing = true;
    try {
      // Paused then moved (a frame step, End): the seek lands where the view says, not where the
      // clock had run on to. Moved then played (Play from the end): playback starts there.
      if (rated && now.rate === 0) transport.pause();
      if (moved) transport.seek(now.playhead, view.origin);
      if (rated && now.rate !== 0) transport.setRate(now.rate);
    } finally {
      pushing = false;
    }
    // The transport may have decided otherwise (clamped to the cut, restarted from the start):
    // shown after the view's own update has reached all its listeners.
    if (writeLater) {
      writeLater = false;
      queueMicrotask(writeBack);
    }
  };

  const onTransport = (state: TransportState) => {
    if (pushing) {
      writeLater = true;
      return;
    }
    if (state.rate !== 0 && view.holding?.()) {
      const held = view.read().playhead;
      if (state.playhead !== held) transport.seek(held, view.origin);
      return;
    }
    writeBack();
  };

  writeBack();
  const stopView = view.subscribe(onView);
  const stopTransport = transport.store.subscribe(onTransport);
  return () => {
    stopView();
    stopTransport();
  };
}
