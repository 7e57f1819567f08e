import { describe, expect, it } from 'vitest';
import { shortcutFor, type KeyInput } from './keyboard.ts';

const key = (k: string, mods: Partial<KeyInput> = {}): KeyInput => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('shortcuts', () => {
  it('maps editing keys', () => {
    expect(shortcutFor(key('ArrowRight'), false)).toEqual({
      command: 'nudge',
      args: { direction: 1, unit: 'frame' },
    });
    expect(shortcutFor(key('ArrowLeft', { shiftKey: true }), false)).toEqual({
      command: 'nudge',
      args: { direction: -1, unit: 'second' },
    });
    expect(shortcutFor(key('ArrowUp'), false)).toEqual({
      command: 'moveToLayer',
      args: { direction: -1 },
    });
    expect(shortcutFor(key('Delete'), false)).toEqual({ command: 'deleteSelection' });
    expect(shortcutFor(key('Backspace'), false)).toEqual({ command: 'deleteSelection' });
  });

  it('maps undo, redo and select all with Ctrl or Cmd', () => {
    expect(shortcutFor(key('z', { ctrlKey: true }), false)).toEqual({ command: 'undo' });
    expect(shortcutFor(key('Z', { metaKey: true, shiftKey: true }), false)).toEqual({
      command: 'redo',
    });
    expect(shortcutFor(key('y', { ctrlKey: true }), false)).toEqual({ command: 'redo' });
    expect(shortcutFor(key('a', { metaKey: true }), false)).toEqual({ command: 'selectAll' });
    expect(shortcutFor(key('c', { ctrlKey: true }), false)).toBeNull();
  });

  it('maps zoom and selection stepping', () => {
    expect(shortcutFor(key('+'), false)).toEqual({ command: 'zoomIn' });
    expect(shortcutFor(key('='), false)).toEqual({ command: 'zoomIn' });
    expect(shortcutFor(key('-'), false)).toEqual({ command: 'zoomOut' });
    expect(shortcutFor(key('0'), false)).toEqual({ command: 'zoomToFit' });
    expect(shortcutFor(key(']'), false)).toEqual({
      command: 'selectNext',
      args: { extend: false },
    });
    expect(shortcutFor(key('{', { shiftKey: true }), false)).toEqual({
      command: 'selectPrevious',
      args: { extend: true },
    });
  });

  it('lets Escape cancel a drag and ignores other keys while dragging', () => {
    expect(shortcutFor(key('Escape'), true)).toEqual({ command: 'cancelDrag' });
    expect(shortcutFor(key('Escape'), false)).toEqual({ command: 'clearSelection' });
    expect(shortcutFor(key('ArrowLeft'), true)).toBeNull();
    expect(shortcutFor(key('x'), false)).toBeNull();
  });
});
