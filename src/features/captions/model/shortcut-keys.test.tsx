/**
 * The caption styler's shortcuts (select all words, Escape, undo, redo) never take a key from a
 * field (the kit's rule, shortcut-guard.ts): each is bound, and the styler's editor leaves it
 * alone while the focus is in an input, a textarea, a select, editable text, a slider or a dialog.
 */
import { QueryClient } from '@tanstack/query-core';
import { afterEach, describe, expect, it } from 'vitest';
import { findBinding } from '@/editor-kit/command.ts';
import {
  FIELD_CASES,
  SHORTCUT_CASES,
  keyPress,
  placeTarget,
} from '@/editor-kit/testing/shortcut-cases.ts';
import { createCaptionsEditor } from '../state/captions-editor.ts';
import { CAPTIONS_COMMANDS } from './commands.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

const STYLER_KEYS = [
  ...SHORTCUT_CASES.filter(([name]) => /select all|undo|redo/.test(name)),
  ['clear the selection (Escape)', keyPress('Escape')] as const,
];

describe('caption styler shortcuts and fields', () => {
  const editor = createCaptionsEditor({ projectId: 'p1', queryClient: new QueryClient() });
  for (const [name, event] of STYLER_KEYS) {
    it(`${name} is a styler shortcut, never taken from a field or a dialog`, () => {
      expect(findBinding(CAPTIONS_COMMANDS, event)).not.toBeNull();
      for (const [where, html] of Object.entries(FIELD_CASES)) {
        expect(editor.handleKey({ ...event, target: placeTarget(html) }), where).toBe(false);
      }
    });
  }
});
