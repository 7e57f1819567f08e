/**
 * Pointer input on the canvas: a press hit-tests and begins an editor gesture (one undo mark), each
 * move steps it (model/pointer-gesture.ts), a release commits it, refuses it or ends it. A drop's
 * commit waits for the release's frame to be shown (see deferCommit); keys go to the editor.
 */
import type { KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { hitTest } from '../../model/hit-testing.ts';
import {
  pointerDown,
  pointerMove,
  pointerUp,
  prepareMove,
  type GestureContext,
  type Modifiers,
  type Pending,
} from '../../model/pointer-gesture.ts';
import { opsChange } from '../../model/timeline-change.ts';
import { viewportOf } from '../../state/timeline-state.ts';
import type { CanvasScene } from './canvas-scene.ts';
import { EdgeAutoScroll, type PointerState } from './edge-auto-scroll.ts';
import type { MoveGhosts } from './move-ghosts.ts';

const GESTURE_LABEL = { move: 'Move', trim: 'Trim', marquee: 'Selection box' } as const;

type Origin = { left: number; top: number };

const modifiersOf = (event: {
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): Modifiers => ({
  shift: event.shiftKey,
  toggle: event.ctrlKey || event.metaKey,
  free: event.altKey,
});

/** What a press asks of the rest of the canvas. */
export interface PressTargets {
  ghosts: MoveGhosts;
  /** The tiles a move of `ids` will show, drawn ahead (TileBand.prepareFaded). */
  prepareFaded(ids: readonly string[]): void;
  /** The ghosts and what was drawn ahead for them go (the coordinator's hideMoveGhosts). */
  hideMoveGhosts(): void;
}

export class PointerInput implements PointerState {
  private readonly scene: CanvasScene;
  private readonly targets: PressTargets;
  private readonly autoScroll: EdgeAutoScroll;
  private current: Pending | null = null;
  private refused = false;
  private last: { x: number; y: number; mods: Modifiers } | null = null;
  private gestureOrigin: Origin | null = null;
  private pendingCommit: (() => void) | null = null;

  constructor(scene: CanvasScene, targets: PressTargets) {
    this.scene = scene;
    this.targets = targets;
    this.autoScroll = new EdgeAutoScroll(scene, this);
  }

  /** The gesture the pointer is in (null: none). */
  get pending(): Pending | null {
    return this.current;
  }

  /** Whether the move or trim under way is refused where it is (blocked). */
  get blocked(): boolean {
    return this.refused;
  }

  get lastPointer(): { x: number; y: number; mods: Modifiers } | null {
    return this.last;
  }

  gestureContext(): GestureContext | null {
    const { index, fps, store } = this.scene;
    if (!index) return null;
    const state = store.getState();
    return {
      index,
      fps,
      selection: state.selection,
      playhead: state.playhead,
      view: viewportOf(state),
    };
  }

  private localPoint(event: { clientX: number; clientY: number }): { x: number; y: number } {
    // During a gesture the canvas does not move on the page: its origin is read once, at the press
    // (reading it on every move would force a layout whenever the drag changed the DOM).
    const origin = this.gestureOrigin ?? this.clientOrigin();
    return { x: event.clientX - origin.left, y: event.clientY - origin.top };
  }

  /** The canvas's page origin: as read at the press during a gesture, read now otherwise. */
  origin(): Origin {
    return this.gestureOrigin ?? this.clientOrigin();
  }

  private clientOrigin(): Origin {
    const el = this.scene.elements!.scroll;
    const rect = el.getBoundingClientRect();
    return { left: rect.left + el.clientLeft, top: rect.top + el.clientTop };
  }

  /**
   * A drop's commit (the optimistic update of every moved item and the redraw) runs after the
   * release's frame is shown, so that releasing and committing are not one long frame. Anything
   * the user does next (a press, a key, leaving) commits it first: nothing is lost or reordered.
   */
  private deferCommit(run: () => void): void {
    this.flushCommit();
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      if (this.pendingCommit === once) this.pendingCommit = null;
      window.removeEventListener('pointerdown', once, true);
      window.removeEventListener('keydown', once, true);
      run();
    };
    this.pendingCommit = once;
    // Any press or key anywhere (the toolbar's Undo too) comes after the commit.
    window.addEventListener('pointerdown', once, true);
    window.addEventListener('keydown', once, true);
    requestAnimationFrame(() => setTimeout(once, 0));
    setTimeout(once, 100); // a hidden tab has no animation frames
  }

  /** A drop's commit still waiting (deferCommit) runs now. */
  flushCommit(): void {
    this.pendingCommit?.();
  }

  step(x: number, y: number, mods: Modifiers): void {
    const context = this.gestureContext();
    if (!this.current || !context) return;
    const result = pointerMove(context, this.current, x, y, mods);
    const state = this.scene.store.getState();
    this.refused = result.blocked ?? false;
    this.scene.editor.setState({
      ...(result.selection ? { selection: result.selection } : {}),
      ...(result.playhead !== undefined ? { playhead: Math.max(0, result.playhead) } : {}),
      ...(result.drag !== null || state.drag !== null ? { drag: result.drag } : {}),
    });
  }

  /**
   * A press on a selected item may start a move: its ghosts are laid out right after the press,
   * hidden, in a task of their own, so the first frame of the drag only shows and moves them (with
   * a large selection, laying them out and drawing the items faded in one frame is a long frame).
   */
  private prepareMove(ids: readonly string[]): void {
    setTimeout(() => {
      const pending = this.current;
      const { elements, index } = this.scene;
      if (!elements?.ghosts || !index || pending?.kind !== 'move' || pending.started) return;
      if (pending.ids !== ids || this.targets.ghosts.laidOutFor(ids)) return;
      const context = this.gestureContext();
      if (context) prepareMove(context, pending);
      this.targets.ghosts.prepare(pending.ids, this.refused);
      this.targets.prepareFaded(pending.ids);
    }, 0);
  }

  /** Forgets the pointer gesture (after the editor's gesture ended or was rolled back). */
  release(): void {
    // Ghosts laid out for a press that did not become a drag.
    if (this.targets.ghosts.laidOut && this.scene.store.getState().drag?.kind !== 'move')
      this.targets.hideMoveGhosts();
    this.current = null;
    this.gestureOrigin = null;
    this.autoScroll.stop();
    this.refused = false;
    if (this.scene.elements) this.scene.elements.scroll.style.cursor = '';
  }

  /** The canvas left the page: nothing waits for a frame. */
  detach(): void {
    this.autoScroll.stop();
  }

  /** Pointer cancelled or capture lost: the gesture rolls back to its mark. */
  readonly cancelDrag = (): void => {
    if (!this.current) return;
    this.release();
    if (this.scene.editor.getState().gesture) this.scene.editor.cancelGesture();
  };

  readonly onPointerDown = (event: ReactPointerEvent<HTMLDivElement>): void => {
    const { editor } = this.scene;
    const el = this.scene.elements?.scroll;
    const context = this.gestureContext();
    if (!el || !context || event.button !== 0) return;
    this.flushCommit();
    // A trim still checked by its dry run shows its ghost until its change shows: a new press
    // (a scrub too, which begins no gesture) ends that first.
    editor.endGestureFeedback();
    const { x, y } = this.localPoint(event);
    if (x < 0 || y < 0 || x > el.clientWidth || y > el.clientHeight) return; // a scrollbar
    el.focus({ preventScroll: true });
    const mods = modifiersOf(event);
    const result = pointerDown(
      context,
      hitTest(context.index, context.view, x, y),
      x,
      y,
      mods,
      !editor.isBusy(),
    );
    const pressed = {
      ...(result.selection ? { selection: result.selection } : {}),
      ...(result.playhead !== undefined ? { playhead: Math.max(0, result.playhead) } : {}),
    };
    // One mark per gesture: Escape restores the selection and drag as they are after the press.
    // The press's selection and the gesture are one store update, so views that hold during a
    // gesture (the toolbar, inspector and status) never see the selection without the gesture.
    if (result.pending && result.pending.kind !== 'scrub')
      editor.beginGesture(GESTURE_LABEL[result.pending.kind], pressed);
    else editor.setState(pressed);
    this.current = result.pending;
    this.last = { x, y, mods };
    if (result.pending) {
      this.gestureOrigin = this.clientOrigin();
      if (result.pending.kind === 'move') this.prepareMove(result.pending.ids);
      el.setPointerCapture(event.pointerId);
      event.preventDefault();
    }
  };

  readonly onPointerMove = (event: ReactPointerEvent<HTMLDivElement>): void => {
    const el = this.scene.elements?.scroll;
    if (!el) return;
    const { x, y } = this.localPoint(event);
    const mods = modifiersOf(event);
    this.last = { x, y, mods };
    const current = this.current;
    if (!current) {
      const context = this.gestureContext();
      if (!context) return;
      const hit = hitTest(context.index, context.view, x, y);
      const canEdit = !this.scene.editor.isBusy();
      el.style.cursor =
        hit.kind === 'item'
          ? hit.zone !== 'body' && canEdit
            ? 'ew-resize'
            : canEdit
              ? 'grab'
              : 'pointer'
          : hit.kind === 'ruler'
            ? 'pointer'
            : '';
      return;
    }
    this.step(x, y, mods);
    if (current.started && current.kind === 'move') el.style.cursor = 'grabbing';
    if (current.started && current.kind !== 'scrub') this.autoScroll.start();
  };

  readonly onPointerUp = (event: ReactPointerEvent<HTMLDivElement>): void => {
    const current = this.current;
    const context = this.gestureContext();
    if (!current || !context) return;
    const { editor, store } = this.scene;
    const el = this.scene.elements?.scroll;
    if (el?.hasPointerCapture(event.pointerId)) el.releasePointerCapture(event.pointerId);
    const result = pointerUp(context, current, store.getState().drag);
    this.release();
    if (current.kind === 'scrub') {
      editor.setState({ drag: null });
      return;
    }
    switch (result.type) {
      case 'commit': {
        const gesture = editor.getState().gesture;
        this.deferCommit(() => {
          if (editor.getState().gesture !== gesture) return; // rolled back meanwhile
          void editor.commitGesture(opsChange(result.ops), result.label, { drag: null });
        });
        break;
      }
      case 'select':
        editor.endGesture({ drag: null, selection: result.selection });
        break;
      case 'refused':
        editor.endGesture({ drag: null });
        editor.setState({
          notice: { tone: 'info', title: 'Not moved', detail: result.reason },
          announcement: result.reason,
        });
        break;
      case 'none':
        editor.endGesture({
          drag: null,
          ...(result.selection ? { selection: result.selection } : {}),
        });
        break;
    }
  };

  readonly onLostPointerCapture = (): void => {
    if (this.current?.started) this.cancelDrag();
  };

  readonly onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>): void => {
    this.flushCommit();
    if (this.scene.editor.handleKey(event)) {
      event.preventDefault();
      event.stopPropagation();
    }
  };
}
