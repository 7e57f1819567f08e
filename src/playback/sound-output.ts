/**
 * Where the preview's sound goes: the tab's one AudioContext and the master gain in front of the
 * speakers (the device's volume and mute). The context is made on first need (Play, a scrub, the
 * enable click) or, earlier, once the page is idle after the person's first press or key: opening
 * the output can take a long frame, and a context made before the page may make sound draws a
 * browser warning. An idle context still runs its audio thread, so it is suspended after a rest.
 */
import type { StoreApi } from 'zustand/vanilla';
import { whenIdle } from '@/lib/when-idle.ts';
import { gainOf, type SoundSettings } from './sound-settings.ts';

/** A paused context is suspended after this long at rest (Play resumes it). */
export const REST_AFTER_MS = 5000;
/** The master gain's time constant: a volume change glides instead of clicking. */
const GAIN_GLIDE_SECONDS = 0.015;

let sharedContext: AudioContext | null | undefined;

/** The tab's one AudioContext (made on first use), or null without Web Audio. */
export function audioContext(): AudioContext | null {
  if (sharedContext !== undefined) return sharedContext;
  try {
    sharedContext =
      typeof AudioContext === 'undefined' ? null : new AudioContext({ latencyHint: 'interactive' });
  } catch {
    sharedContext = null;
  }
  return sharedContext;
}

export class SoundOutput {
  context: AudioContext | null = null;
  master: GainNode | null = null;
  private cancelPrepare: (() => void) | null = null;
  private restTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly settings: StoreApi<SoundSettings>,
    private readonly makeContext: () => AudioContext | null,
    /** Called on each of the context's state changes (running, suspended, closed). */
    private readonly onState: () => void,
  ) {}

  /** The context, made now if need be (null without Web Audio). */
  ensure(): AudioContext | null {
    if (this.context) return this.context;
    const context = this.makeContext();
    if (!context) return null;
    this.context = context;
    this.master = context.createGain();
    this.master.connect(context.destination);
    this.master.gain.value = gainOf(this.settings.getState());
    context.addEventListener('statechange', this.onState);
    return context;
  }

  /** The master gain follows the device's volume and mute until the returned stop. */
  followSettings(): () => void {
    return this.settings.subscribe((next) => {
      if (!this.master || !this.context) return;
      this.master.gain.setTargetAtTime(gainOf(next), this.context.currentTime, GAIN_GLIDE_SECONDS);
    });
  }

  /** Asks the browser to let the context run (within a gesture it does). */
  resume(): void {
    void this.context?.resume().catch(() => undefined);
  }

  /**
   * Makes the context before Play needs it: once the page is idle if the person has used it
   * already, else after their first press or key. `made` runs when it was made (still `wanted`).
   */
  prepareEarly(wanted: () => boolean, made: (context: AudioContext) => void): void {
    if (this.context || typeof window === 'undefined') return;
    const make = () => {
      this.cancelPreparing();
      this.cancelPrepare = whenIdle(() => {
        this.cancelPrepare = null;
        if (!wanted() || this.context) return;
        const context = this.ensure();
        if (context) made(context);
      }, 2000);
    };
    if (navigator.userActivation?.hasBeenActive) {
      make();
      return;
    }
    const onFirst = (event: Event) => {
      if (!event.isTrusted) return;
      window.removeEventListener('pointerdown', onFirst, true);
      window.removeEventListener('keydown', onFirst, true);
      make();
    };
    window.addEventListener('pointerdown', onFirst, true);
    window.addEventListener('keydown', onFirst, true);
    this.cancelPrepare = () => {
      window.removeEventListener('pointerdown', onFirst, true);
      window.removeEventListener('keydown', onFirst, true);
    };
  }

  cancelPreparing(): void {
    this.cancelPrepare?.();
    this.cancelPrepare = null;
  }

  /** Suspends the running context after `delay`, if it may rest then (nothing to be heard). */
  restWhenIdle(mayRest: () => boolean, delay = REST_AFTER_MS): void {
    if (this.restTimer) clearTimeout(this.restTimer);
    this.restTimer = setTimeout(() => {
      this.restTimer = null;
      const context = this.context;
      if (context?.state === 'running' && mayRest()) void context.suspend().catch(() => undefined);
    }, delay);
  }
}
