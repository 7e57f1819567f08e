/**
 * The playhead: a DOM line placed in the scroll content (content x, at the view's top), so a
 * horizontal scroll moves it natively and writes nothing.
 */
import type { TimelineEditorState } from '../../state/timeline-state.ts';
import type { CanvasScene } from './canvas-scene.ts';

export class Playhead {
  private readonly scene: CanvasScene;
  /** The line's transform as last written (written only when it changes). */
  private transform = '';

  constructor(scene: CanvasScene) {
    this.scene = scene;
  }

  place(state: TimelineEditorState): void {
    const line = this.scene.elements?.playhead;
    if (!line) return;
    const transform = `translate(${Math.round(state.playhead * state.pxPerSecond)}px, ${Math.round(state.scrollY)}px)`;
    if (transform !== this.transform) {
      this.transform = transform;
      line.style.transform = transform;
    }
  }

  /** The canvas left the page: the next line is written whatever it was. */
  reset(): void {
    this.transform = '';
  }
}
