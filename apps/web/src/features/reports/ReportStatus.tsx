import { Button } from 'primereact/button';
import { problemOf } from './ReportDownloads.tsx';

interface ReportStatusProps<T> {
  /** The report's name, for the test ids (`{report}-error`, `{report}-summary`). */
  report: string;
  state: { isError: boolean; isPending: boolean; error: unknown; refetch: () => unknown };
  data: T | undefined;
  /** The text summary of the figures, read out by screen readers when they change. */
  summary: (data: T) => string;
}

/** A report section's problem notice (with "Try again") and its one-line summary as a live status. */
export function ReportStatus<T>({ report, state, data, summary }: ReportStatusProps<T>) {
  return (
    <>
      {state.isError && (
        <div className="notice notice--error" role="alert" data-testid={`${report}-error`}>
          <span>{problemOf(state.error)}</span>
          <Button type="button" label="Try again" size="small" text onClick={() => void state.refetch()} />
        </div>
      )}
      <p className="muted" role="status" data-testid={`${report}-summary`}>
        {state.isPending ? 'Loading the report…' : data ? summary(data) : ''}
      </p>
    </>
  );
}
