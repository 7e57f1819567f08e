/** Test fixtures: the parts of a command context that commands about items do not read. */
import type { CommandContext } from '../model/command-context.ts';

export const contextDefaults: Pick<
  CommandContext,
  'playbackRate' | 'clipboard' | 'mutedLayers' | 'soloLayers' | 'textDefaults'
> = {
  playbackRate: 0,
  clipboard: null,
  mutedLayers: new Set(),
  soloLayers: new Set(),
  textDefaults: { color: '#FFFFFF', fontFamily: null },
};
