/**
 * What a note's text (and a display name) may be: plain text that is stored and returned exactly
 * as written and always shown as text. Script is refused outright all the same, naming the field,
 * so that nothing stored can run should some future view forget to treat it as text. The BFF
 * refuses with these words; the notes panel says them before the click.
 */

export const NOTE_BODY_MAX = 4_000;
export const DISPLAY_NAME_MAX = 80;

export type TextCheck = { ok: true; value: string } | { ok: false; param: string; message: string };

/** Control characters other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LINE_BREAK = /[\r\n\u2028\u2029]/;

/** Script in any of its usual disguises, and what to say about it. */
const SCRIPT: ReadonlyArray<[RegExp, string]> = [
  [/<\s*\/?\s*script\b/i, 'a <script> tag'],
  // An event-handler attribute inside a tag: `<img src=x onerror=...>`, `<svg/onload=...>`.
  [/<[a-z!/][^>]*?[\s/"']on[a-z]+\s*=/i, 'an HTML event handler (on…=)'],
  [/\b(?:javascript|vbscript)\s*:/i, 'a javascript: address'],
  [/\bdata\s*:\s*text\/html/i, 'a data:text/html address'],
];

/** Refusal for script in `text`, or undefined when there is none. */
function scriptIn(text: string): string | undefined {
  for (const [pattern, what] of SCRIPT) if (pattern.test(text)) return what;
  return undefined;
}

/** Unicode code points (what a person counts as characters, emoji included). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** Checks a note's or reply's text; the value is kept as written. */
export function checkNoteBody(body: string, param = 'body'): TextCheck {
  if (body.trim() === '') {
    return { ok: false, param, message: 'The note is empty: write what should change.' };
  }
  const length = characterCount(body);
  if (length > NOTE_BODY_MAX) {
    return {
      ok: false,
      param,
      message: `The note is ${length.toLocaleString('en-US')} characters long; a note holds at most ${NOTE_BODY_MAX.toLocaleString('en-US')}. Shorten it or split it into two notes.`,
    };
  }
  if (CONTROL.test(body)) {
    return {
      ok: false,
      param,
      message: 'The note contains control characters; paste it as plain text.',
    };
  }
  const script = scriptIn(body);
  if (script !== undefined) {
    return {
      ok: false,
      param,
      message: `Notes are plain text and cannot hold script: remove ${script}.`,
    };
  }
  return { ok: true, value: body };
}

/** Checks a display name; the value is trimmed. */
export function checkDisplayName(name: string, param = 'display_name'): TextCheck {
  const value = name.trim();
  if (value === '') return { ok: false, param, message: 'The name is empty.' };
  if (characterCount(value) > DISPLAY_NAME_MAX) {
    return { ok: false, param, message: `A name holds at most ${DISPLAY_NAME_MAX} characters.` };
  }
  if (CONTROL.test(value) || LINE_BREAK.test(value) || value.includes('\t')) {
    return { ok: false, param, message: 'A name is one line of plain text.' };
  }
  const script = scriptIn(value);
  if (script !== undefined) {
    return {
      ok: false,
      param,
      message: `A name is plain text and cannot hold script: remove ${script}.`,
    };
  }
  return { ok: true, value };
}
