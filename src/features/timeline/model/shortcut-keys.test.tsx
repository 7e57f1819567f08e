/**
 * The timeline's shortcuts never take a key from a field (the kit's rule, shortcut-guard.ts):
 * each is bound, and the timeline editor leaves it alone while the focus is in an input, a
 * textarea, a select, editable text, a slider or a dialog.
 */
import { QueryClient } from '@tanstack/query-core';
import { afterEach, describe, expect, it } from 'vitest';
import { findBinding } from '@/editor-kit/command.ts';
import { FIELD_CASES, SHORTCUT_CASES, placeTarget } from '@/editor-kit/testing/shortcut-cases.ts';
import { createTimelineEditor } from '../state/create-timeline-editor.ts';
import { TIMELINE_COMMANDS } from './commands.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('timeline shortcuts and fields', () => {
  const editor = createTimelineEditor({ projectId: 'p1', queryClient: new QueryClient() });
  for (const [name, event] of SHORTCUT_CASES) {
    it(`${name} is a timeline shortcut, never taken from a field or a dialog`, () => {
      expect(findBinding(TIMELINE_COMMANDS, event)).not.toBeNull();
      for (const [where, html] of Object.entries(FIELD_CASES)) {
        expect(editor.handleKey({ ...event, target: placeTarget(html) }), where).toBe(false);
      }
    });
  }
});
