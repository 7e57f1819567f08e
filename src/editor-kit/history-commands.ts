/** The kit's own commands, for any editor's table: undo and redo with their usual keys. */
import type { Command } from './command.ts';
import type { History } from './history.ts';

export function historyCommands<Ctx extends { history: History<unknown> }, State, Change>(): [
  Command<Ctx, State, Change>,
  Command<Ctx, State, Change>,
] {
  return [
    {
      name: 'undo',
      label: 'Undo',
      description: 'Undo the last change',
      keys: [{ keys: 'Mod+Z', args: undefined }],
      toolbar: 'history',
      writes: true,
      canRun: (ctx) => ctx.history.past.length > 0,
      perform: (ctx) =>
        ctx.history.past.length > 0
          ? { type: 'undo' }
          : { type: 'refused', reason: 'Nothing to undo.' },
    },
    {
      name: 'redo',
      label: 'Redo',
      description: 'Redo the change undone last',
      keys: [
        { keys: 'Shift+Mod+Z', args: undefined },
        { keys: 'Mod+Y', args: undefined },
      ],
      toolbar: 'history',
      writes: true,
      canRun: (ctx) => ctx.history.future.length > 0,
      perform: (ctx) =>
        ctx.history.future.length > 0
          ? { type: 'redo' }
          : { type: 'refused', reason: 'Nothing to redo.' },
    },
  ];
}
