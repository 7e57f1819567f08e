import type { TimelineItem } from '@/api/schema.gen.ts';
/**
 * A text item's text style (colour and font family, the assumed `text_style` of the contract) and
 * the checks the inspector makes before anything is sent: a colour is `#RRGGBB` (`#RGB` and a
 * missing `#` are accepted and written out in full), a font family is 1 to 100 characters.
 */

export type TextStyle = NonNullable<TimelineItem['text_style']>;

/** What the contract allows for `font_family` (TimelineTextStyleOperation). */
export const FONT_FAMILY_MAX = 100;

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

/** `#1e40af`, `1E40AF`, `#1ea` → `#1E40AF` / `#11EEAA`; anything else is refused with a reason. */
export function parseHexColor(input: string): Checked<string> {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'Enter a colour as #RRGGBB, e.g. #1E40AF.' };
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text);
  if (!match) {
    return {
      ok: false,
      reason: `“${text}” is not a colour: use # and six hex digits (0-9, A-F), e.g. #1E40AF.`,
    };
  }
  const digits = match[1]!;
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : digits;
  return { ok: true, value: `#${full.toUpperCase()}` };
}

export function checkFontFamily(input: string): Checked<string> {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'Enter a font family, e.g. Inter.' };
  if (text.length > FONT_FAMILY_MAX)
    return { ok: false, reason: `A font family is at most ${FONT_FAMILY_MAX} characters.` };
  return { ok: true, value: text };
}

export function sameTextStyle(a: TextStyle | undefined, b: TextStyle | undefined): boolean {
  return (
    a?.color.toUpperCase() === b?.color.toUpperCase() &&
    a?.font_family === b?.font_family &&
    a?.font_size === b?.font_size
  );
}

/** Black or white, whichever reads better on the colour (for a swatch's check mark). */
export function contrastingInk(hex: string): '#000000' | '#FFFFFF' {
  const value = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#000000' : '#FFFFFF';
}
