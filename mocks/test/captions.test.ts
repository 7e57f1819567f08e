import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import type { Schema } from '../store/contract.ts';
import type { Client } from './harness.ts';
import { client, errorOf, startTestServer } from './harness.ts';
import type { CaptionStyleResponse, CaptionWord, Project } from '@/api/schema.gen.ts';

let server: SimulatorServer;
let api: Client;
let base: string;
beforeAll(async () => {
  server = await startTestServer();
  api = client(server);
  const projects = (await api.get<{ projects: Project[] }>('/projects?limit=50')).body.projects;
  base = `/projects/${projects.find((project) => project.name === 'Product launch teaser')?.id ?? ''}`;
});
afterAll(async () => {
  await server.close();
});

type WordList = Schema<'CaptionWordListResponse'>;

describe('caption words', () => {
  it('match_text is a case-insensitive substring', async () => {
    const lower = await api.get<WordList>(`${base}/captions/words?match_text=hook&limit=500`);
    const upper = await api.get<WordList>(`${base}/captions/words?match_text=HoOK&limit=500`);
    expect(lower.status).toBe(200);
    expect(lower.body.words.length).toBeGreaterThan(0);
    expect(upper.body.words).toEqual(lower.body.words);
    for (const word of lower.body.words) expect(word.word.toLowerCase()).toContain('hook');
    expect(lower.body.items).toEqual(lower.body.words);
    expect(lower.body.summary?.totalWords).toBe(lower.body.words.length);
  });

  it('paginates with pagination and summary', async () => {
    const page = await api.get<WordList>(`${base}/captions/words?limit=5&offset=5`);
    expect(page.body.words).toHaveLength(5);
    expect(page.body.count).toBe(5);
    expect(page.body.pagination).toMatchObject({ offset: 5, limit: 5, returned: 5, hasMore: true });
    expect(page.body.summary?.totalWords).toBeGreaterThan(10);
    expect(typeof page.body.summary?.hasEmphasis).toBe('boolean');
  });

  it('filters by timeline item', async () => {
    const all = await api.get<WordList>(`${base}/captions/words?limit=500`);
    const itemId = all.body.words[0]?.timelineItemId ?? '';
    const filtered = await api.get<WordList>(`${base}/captions/words?timeline_item_id=${itemId}`);
    expect(filtered.body.words.every((word) => word.timelineItemId === itemId)).toBe(true);
  });

  it('PATCH updates styles and validates ids atomically', async () => {
    const all = (await api.get<WordList>(`${base}/captions/words?limit=3`)).body.words;
    const [a, b] = all as [CaptionWord, CaptionWord];
    const bad = await api.patch(`${base}/captions/words`, {
      updates: [
        { id: a.id, isEmphasis: true },
        { id: 'cw_missing', isEmphasis: true },
      ],
    });
    expect(bad.status).toBe(404);
    expect(errorOf(bad).param).toBe('updates[1].id');
    const badStyle = await api.patch(`${base}/captions/words`, {
      updates: [{ id: a.id, style: { color: 5 } }],
    });
    expect(errorOf(badStyle).param).toBe('updates[0].style.color');
    const unchanged = (await api.get<WordList>(`${base}/captions/words?limit=1`)).body.words[0];
    expect(unchanged?.isEmphasis).toBe(a.isEmphasis);
    const ok = await api.patch<Schema<'CaptionWordsUpdateResult'>>(`${base}/captions/words`, {
      updates: [
        { id: a.id, style: { color: '#ff0000' }, isEmphasis: true },
        { id: b.id, word: 'Edited' },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.updated_count).toBe(2);
    expect(ok.body.words[0]?.style?.color).toBe('#ff0000');
    expect(ok.body.words[0]?.style?.fontFamily).toBe(a.style?.fontFamily);
    expect(ok.body.words[1]?.word).toBe('Edited');
  });
});

describe('caption style and looks', () => {
  it('applies a Caption Look and single settings', async () => {
    const looks = await api.get<{ looks: Array<{ id: string }> }>('/caption-looks');
    expect(looks.body.looks.length).toBeGreaterThanOrEqual(3);
    const applied = await api.patch<CaptionStyleResponse>(`${base}/captions/style`, {
      look_id: 'neon-glow',
      settings: { fontSize: 80 },
    });
    expect(applied.body).toMatchObject({ success: true, look_id: 'neon-glow' });
    expect(applied.body.settings.fontSize).toBe(80);
    expect(applied.body.settings.emphasisColor).toBe('#f0abfc');
    const read = await api.get<CaptionStyleResponse>(`${base}/captions/style`);
    expect(read.body).toEqual(applied.body);
    const bad = await api.patch(`${base}/captions/style`, { look_id: 'nope' });
    expect(errorOf(bad).param).toBe('look_id');
    const badSetting = await api.patch(`${base}/captions/style`, { settings: { fontSize: 'big' } });
    expect(errorOf(badSetting).param).toBe('settings.fontSize');
  });
});

describe('caption word revisions, timing and fonts (assumed rules)', () => {
  /** The words of the first caption with at least three words (a fresh read). */
  async function caption(): Promise<CaptionWord[]> {
    const all = (await api.get<WordList>(`${base}/captions/words?limit=500`)).body.words;
    const groups = new Map<string, CaptionWord[]>();
    for (const word of all) {
      const list = groups.get(word.captionId ?? '') ?? [];
      list.push(word);
      groups.set(word.captionId ?? '', list);
    }
    const found = [...groups.values()].filter((list) => list.length >= 3);
    return found[found.length - 1]!;
  }

  it('answers fps, and a revision on every word', async () => {
    const page = await api.get<WordList>(`${base}/captions/words?limit=20`);
    expect(page.body.fps).toBe(30);
    for (const word of page.body.words) {
      const span = page.body.captions?.find((c) => c.timelineItemId === word.timelineItemId);
      expect(span!.startSeconds).toBeLessThanOrEqual(word.startSeconds!);
      expect(span!.endSeconds).toBeGreaterThanOrEqual(word.endSeconds!);
    }
    for (const word of page.body.words) expect(word.revision).toBeGreaterThanOrEqual(1);
  });

  it('refuses a stale expected_revision with 409 and applies nothing', async () => {
    const [a, b] = await caption();
    const first = await api.patch<Schema<'CaptionWordsUpdateResult'>>(`${base}/captions/words`, {
      updates: [{ id: a!.id, expected_revision: a!.revision, style: { color: '#123456' } }],
    });
    expect(first.status).toBe(200);
    expect(first.body.words[0]?.revision).toBe(a!.revision! + 1);
    const stale = await api.patch(`${base}/captions/words`, {
      updates: [
        { id: b!.id, expected_revision: b!.revision, isEmphasis: !b!.isEmphasis },
        { id: a!.id, expected_revision: a!.revision, style: { color: '#654321' } },
      ],
    });
    expect(stale.status).toBe(409);
    expect(errorOf(stale)).toMatchObject({
      code: 'revision_conflict',
      param: 'updates[1].expected_revision',
    });
    const after = (await caption()).find((word) => word.id === b!.id);
    expect(after?.isEmphasis).toBe(b!.isEmphasis);
    expect(after?.revision).toBe(b!.revision);
  });

  it('notices changes made by other operations (e.g. a timeline edit that shifts the words)', async () => {
    const word = (await caption())[0]!;
    const again = (await caption()).find((candidate) => candidate.id === word.id);
    expect(again?.revision).toBe(word.revision);
    // Another code path changes the stored word (as a timeline edit changes caption words).
    const stored = server.simulator.store
      .all()
      .flatMap((workspace) => workspace.projects)
      .flatMap((record) => record.captionWords)
      .find((candidate) => candidate.id === word.id)!;
    stored.isEmphasis = !stored.isEmphasis;
    const changed = (await caption()).find((candidate) => candidate.id === word.id);
    expect(changed?.revision).toBe(word.revision! + 1);
    const stale = await api.patch(`${base}/captions/words`, {
      updates: [{ id: word.id, expected_revision: word.revision, isEmphasis: true }],
    });
    expect(stale.status).toBe(409);
  });

  it('fixes a word text and keeps its timing, emphasis and style', async () => {
    const word = (await caption())[1]!;
    const fixed = await api.patch<Schema<'CaptionWordsUpdateResult'>>(`${base}/captions/words`, {
      updates: [{ id: word.id, word: 'fixed', expected_revision: word.revision }],
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.words[0]).toMatchObject({
      word: 'fixed',
      startSeconds: word.startSeconds,
      endSeconds: word.endSeconds,
      isEmphasis: word.isEmphasis,
      style: word.style,
    });
  });

  it('snaps times to frames and keeps words in order inside their caption', async () => {
    const [a, b, c] = await caption();
    // The end of a moves into b: refused, naming a's end.
    const overlap = await api.patch(`${base}/captions/words`, {
      updates: [{ id: a!.id, endSeconds: (b!.startSeconds ?? 0) + 0.1 }],
    });
    expect(overlap.status).toBe(400);
    expect(errorOf(overlap).param).toBe('updates[0].endSeconds');
    // Moving b's start along in the same batch is fine; times are snapped to 1/30 s.
    const target = (b!.startSeconds ?? 0) + 0.05;
    const both = await api.patch<Schema<'CaptionWordsUpdateResult'>>(`${base}/captions/words`, {
      updates: [
        { id: a!.id, endSeconds: target },
        { id: b!.id, startSeconds: target },
      ],
    });
    expect(both.status).toBe(200);
    const snapped = Math.round((Math.round(target * 30) / 30) * 1000) / 1000;
    expect(both.body.words[0]?.endSeconds).toBe(snapped);
    expect(both.body.words[1]?.startSeconds).toBe(snapped);
    expect(both.body.words[1]?.startUnits).toBe(Math.round(snapped * 30));
    // A word shorter than a frame, or outside its caption, is refused.
    const empty = await api.patch(`${base}/captions/words`, {
      updates: [{ id: c!.id, endSeconds: c!.startSeconds! + 0.001 }],
    });
    expect(errorOf(empty).param).toBe('updates[0].endSeconds');
    const outside = await api.patch(`${base}/captions/words`, {
      updates: [{ id: a!.id, startSeconds: 0 }],
    });
    expect(outside.status).toBe(400);
    const duplicate = await api.patch(`${base}/captions/words`, {
      updates: [
        { id: a!.id, isEmphasis: true },
        { id: a!.id, isEmphasis: false },
      ],
    });
    expect(errorOf(duplicate).param).toBe('updates[1].id');
  });

  it('reset_style clears the word style before merging; unknown fonts and bad values are refused', async () => {
    const word = (await caption())[2]!;
    const reset = await api.patch<Schema<'CaptionWordsUpdateResult'>>(`${base}/captions/words`, {
      updates: [{ id: word.id, reset_style: true, style: { color: '#ff0000' } }],
    });
    expect(reset.body.words[0]?.style).toEqual({ color: '#ff0000' });
    const font = await api.patch(`${base}/captions/words`, {
      updates: [{ id: word.id, style: { fontFamily: 'Comic Sans MS' } }],
    });
    expect(errorOf(font).param).toBe('updates[0].style.fontFamily');
    for (const [style, param] of [
      [{ color: 'red' }, 'updates[0].style.color'],
      [{ opacity: 2 }, 'updates[0].style.opacity'],
      [{ textTransform: 'shout' }, 'updates[0].style.textTransform'],
    ] as const) {
      const bad = await api.patch(`${base}/captions/words`, { updates: [{ id: word.id, style }] });
      expect(errorOf(bad).param).toBe(param);
    }
    const fonts = await api.get<Schema<'CaptionFontListResponse'>>('/caption-fonts');
    expect(fonts.body.fonts.map((entry) => entry.family)).toContain('Montserrat');
  });

  it('the style has a revision; a stale expected_revision is 409', async () => {
    const style = (await api.get<CaptionStyleResponse>(`${base}/captions/style`)).body;
    const next = await api.patch<CaptionStyleResponse>(`${base}/captions/style`, {
      settings: { wordsPerLineLimit: 3 },
      expected_revision: style.revision,
    });
    expect(next.body.revision).toBe(style.revision! + 1);
    const stale = await api.patch(`${base}/captions/style`, {
      settings: { wordsPerLineLimit: 5 },
      expected_revision: style.revision,
    });
    expect(stale.status).toBe(409);
    expect(errorOf(stale).code).toBe('revision_conflict');
    const font = await api.patch(`${base}/captions/style`, {
      settings: { fontFamily: 'Wingdings' },
    });
    expect(errorOf(font).param).toBe('settings.fontFamily');
    const lines = await api.patch(`${base}/captions/style`, {
      settings: { maxLinesPerCaption: 1.5 },
    });
    expect(errorOf(lines).param).toBe('settings.maxLinesPerCaption');
  });
});
