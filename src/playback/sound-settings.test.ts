import { describe, expect, it } from 'vitest';
import { createSoundSettings, DEFAULT_SOUND_SETTINGS, gainOf } from './sound-settings.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

describe('the master volume and mute', () => {
  it('are remembered on the device', () => {
    const storage = memoryStorage();
    const first = createSoundSettings(storage);
    expect(first.getState()).toEqual(DEFAULT_SOUND_SETTINGS);
    first.setState({ volume: 0.5, muted: true });
    expect(createSoundSettings(storage).getState()).toEqual({ volume: 0.5, muted: true });
  });

  it('ignore what is stored in another shape', () => {
    const storage = memoryStorage();
    storage.setItem('cutroom.preview-sound', JSON.stringify({ volume: 'loud' }));
    expect(createSoundSettings(storage).getState()).toEqual(DEFAULT_SOUND_SETTINGS);
  });

  it('turn the slider into a gain on a loudness curve; mute is silence', () => {
    expect(gainOf({ volume: 1, muted: false })).toBe(1);
    expect(gainOf({ volume: 0.5, muted: false })).toBe(0.25);
    expect(gainOf({ volume: 1, muted: true })).toBe(0);
  });
});
