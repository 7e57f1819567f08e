/**
 * What the scene, character, model and style-anchor editors accept, checked before anything is
 * sent (limits as FacelessPlanReviseRequest declares them in the contract).
 */
import { z } from 'zod/mini';

const text = (what: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `Give the ${what}.`),
      z.maxLength(max, `Keep the ${what} to ${max.toLocaleString('en')} characters or fewer.`),
    );

export const sceneEditSchema = z.object({
  title: text('title', 200),
  narration: text('narration', 2000),
  originalCue: z
    .string()
    .check(z.maxLength(2000, 'Keep the original cue to 2,000 characters or fewer.')),
  imagePrompt: text('image prompt', 2000),
  motionPrompt: text('motion prompt', 2000),
  durationSeconds: z
    .number('Give the duration in seconds.')
    .check(
      z.gt(0, 'The duration must be above 0 seconds.'),
      z.lte(60, 'Keep a scene to 60 seconds or less.'),
    ),
  locationId: text('location', 200),
  characterIds: z
    .array(z.string())
    .check(z.maxLength(20, 'A scene can show at most 20 characters.')),
});

export const characterEditSchema = z.object({
  name: text('name', 200),
  canonicalDescription: text('description', 2000),
  anchorPrompt: text('anchor prompt', 2000),
  voiceId: text('voice', 200),
  voiceStyle: text('voice style', 200),
  storyFacts: z
    .array(
      z
        .string()
        .check(z.trim(), z.maxLength(500, 'Keep each story fact to 500 characters or fewer.')),
    )
    .check(z.maxLength(50, 'Keep to 50 story facts or fewer.')),
  referenceAssetIds: z.array(z.string()).check(z.maxLength(20, 'Keep to 20 references or fewer.')),
});

export const modelsEditSchema = z.object({
  plannerModelId: text('planner model id', 200),
  imageModelId: text('image model id', 200),
  videoModelId: text('video model id', 200),
});

export const styleAnchorEditSchema = z.object({
  styleAnchorPrompt: text('style anchor prompt', 2000),
});

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** Parses form values; the first message per field when they do not fit. */
export function validateEdit<T extends Record<string, unknown>>(
  schema: z.ZodMiniType<T>,
  values: unknown,
): { ok: true; values: T } | { ok: false; errors: FieldErrors<T> } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: FieldErrors<T> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof T;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** One story fact per line; blank lines dropped. */
export const linesToList = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export type SceneEdit = z.infer<typeof sceneEditSchema>;
export type CharacterEdit = z.infer<typeof characterEditSchema>;
