import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { YES_NO_LABELS } from '../../components/form/options.ts';

/** A Y/N flag as a small coloured tag with its word, never colour alone. */
export function YesNoTag({ value }: { value: 'Y' | 'N' }) {
  return <Tag className={`settings-flag settings-flag--${value}`} value={YES_NO_LABELS[value]} />;
}

/** Text that may be absent. */
export function OptionalText({ text }: { text: string | null | undefined }) {
  return text ? <span>{text}</span> : <span className="muted">—</span>;
}

type Row = Record<string, unknown>;

/** A sortable Y/N column (Active, Bookable). DataTable reads its columns as direct children: call, not render. */
export const yesNoColumn = (field: string, header: string) => (
  <Column
    key={field}
    field={field}
    header={header}
    sortable
    body={(row: Row) => <YesNoTag value={row[field] === 'Y' ? 'Y' : 'N'} />}
  />
);

/** A column of text that may be absent (a description, a plan's name). */
export const optionalTextColumn = (field: string, header: string, options: { sortable?: boolean } = {}) => (
  <Column
    key={field}
    field={field}
    header={header}
    sortable={options.sortable}
    body={(row: Row) => <OptionalText text={row[field] as string | null} />}
    className={options.sortable ? undefined : 'settings-table__text'}
  />
);

/** A sortable money column, right-aligned, in the company currency. */
export const moneyColumn = (field: string, header: string, format: (cents: number) => string) => (
  <Column
    key={field}
    field={field}
    header={header}
    sortable
    body={(row: Row) => format(row[field] as number)}
    className="settings-table__money"
    headerClassName="settings-table__money"
  />
);
