/**
 * A list's empty row: loading, not loaded (the section's error above says why and offers Try again), or the list's own
 * "nothing here".
 */
export function EmptyRow({
  pending,
  failed,
  loading,
  empty,
  testId,
}: {
  pending: boolean;
  failed: boolean;
  loading: string;
  empty: string;
  testId?: string;
}) {
  return (
    <span role="status" data-testid={testId}>
      {pending ? loading : failed ? 'Not loaded.' : empty}
    </span>
  );
}
