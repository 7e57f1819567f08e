import { memo } from 'react';
import { textPieces } from '../model/note-text.ts';

/**
 * A note's text as written: line breaks kept, web addresses as plain links opening in a new tab,
 * everything else text (React escapes it: markup and script show as the characters they are).
 */
export const NoteText = memo(function NoteText({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm text-slate-900">
      {textPieces(text).map((piece, index) =>
        piece.kind === 'link' ? (
          <a
            key={index}
            href={piece.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="break-all text-indigo-700 underline"
          >
            {piece.text}
          </a>
        ) : (
          piece.text
        ),
      )}
    </p>
  );
});
