import { Tag } from 'primereact/tag';
import { yesNo } from './labels.ts';

/** A Y/N flag as a small coloured tag with its word, never colour alone. */
export function YesNoTag({ value }: { value: 'Y' | 'N' }) {
  return <Tag className={`settings-flag settings-flag--${value}`} value={yesNo(value)} />;
}

/** Text that may be absent. */
export function OptionalText({ text }: { text: string | null | undefined }) {
  return text ? <span>{text}</span> : <span className="muted">—</span>;
}
