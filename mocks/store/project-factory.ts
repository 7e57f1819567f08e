/** New project records (POST /projects, and the project a clip creates for itself). */
import type { Simulator } from '../simulator.ts';
import { DEFAULT_CAPTION_SETTINGS } from './seed.ts';
import { thumbnailDataUri } from './seed-context.ts';
import { FPS } from './seed-timeline.ts';
import type { ProjectRecord } from './workspace.ts';

/** A new, empty edit project. */
export function newProjectRecord(
  sim: Simulator,
  fields: { name: string; description: string; aspectRatio: string },
): ProjectRecord {
  const { name, description, aspectRatio } = fields;
  const now = sim.nowIso();
  const record: ProjectRecord = {
    project: {
      id: sim.rng.uuid(),
      name,
      description,
      aspect_ratio: aspectRatio,
      status: 'draft',
      thumbnail_url: thumbnailDataUri(name),
      created_at: now,
      updated_at: now,
    },
    kind: 'edit',
    timeline: {
      revision: 1,
      fps: FPS,
      layers: [
        { index: 0, name: 'Main camera', kind: 'video', locked: false, items: [] },
        { index: 1, name: 'Titles', kind: 'text', locked: false, items: [] },
        { index: 2, name: 'Captions', kind: 'caption', locked: false, items: [] },
        { index: 3, name: 'Music', kind: 'audio', locked: false, items: [] },
      ],
    },
    captionWords: [],
    captionStyle: { settings: { ...DEFAULT_CAPTION_SETTINGS }, look_id: null, preset_id: null },
    exports: [],
    facelessRevisions: [],
  };
  return record;
}
