import { describe, expect, it } from 'vitest';
import { blastRadius } from './blast-radius.ts';

const snapshot = {
  selected: ['a1', 'a2', 'a3', 'a4', 'a5'],
  linkedProjectIds: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'],
  generatedClipCount: 9,
};

describe('blastRadius', () => {
  it('with both cascades on, counts everything that goes', () => {
    expect(
      blastRadius('assets', snapshot, { deleteGeneratedClips: true, deleteLinkedProjects: true }),
    ).toEqual({ total: 22, words: '5 assets, 8 projects and 9 clips' });
  });
  it('counts only what the options take', () => {
    const off = { deleteGeneratedClips: false, deleteLinkedProjects: false };
    expect(blastRadius('assets', snapshot, off)).toEqual({ total: 5, words: '5 assets' });
    expect(blastRadius('assets', snapshot, { ...off, deleteGeneratedClips: true })).toEqual({
      total: 14,
      words: '5 assets and 9 clips',
    });
    expect(
      blastRadius(
        'projects',
        { ...snapshot, selected: ['p9'] },
        { ...off, deleteLinkedProjects: true },
      ),
    ).toEqual({ total: 1, words: '1 project' });
    expect(
      blastRadius('folder', snapshot, { deleteGeneratedClips: true, deleteLinkedProjects: true }),
    ).toEqual({ total: 5, words: '5 assets' });
  });
});
