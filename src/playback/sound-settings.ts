/**
 * The preview's master volume and mute, remembered on this device (every project, every editor).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { deviceStorage, loadStored, saveStored } from '@/lib/device-storage.ts';

export interface SoundSettings {
  /** 0 to 1, as the slider shows it (the gain follows a perceptual curve). */
  volume: number;
  muted: boolean;
}

const KEY = 'cutroom.preview-sound';
export const DEFAULT_SOUND_SETTINGS: SoundSettings = { volume: 0.8, muted: false };

function accept(value: unknown): SoundSettings | null {
  if (typeof value !== 'object' || value === null) return null;
  const { volume, muted } = value as Partial<SoundSettings>;
  if (typeof volume !== 'number' || !Number.isFinite(volume) || typeof muted !== 'boolean')
    return null;
  return { volume: Math.min(1, Math.max(0, volume)), muted };
}

/** The gain of the master volume: the slider's share squared (loudness is heard that way). */
export const gainOf = (settings: SoundSettings): number =>
  settings.muted ? 0 : settings.volume * settings.volume;

export function createSoundSettings(storage: Storage | null): StoreApi<SoundSettings> {
  const store = createStore<SoundSettings>()(() => ({
    ...(loadStored(storage, KEY, accept) ?? DEFAULT_SOUND_SETTINGS),
  }));
  store.subscribe((settings) => saveStored(storage, KEY, settings));
  return store;
}

let shared: StoreApi<SoundSettings> | null = null;

/** The tab's settings (read from this device once). */
export function soundSettings(): StoreApi<SoundSettings> {
  shared ??= createSoundSettings(deviceStorage());
  return shared;
}
