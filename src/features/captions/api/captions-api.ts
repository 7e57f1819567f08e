/**
 * Writes: a gesture's word updates as one batched request, chunked as the service allows (500
 * words per request, one after another, each with its part of the gesture's Idempotency-Key so a
 * retry replays what already went through), and caption style updates.
 */
import { api, unwrap } from '@/api/client.ts';
import type {
  CaptionStyleResponse,
  CaptionWord,
  CaptionSettings,
  CaptionWordUpdate,
} from '@/api/schema.gen.ts';
import { chunk } from '../model/caption-change.ts';

export const MAX_WORD_UPDATES = 500;

export async function updateWords(
  projectId: string,
  updates: readonly CaptionWordUpdate[],
  idempotencyKey: string,
): Promise<CaptionWord[]> {
  const words: CaptionWord[] = [];
  const chunks = chunk(updates, MAX_WORD_UPDATES);
  for (const [i, part] of chunks.entries()) {
    const result = await unwrap(
      api.PATCH('/projects/{projectId}/captions/words', {
        params: {
          path: { projectId },
          header: {
            'Idempotency-Key': chunks.length === 1 ? idempotencyKey : `${idempotencyKey}.${i}`,
          },
        },
        body: { updates: part },
      }),
    );
    words.push(...result.words);
  }
  return words;
}

export function updateStyle(
  projectId: string,
  body: {
    settings?: Partial<CaptionSettings>;
    look_id?: string | null;
    expected_revision?: number;
  },
  idempotencyKey: string,
): Promise<CaptionStyleResponse> {
  return unwrap(
    api.PATCH('/projects/{projectId}/captions/style', {
      params: { path: { projectId }, header: { 'Idempotency-Key': idempotencyKey } },
      body,
    }),
  );
}
