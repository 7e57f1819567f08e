/**
 * Caption Looks in the styler: the settings a Look is tried with (layer 2 of the cascade, over the
 * project's settings: see `caption-cascade.ts`), the words whose own fields a Look would stand
 * behind (the apply dialog counts them and offers to clear those fields), and the moment a Look's
 * thumbnail is painted at (one word spoken, its active treatment finished).
 */
import {
  fieldsOverriding,
  resolveSettings,
  type ResolvedSettings,
  type WordStyleKey,
} from '@/caption-painter/caption-cascade.ts';
import { ACTIVE_IN_SECONDS, type CaptionPage } from '@/caption-painter/caption-pages.ts';
import type { CaptionLook, CaptionSettings, CaptionWord } from '@/api/schema.gen.ts';
import { WORD_STYLE_FIELDS } from './style-fields.ts';

/** The project's settings with a Look tried on top (the same object for the same inputs). */
export function settingsWithLook(
  settings: CaptionSettings,
  look: Pick<CaptionLook, 'settings'> | null,
): CaptionSettings | ResolvedSettings {
  if (!look) return settings;
  const cached = tried.get(settings);
  if (cached?.look === look) return cached.settings;
  const next = resolveSettings(settings, look.settings);
  tried.set(settings, { look, settings: next });
  return next;
}

const tried = new WeakMap<
  CaptionSettings,
  { look: Pick<CaptionLook, 'settings'>; settings: ResolvedSettings }
>();

export interface LookOverrides {
  /** Words with a field of their own that the Look sets too. */
  words: Array<{ id: string; fields: WordStyleKey[] }>;
  /** Those fields, in table order (for the dialog's sentence). */
  fields: WordStyleKey[];
}

/** The words whose own fields would keep them from looking like `look`. */
export function lookOverrides(
  words: readonly CaptionWord[],
  look: Pick<CaptionLook, 'settings'>,
): LookOverrides {
  const sets = new Set(
    Object.entries(look.settings)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key]) => key),
  );
  const found: LookOverrides['words'] = [];
  const fields = new Set<WordStyleKey>();
  for (const word of words) {
    if (!word.style) continue;
    const own = fieldsOverriding(word.style, sets);
    if (own.length === 0) continue;
    found.push({ id: word.id, fields: own });
    for (const field of own) fields.add(field);
  }
  return { words: found, fields: sortedFields(fields) };
}

/** Field keys in the order of the word style table. */
function sortedFields(keys: ReadonlySet<WordStyleKey>): WordStyleKey[] {
  return WORD_STYLE_FIELDS.map((field) => field.key).filter((key) => keys.has(key));
}

/** “colour, glow colour and outline width” (gradient ends said once). */
export function fieldNames(keys: readonly WordStyleKey[]): string {
  const names = [
    ...new Set(
      keys.map((key) =>
        key === 'textGradientFrom' || key === 'textGradientTo'
          ? 'gradient'
          : (WORD_STYLE_FIELDS.find((field) => field.key === key)?.label ?? key)
              .replace(/ \(.*\)$/, '')
              .toLowerCase(),
      ),
    ),
  ];
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** What the apply dialog says about the words that set fields of their own. */
export function describeOverrides(lookName: string, overrides: LookOverrides): string {
  const count = overrides.words.length;
  const one = count === 1;
  return `${count.toLocaleString('en')} word${one ? ' sets its' : 's set their'} own ${fieldNames(overrides.fields)}, in place of what ${lookName} sets. Keep ${one ? 'it' : 'them'}, or clear ${one ? 'it so that word takes' : 'them so those words take'} the Look? Either way it is one step to undo.`;
}

/**
 * When a Look's thumbnail is painted: its second word (the first when alone) spoken, just after
 * its active treatment has come in (a pop at full size, a bounce at its height).
 */
export function thumbnailMoment(page: CaptionPage): number {
  const words = page.lines.flat();
  const word = words[1] ?? words[0];
  if (!word) return page.startSeconds;
  const start = word.startSeconds ?? page.startSeconds;
  const end = word.endSeconds ?? start;
  return Math.min(start + ACTIVE_IN_SECONDS + 0.01, start + (end - start) * 0.9);
}
