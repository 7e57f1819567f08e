/**
 * Keyboard shortcuts of the canvas, as a pure mapping from a key event to a command invocation.
 */
export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

export type ShortcutAction =
  | {
      command:
        | 'selectAll'
        | 'clearSelection'
        | 'deleteSelection'
        | 'undo'
        | 'redo'
        | 'zoomToFit'
        | 'zoomIn'
        | 'zoomOut';
    }
  | { command: 'nudge'; args: { direction: 1 | -1; unit: 'frame' | 'second' } }
  | { command: 'moveToLayer'; args: { direction: 1 | -1 } }
  | { command: 'selectNext' | 'selectPrevious'; args: { extend: boolean } }
  | { command: 'cancelDrag' };

export function shortcutFor(event: KeyInput, dragging: boolean): ShortcutAction | null {
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (key === 'Escape') return dragging ? { command: 'cancelDrag' } : { command: 'clearSelection' };
  if (dragging) return null;
  if (mod && key === 'z') return { command: event.shiftKey ? 'redo' : 'undo' };
  if (mod && key === 'y') return { command: 'redo' };
  if (mod && key === 'a') return { command: 'selectAll' };
  if (mod || event.altKey) return null;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowRight':
      return {
        command: 'nudge',
        args: {
          direction: key === 'ArrowLeft' ? -1 : 1,
          unit: event.shiftKey ? 'second' : 'frame',
        },
      };
    case 'ArrowUp':
    case 'ArrowDown':
      return { command: 'moveToLayer', args: { direction: key === 'ArrowUp' ? -1 : 1 } };
    case 'Delete':
    case 'Backspace':
      return { command: 'deleteSelection' };
    case '+':
    case '=':
      return { command: 'zoomIn' };
    case '-':
    case '_':
      return { command: 'zoomOut' };
    case '0':
      return { command: 'zoomToFit' };
    case ']':
      return { command: 'selectNext', args: { extend: event.shiftKey } };
    case '[':
      return { command: 'selectPrevious', args: { extend: event.shiftKey } };
    case '}':
      return { command: 'selectNext', args: { extend: true } };
    case '{':
      return { command: 'selectPrevious', args: { extend: true } };
    default:
      return null;
  }
}
