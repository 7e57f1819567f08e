/**
 * The preview's sound, in every editor that shows the frame (the timeline, the Words view, the
 * caption styler): the master volume and mute (remembered on this device), what the sound is
 * doing in words (muted at shuttle speeds, catching up after a gap, waiting for a click before
 * the browser lets it play), the peak meter beside the frame, and the clip warning naming the
 * items heard where the mix went over 0 dBFS.
 */
import { useEffect, useRef } from 'react';
import type { Timeline } from '@/api/schema.gen.ts';
import { Button } from '@/editor-kit/controls/button.tsx';
import { meterFraction, METER_FLOOR_DB } from '@/playback/peak-meter.ts';
import type { SoundEngine } from '@/playback/sound-engine.ts';
import { nameList, soundingItemsAt } from '@/playback/sound-items.ts';
import { useSoundSettings, useSoundStatus } from '@/playback/use-sound.ts';
import { useTransport } from '@/playback/use-transport.ts';

/** What the clip warning names: the timeline heard, its layers playing, its time format. */
export interface ClipContext {
  /** The timeline the sound is the mix of (undefined while it loads). */
  timeline: Timeline | undefined;
  /** The layers playing (the mix's), null for all. */
  layers: readonly number[] | null;
  /** A time as the editor writes times (timecode, m:ss.ss). */
  formatTime: (seconds: number) => string;
}

/** Mute, volume and what the sound is doing, in the preview's controls. */
export function SoundControls({ engine, clip }: { engine: SoundEngine; clip: ClipContext }) {
  const [settings, setSettings] = useSoundSettings();
  const state = useSoundStatus(engine, (status) => status.state);
  const catchingUp = useSoundStatus(engine, (status) => status.catchingUp);
  const rate = useTransport(engine.transport.projectId, (transport) => transport.rate);
  const volume = Math.round(settings.volume * 100);

  const said =
    state === 'unavailable'
      ? 'This browser cannot play the preview’s sound.'
      : state === 'shuttle'
        ? `Sound muted at ${Math.abs(rate)}×${rate < 0 ? ' backward' : ''}: it plays at 1× forward.`
        : catchingUp && state !== 'off'
          ? 'Sound is catching up: a stretch plays silent.'
          : '';

  return (
    <div className="flex flex-wrap items-center gap-1" role="group" aria-label="Sound">
      <Button
        variant="ghost"
        className="px-2 py-1"
        aria-pressed={settings.muted}
        onClick={() => setSettings({ muted: !settings.muted })}
        title={settings.muted ? 'Sound is muted: press to hear it' : 'Mute the preview’s sound'}
      >
        <SpeakerIcon silent={settings.muted || volume === 0} />
        <span className="sr-only">Mute sound</span>
      </Button>
      <label className="flex items-center gap-1 text-xs text-slate-700">
        <span className="sr-only">Volume</span>
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={volume}
          aria-valuetext={`${volume} %${settings.muted ? ', muted' : ''}`}
          onChange={(event) =>
            setSettings({ volume: Number(event.target.value) / 100, muted: false })
          }
          className="w-20 accent-indigo-600"
        />
      </label>
      {state === 'needs-gesture' ? (
        <Button variant="secondary" className="px-2 py-1" onClick={() => engine.enable()}>
          Click to enable sound
        </Button>
      ) : null}
      <span role="status" aria-label="Sound status" className="text-xs text-slate-600">
        {said}
      </span>
      <ClipWarning engine={engine} context={clip} />
    </div>
  );
}

