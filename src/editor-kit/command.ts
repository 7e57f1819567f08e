/**
 * Commands: an editor's actions as data (the excalidraw model). A command has a name, a label, its
 * key bindings, `canRun` and a pure `perform` that returns what should happen as an `Outcome`; the
 * `Editor` carries the outcome out. The toolbar, the keyboard handling, the shortcut help and the
 * inspector fields are all read from one table of commands.
 */

/** What a command asks the editor to do. `perform` never writes anything itself. */
export type Outcome<State, Change> =
  /** Ephemeral editor state (selection, view, a dialog to open). */
  | { type: 'state'; patch: Partial<State>; announce?: string }
  /** A document change: committed to the service as one request and one undo step. */
  | { type: 'change'; label: string; change: Change }
  | { type: 'undo' }
  | { type: 'redo' }
  /** Nothing happens; the reason is announced (and shown where the command was invoked). */
  | { type: 'refused'; reason: string };

/** `Mod+Z`, `Shift+Mod+Z`, `ArrowLeft`, `Shift+ArrowLeft`, `]`, `Delete`, `+`. */
export interface KeyBinding<Args> {
  keys: string;
  args: Args;
}

/** An inspector field that edits through the command (the keyboard path for a pointer action). */
export type CommandField<Ctx, Args> = (
  | {
      type: 'number';
      label: string;
      read(ctx: Ctx): number | null;
      toArgs(value: number): Args;
      min?: number;
      max?: number;
      step?: number;
      /** Shown under the field when the command cannot run (e.g. "No source media"). */
      hint?(ctx: Ctx): string | undefined;
    }
  | {
      type: 'select';
      label: string;
      read(ctx: Ctx): string | null;
      options(ctx: Ctx): Array<{ value: string; label: string; disabled?: boolean }>;
      /** The option shown when `read` gives null (e.g. "Several layers"). */
      placeholder?: string;
      toArgs(value: string): Args;
    }
  | {
      type: 'text' | 'color';
      label: string;
      read(ctx: Ctx): string | null;
      toArgs(value: string): Args;
    }
  | {
      type: 'toggle';
      label: string;
      read(ctx: Ctx): boolean | null;
      toArgs(value: boolean): Args;
    }
) & {
  /** Whether the field is shown for this context (default: always). */
  visible?(ctx: Ctx): boolean;
};

/**
 * One action. Method syntax on purpose: a table holds commands of different argument types
 * (`AnyCommand`), which method parameter bivariance allows without `any`.
 */
export interface Command<Ctx, State, Change, Args = void> {
  name: string;
  label: string;
  /** One line for the shortcut help; the label when absent. */
  description?: string;
  /** The shortcut as people read it ("← / →"); derived from `keys` when absent. */
  shortcut?: string;
  keys?: ReadonlyArray<KeyBinding<Args>>;
  /** Toolbar group (commands without one are not on the toolbar). */
  toolbar?: string;
  /** Inspector field (commands without one are not in the inspector). */
  field?: CommandField<Ctx, Args>;
  /** It changes the document: offered only while no other change is being saved. */
  writes?: boolean;
  canRun(ctx: Ctx, args: Args): boolean;
  perform(ctx: Ctx, args: Args): Outcome<State, Change>;
}

export type AnyCommand<Ctx, State, Change> = Command<Ctx, State, Change, unknown>;

export const refuse = (reason: string): { type: 'refused'; reason: string } => ({
  type: 'refused',
  reason,
});

export function defineCommand<Ctx, State, Change, Args = void>(
  command: Command<Ctx, State, Change, Args>,
): Command<Ctx, State, Change, Args> {
  return command;
}

// ───────────────────────────── keys ─────────────────────────────

/** The part of a keyboard event the key bindings look at. */
export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Where the key was pressed (a keyboard event's target): a field's keys are its own. */
  target?: EventTarget | null;
}

interface ParsedKeys {
  key: string;
  mod: boolean;
  shift: boolean;
  alt: boolean;
}

function parseKeys(keys: string): ParsedKeys {
  // "Mod++" binds the plus key: the last part is the key, even when it is "+".
  const plusKey = keys.endsWith('+');
  const parts = (plusKey ? keys.slice(0, -1) : keys).split('+').filter(Boolean);
  const key = plusKey ? '+' : (parts.pop() ?? '');
  const mods = new Set(parts.map((part) => part.toLowerCase()));
  return { key, mod: mods.has('mod'), shift: mods.has('shift'), alt: mods.has('alt') };
}

const normalise = (key: string) => (key.length === 1 ? key.toLowerCase() : key);
const isSymbol = (key: string) => key.length === 1 && key.toLowerCase() === key.toUpperCase();

/**
 * Whether an event matches a binding. Mod is Ctrl or Cmd. Shift must match, except for a binding of
 * a symbol without Shift ("+", "]"): layouts differ in which symbols need Shift.
 */
export function matchesKeys(keys: string, event: KeyInput): boolean {
  const parsed = parseKeys(keys);
  if (normalise(parsed.key) !== normalise(event.key)) return false;
  if (parsed.mod !== (event.ctrlKey || event.metaKey)) return false;
  if (parsed.alt !== event.altKey) return false;
  if (parsed.shift) return event.shiftKey;
  return isSymbol(parsed.key) || !event.shiftKey;
}

const KEY_NAMES: Record<string, string> = {
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Escape: 'Esc',
  Delete: 'Delete',
  Backspace: 'Backspace',
  ' ': 'Space',
};

/** "Ctrl/⌘ + Shift + Z". */
export function formatKeys(keys: string): string {
  const parsed = parseKeys(keys);
  const parts: string[] = [];
  if (parsed.mod) parts.push('Ctrl/⌘');
  if (parsed.shift) parts.push('Shift');
  if (parsed.alt) parts.push('Alt');
  parts.push(
    KEY_NAMES[parsed.key] ?? (parsed.key.length === 1 ? parsed.key.toUpperCase() : parsed.key),
  );
  return parts.join(' + ');
}

/** The `aria-keyshortcuts` value: "Control+Z Meta+Z". */
export function ariaKeys(bindings: ReadonlyArray<{ keys: string }>): string | undefined {
  const values = bindings.flatMap(({ keys }) => {
    const parsed = parseKeys(keys);
    const key = parsed.key === ' ' ? 'Space' : parsed.key === '+' ? 'Plus' : parsed.key;
    const rest = [parsed.shift ? 'Shift' : null, parsed.alt ? 'Alt' : null, key].filter(Boolean);
    return parsed.mod
      ? [['Control', ...rest].join('+'), ['Meta', ...rest].join('+')]
      : [rest.join('+')];
  });
  return values.length > 0 ? [...new Set(values)].join(' ') : undefined;
}

/** The shortcut of a command as shown in help and tooltips, or undefined when it has none. */
export function shortcutOf(command: {
  shortcut?: string;
  keys?: ReadonlyArray<{ keys: string }>;
}): string | undefined {
  if (command.shortcut) return command.shortcut;
  const first = command.keys?.[0];
  return first ? formatKeys(first.keys) : undefined;
}

/** The first command (in table order) with a binding that matches the event, and its arguments. */
export function findBinding<C extends { keys?: ReadonlyArray<KeyBinding<unknown>> }>(
  commands: readonly C[],
  event: KeyInput,
): { command: C; args: unknown } | null {
  for (const command of commands) {
    for (const binding of command.keys ?? []) {
      if (matchesKeys(binding.keys, event)) return { command, args: binding.args };
    }
  }
  return null;
}
