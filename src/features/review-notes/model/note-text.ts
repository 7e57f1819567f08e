/**
 * A note's text as people write and read it: checked as they type by the rule the BFF applies
 * (src/shared-rules/note-text.ts: length in code points, no script), and shown as text with its
 * web addresses as plain links. Nothing in a note is ever read as markup.
 */
import { checkNoteBody } from '@/shared-rules/note-text.ts';

/** Why the text cannot be sent, in the BFF's own words, or null when it can. */
export function noteTextProblem(text: string): string | null {
  const check = checkNoteBody(text);
  return check.ok ? null : check.message;
}

export type TextPiece =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// An address runs to the next space; punctuation that ends a sentence is not part of it.
const ADDRESS = /https?:\/\/[^\s<>"]+/gi;
const TRAILING = /[.,;:!?'")\]}>]+$/;

/**
 * The text in pieces: plain text, and each http(s) address as a link. Only these two schemes
 * become links (the BFF refuses `javascript:` and the like; a link here can only open a page).
 */
export function textPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    let address = match[0];
    const trailing = TRAILING.exec(address)?.[0] ?? '';
    // A closing bracket that has its opening one inside the address is part of it (Wikipedia).
    const keep = trailing.startsWith(')') && address.includes('(') ? 1 : 0;
    address = address.slice(0, address.length - trailing.length + keep);
    if (!isHttpAddress(address)) continue;
    if (start > at) pieces.push({ kind: 'text', text: text.slice(at, start) });
    pieces.push({ kind: 'link', text: address, href: address });
    at = start + address.length;
  }
  if (at < text.length) pieces.push({ kind: 'text', text: text.slice(at) });
  return pieces;
}

function isHttpAddress(address: string): boolean {
  try {
    const url = new URL(address);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
