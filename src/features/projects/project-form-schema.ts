import { z } from 'zod/mini';

/** What the project form accepts, checked before any request (limits from the contract). */
export const projectFormSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Give the project a name.'),
      z.maxLength(200, 'Keep the name to 200 characters or fewer.'),
    ),
  description: z
    .string()
    .check(z.trim(), z.maxLength(2000, 'Keep the description to 2,000 characters or fewer.')),
});

export type ProjectFormValues = z.infer<typeof projectFormSchema>;

export type ProjectFormErrors = Partial<Record<keyof ProjectFormValues, string>>;

export function validateProjectForm(
  values: ProjectFormValues,
): { ok: true; values: ProjectFormValues } | { ok: false; errors: ProjectFormErrors } {
  const parsed = projectFormSchema.safeParse(values);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: ProjectFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ProjectFormValues;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
