/** A cut list entry for the BFF's tests: the stretch of a filler, with its caption's part. */
import type { NewCut } from '../../api/bff-schema.gen.ts';

export function sampleCut(id: string, text = 'um'): NewCut {
  return {
    id,
    revision: 4,
    text,
    seconds: 0.433,
    start_seconds: 1.033,
    end_seconds: 1.467,
    at_seconds: 1.033,
    before: { word_id: 'cw_before', seconds: 0.967 },
    after: { word_id: 'cw_after', seconds: 1.1 },
    parts: [
      {
        item: {
          id: 'ti_caption',
          type: 'caption',
          name: 'Caption 1',
          layer_index: 3,
          start_seconds: 1.033,
          end_seconds: 1.467,
          source_start_seconds: null,
          source_end_seconds: null,
          asset_id: null,
          thumbnail_url: null,
          text: 'So um we',
          effects: [],
        },
        words: [{ id: 'cw_um', word: 'um,', startSeconds: 1.1, endSeconds: 1.4, style: {} }],
        join_left: 'ti_caption',
        join_right: 'ti_wabc',
      },
    ],
    targets: {
      layer_index: null,
      removed: ['cw_um'],
      shorten: [],
      pad_seconds: 0.05,
      clean_up: null,
    },
  };
}
