/** The name of the constraint a failed statement broke (node-postgres puts it on the error or its cause). */
export function violatedConstraint(error: unknown, sqlState: string): string | undefined {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const cause = e.cause?.code ? e.cause : e;
  return cause.code === sqlState ? (cause.constraint ?? '') : undefined;
}

export const UNIQUE_VIOLATION = '23505';
