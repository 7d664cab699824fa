import { capitalised } from './form/options.ts';

/**
 * A code shown as its word ("Natural person", not "N"), in the look of the client list's type and status
 * cells; the code stays in data-code for styling and tests.
 */
export function Coded({ code, label, kind }: { code: string; label: string | undefined; kind: string }) {
  return (
    <span className={`coded coded--${kind} coded--${kind}-${code}`} data-code={code}>
      <span className="coded__code">{label ? capitalised(label) : code}</span>
    </span>
  );
}
