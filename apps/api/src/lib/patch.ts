/**
 * The stored values with an update applied: update schemas have no defaults, so a field the caller left
 * out is absent (undefined) and keeps its value; null is a value (it clears the field).
 */
export function applyPatch<T extends object>(current: T, patch: { [K in keyof T]?: T[K] | undefined }): T {
  const sent = Object.entries(patch).filter(([, value]) => value !== undefined);
  return { ...current, ...(Object.fromEntries(sent) as Partial<T>) };
}

/** Only the fields an update names (for a write that sets just those columns). */
export function sentOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}
