/**
 * Runs playback: while the editor's speed is not 0, once per animation frame, the playhead moves
 * by the clock (playback-clock.ts) and the timeline's view turns a page when the playhead leaves
 * it; at an end of the cut it stops. A seek while playing (a scrub, Home, a frame step) moves the
 * clock's anchor; during a scrub the pointer has the playhead.
 */
import { followScroll, startClock, timeAt, type PlaybackClock } from '../model/playback-clock.ts';
import type { TimelineEditor } from '../state/create-timeline-editor.ts';
import type { TimelineEditorState } from '../state/timeline-state.ts';

export class PlaybackController {
  private clock: PlaybackClock | null = null;
  private frame: number | null = null;
  /** The playhead this controller wrote last (any other value is a seek). */
  private written: number | null = null;

  constructor(
    private readonly editor: TimelineEditor,
    private readonly duration: () => number,
  ) {}

  start(): () => void {
    const unsubscribe = this.editor.store.subscribe((state, previous) => {
      if (state.playbackRate !== previous.playbackRate) this.onRate(state);
      else if (
        state.playbackRate !== 0 &&
        state.playhead !== previous.playhead &&
        state.playhead !== this.written
      )
        this.anchor(state);
    });
    if (this.editor.getState().playbackRate !== 0) this.onRate(this.editor.getState());
    return () => {
      unsubscribe();
      this.stop();
    };
  }

  private onRate(state: TimelineEditorState): void {
    if (state.playbackRate === 0) {
      this.stop();
      return;
    }
    this.anchor(state);
    if (this.frame === null) this.frame = requestAnimationFrame(this.tick);
  }

  private anchor(state: TimelineEditorState): void {
    this.clock = startClock(state.playhead, state.playbackRate, performance.now());
  }

  private stop(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    this.clock = null;
    this.written = null;
  }

  private readonly tick = (now: number): void => {
    this.frame = null;
    const clock = this.clock;
    if (!clock) return;
    const state = this.editor.getState();
    if (state.drag?.kind === 'scrub') {
      // The pointer has the playhead: playback goes on from wherever it leaves it.
      this.anchor(state);
      this.frame = requestAnimationFrame(this.tick);
      return;
    }
    const { time, ended } = timeAt(clock, now, this.duration());
    const scrollX = followScroll(
      time * state.pxPerSecond,
      { scrollX: state.scrollX, width: state.viewportWidth },
      clock.rate < 0 ? -1 : 1,
    );
    this.written = time;
    this.editor.setState({
      playhead: time,
      ...(scrollX !== null ? { scrollX } : {}),
      ...(ended ? { playbackRate: 0 } : {}),
    });
    if (!ended && this.clock) this.frame = requestAnimationFrame(this.tick);
  };
}
