import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorServer } from '../http-server.ts';
import type { CaptionStyleResponse, CaptionWord, Project, Schema } from '../store/contract.ts';
import type { Client } from './harness.ts';
import { client, errorOf, startTestServer } from './harness.ts';

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
