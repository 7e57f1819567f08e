/**
 * What the Words view remembers on this device: the padding kept beside kept words, the clean-up's
 * settings (the filler list, the pause threshold and target, the very start and end), and per
 * project the occurrences kept on purpose (a clean-up's unticked ones are not listed again).
 */
import { deviceStorage, loadStored, saveStored } from '@/lib/device-storage.ts';
import { DEFAULT_CLEAN_UP, type CleanUpSettings, type FillerEntry } from '../model/clean-up.ts';
import { DEFAULT_PADDING_SECONDS } from './words-state.ts';

const PADDING_KEY = 'cutroom.words.padding';
const CLEAN_UP_KEY = 'cutroom.words.clean-up';
const keptKey = (projectId: string) => `cutroom.words.kept.${projectId}`;

const isNumber = (value: unknown, low: number, high: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= low && value <= high;

export const PADDING_RANGE = { min: 0, max: 0.5 } as const;

export function loadPadding(): number {
  return (
    loadStored(deviceStorage(), PADDING_KEY, (value) =>
      isNumber(value, PADDING_RANGE.min, PADDING_RANGE.max) ? value : null,
    ) ?? DEFAULT_PADDING_SECONDS
  );
}

export const savePadding = (seconds: number) => saveStored(deviceStorage(), PADDING_KEY, seconds);

function acceptCleanUp(value: unknown): CleanUpSettings | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const fillers = Array.isArray(record.fillers)
    ? record.fillers.filter(
        (entry): entry is FillerEntry =>
          typeof entry === 'object' &&
          entry !== null &&
          typeof (entry as FillerEntry).text === 'string' &&
          typeof (entry as FillerEntry).on === 'boolean',
      )
    : null;
  if (!fillers) return null;
  return {
    fillers,
    thresholdSeconds: isNumber(record.thresholdSeconds, 0.05, 10)
      ? record.thresholdSeconds
      : DEFAULT_CLEAN_UP.thresholdSeconds,
    targetSeconds: isNumber(record.targetSeconds, 0, 10)
      ? record.targetSeconds
      : DEFAULT_CLEAN_UP.targetSeconds,
    includeEdges: record.includeEdges === true,
  };
}

export const loadCleanUp = (): CleanUpSettings =>
  loadStored(deviceStorage(), CLEAN_UP_KEY, acceptCleanUp) ?? DEFAULT_CLEAN_UP;

export const saveCleanUp = (settings: CleanUpSettings) =>
  saveStored(deviceStorage(), CLEAN_UP_KEY, settings);

export function loadKept(projectId: string): Set<string> {
  return new Set(
    loadStored(deviceStorage(), keptKey(projectId), (value) =>
      Array.isArray(value) ? value.filter((key): key is string => typeof key === 'string') : null,
    ) ?? [],
  );
}

export const saveKept = (projectId: string, kept: ReadonlySet<string>) =>
  saveStored(deviceStorage(), keptKey(projectId), [...kept]);
