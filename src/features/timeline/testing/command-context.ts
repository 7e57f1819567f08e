/** Test fixtures: the parts of a command context that commands about items do not read. */
import { VERTICAL_FRAME } from '@/lib/project-frame.ts';
import type { CommandContext } from '../model/command-context.ts';

export const contextDefaults: Pick<
  CommandContext,
  'playbackRate' | 'clipboard' | 'mutedLayers' | 'soloLayers' | 'textDefaults' | 'frame'
> = {
  playbackRate: 0,
  clipboard: null,
  mutedLayers: new Set(),
  soloLayers: new Set(),
  textDefaults: { color: '#FFFFFF', fontFamily: null },
  frame: VERTICAL_FRAME,
};