/** Where the mix went over 0 dBFS, naming the items heard there; kept until dismissed. */
function ClipWarning({ engine, context }: { engine: SoundEngine; context: ClipContext }) {
  const clip = useSoundStatus(engine, (status) => status.clip);
  if (!clip) return null;
  const items = context.timeline
    ? soundingItemsAt(context.timeline, clip.time, context.layers)
    : [];
  const where = context.formatTime(clip.time);
  const who = items.length
    ? `${nameList(items)} ${items.length === 1 ? 'is' : 'are'} heard there: lower ${items.length === 1 ? 'its' : 'their'} volume.`
    : '';
  return (
    <div
      role="alert"
      className="flex w-full items-center gap-2 rounded-md border border-red-300 bg-red-50 px-2 py-1 text-xs text-red-900"
    >
      <span>
        The sound clips at {where} (+{Math.max(0, clip.peakDb).toFixed(1)} dBFS). {who}
      </span>
      <Button variant="ghost" className="ml-auto px-2 py-0.5" onClick={() => engine.clearClip()}>
        Dismiss
      </Button>
    </div>
  );
}

/**
 * The peak meter beside the frame: the bar moves every frame while sound plays, drawn without
 * React (a transform), its value given to assistive technology a few times a second.
 */
export function SoundMeter({ engine }: { engine: SoundEngine }) {
  const barRef = useRef<HTMLDivElement>(null);
  const holdRef = useRef<HTMLDivElement>(null);
  const meterRef = useRef<HTMLDivElement>(null);
  const playing = useSoundStatus(engine, (status) => status.state === 'playing');
  useEffect(() => {
    let said = 0;
    return engine.onMeter((meter) => {
      const bar = barRef.current;
      const hold = holdRef.current;
      if (bar) bar.style.transform = `scaleY(${meterFraction(meter.level)})`;
      if (hold) {
        hold.style.transform = `translateY(calc(${(1 - meterFraction(meter.hold)) * 100}% - 2px))`;
        hold.style.borderTopColor = meter.hold > 0 ? '#dc2626' : '#0f172a';
      }
      const now = performance.now();
      if (meterRef.current && now - said > 250) {
        said = now;
        const db = Math.max(METER_FLOOR_DB, Math.round(meter.level));
        meterRef.current.setAttribute('aria-valuenow', String(db));
        meterRef.current.setAttribute(
          'aria-valuetext',
          db <= METER_FLOOR_DB ? 'Silent' : `${db} dBFS`,
        );
      }
    });
  }, [engine]);
  return (
    <div
      ref={meterRef}
      role="meter"
      aria-label="Sound level"
      aria-valuemin={METER_FLOOR_DB}
      aria-valuemax={0}
      aria-valuenow={METER_FLOOR_DB}
      aria-valuetext="Silent"
      title="Sound level (peak, dBFS)"
      className={`relative h-full w-2 shrink-0 overflow-hidden rounded-sm bg-slate-200 ${playing ? '' : 'opacity-50'}`}
    >
      {/* Layers of their own moved by transforms: a frame of playback repaints and lays out
          nothing here. The hold line sits at the top of a box as tall as the meter, moved down. */}
      <div
        ref={barRef}
        className="absolute inset-0 origin-bottom bg-gradient-to-t from-emerald-500 via-emerald-500 via-70% to-amber-400 will-change-transform"
        style={{ transform: 'scaleY(0)' }}
      />
      <div
        ref={holdRef}
        className="absolute inset-0 border-t-2 will-change-transform"
        style={{ transform: 'translateY(calc(100% - 2px))', borderTopColor: '#0f172a' }}
      />
    </div>
  );
}

function SpeakerIcon({ silent }: { silent: boolean }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" className="text-slate-700">
      <path d="M2 6h3l4-3v10l-4-3H2z" fill="currentColor" />
      {silent ? (
        <path d="M11 6l4 4M15 6l-4 4" stroke="currentColor" strokeWidth="1.5" fill="none" />
      ) : (
        <path
          d="M11 5.5a3.5 3.5 0 0 1 0 5M12.5 3.5a6 6 0 0 1 0 9"
          stroke="currentColor"
          strokeWidth="1.5"
          fill="none"
        />
      )}
    </svg>
  );
}
