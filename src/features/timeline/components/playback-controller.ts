/**
 * The timeline editor's bridge to the project's transport (src/playback/): the editor's
 * `playhead` and `playbackRate` mirror it both ways. A seek, a scrub, a frame step, Home/End,
 * J/K/L and Space change the editor's state and so move the transport; the transport's playback
 * (on its clock: the sound's while sound plays) moves the editor's playhead every frame, and the
 * view turns a page when the playhead leaves it. The transport stops at the end of the cut; the
 * cut's length is the document's. During a scrub the pointer has the playhead.
 */
import { mirrorTransport } from '@/playback/transport-mirror.ts';
import type { Transport, TransportState } from '@/playback/transport.ts';
import { followScroll } from '../model/playback-clock.ts';
import type { TimelineEditor } from '../state/create-timeline-editor.ts';

/** Seeks the timeline made itself: the view stays where the person put it. */
const OWN_ORIGINS = new Set<TransportState['seekOrigin']>(['timeline']);

export class PlaybackController {
  constructor(
    private readonly editor: TimelineEditor,
    private readonly transport: Transport,
  ) {}

  /** Mirrors until the returned stop, which pauses playback (leaving the page stops it). */
  start(): () => void {
    const { editor, transport } = this;
    const stop = mirrorTransport(transport, {
      origin: 'timeline',
      read: () => {
        const state = editor.getState();
        return { playhead: state.playhead, rate: state.playbackRate };
      },
      write: (next) => {
        const state = editor.getState();
        if (state.playhead === next.playhead && state.playbackRate === next.rate) return;
        // Playing, or moved from elsewhere (the Words view, the caption styler): the playhead is
        // kept in view.
        const follow = next.rate !== 0 || !OWN_ORIGINS.has(next.seekOrigin);
        const scrollX = follow
          ? followScroll(
              next.playhead * state.pxPerSecond,
              { scrollX: state.scrollX, width: state.viewportWidth },
              next.rate < 0 ? -1 : 1,
            )
          : null;
        editor.setState({
          playhead: next.playhead,
          playbackRate: next.rate,
          ...(scrollX !== null ? { scrollX } : {}),
        });
      },
      subscribe: (listener) => editor.store.subscribe(listener),
      holding: () => editor.getState().drag?.kind === 'scrub',
    });
    return () => {
      stop();
      transport.pause();
    };
  }
}
