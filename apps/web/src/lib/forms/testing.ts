import type { z } from 'zod';

/** For tests: what a form schema says about these values, as the resolver shows it (field → first message). */
export function problemsOf(schema: z.ZodType, values: unknown): Record<string, string> {
  const parsed = schema.safeParse(values);
  const found: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues)
    found[String(issue.path[0])] ??= issue.message;
  return found;
}
