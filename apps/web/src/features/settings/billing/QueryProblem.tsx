import { Button } from 'primereact/button';

/**
 * While a query has no data: its error (with Try again) or that it is loading. Nothing once it has data.
 * `what` names the thing, e.g. "the billing settings".
 */
export function QueryProblem({
  query,
  what,
}: {
  query: { isError: boolean; isPending: boolean; refetch: () => Promise<unknown> };
  what: string;
}) {
  if (query.isError)
    return (
      <div className="notice notice--error" role="alert">
        <span>{`${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded.`}</span>
        <Button type="button" label="Try again" size="small" text onClick={() => void query.refetch()} />
      </div>
    );
  if (query.isPending)
    return (
      <p role="status" className="muted">
        {`Loading ${what}. Please wait.`}
      </p>
    );
  return null;
}
