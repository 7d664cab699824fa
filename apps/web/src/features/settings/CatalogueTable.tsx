import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { ComponentType, ReactNode } from 'react';
import type { CatalogueResource } from '../../api/settings.ts';
import { useCatalogue } from './useCatalogue.ts';

const PAGE_SIZES = [10, 20, 50, 100];

interface CatalogueTableProps<Item extends { id: number }> {
  /** Plural noun, e.g. "billing plans": the heading, the empty and loading messages. */
  plural: string;
  /** Singular noun for the buttons, e.g. "billing plan". */
  noun: string;
  items: Item[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  canChange: boolean;
  itemName: (item: Item) => string;
  onAdd: () => void;
  onEdit: (item: Item) => void;
  onDelete: (item: Item) => void;
  /** The data columns: an array of keyed PrimeReact <Column>s (DataTable does not look into fragments). */
  columns: ReactNode[];
  /** The column sorted on first. */
  sortField: string;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** One set-up list: heading with Add, a sortable table, Edit and Delete per row for administrators. */
export function CatalogueTable<Item extends { id: number }>({
  plural,
  noun,
  items,
  loading,
  failed,
  onRetry,
  canChange,
  itemName,
  onAdd,
  onEdit,
  onDelete,
  columns,
  sortField,
}: CatalogueTableProps<Item>) {
  const headingId = `settings-${plural.replace(/\s+/g, '-')}-heading`;
  const actions = (item: Item) => (
    <div className="settings-table__actions">
      <Button
        type="button"
        label="Edit"
        icon="pi pi-pencil"
        size="small"
        outlined
        aria-label={`Edit ${itemName(item)}`}
        onClick={() => onEdit(item)}
      />
      <Button
        type="button"
        label="Delete"
        icon="pi pi-trash"
        size="small"
        outlined
        className="settings-table__delete"
        aria-label={`Delete ${itemName(item)}`}
        onClick={() => onDelete(item)}
      />
    </div>
  );
  const rows = items ?? [];
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <div className="settings-section__header">
        <h2 id={headingId}>{capitalise(plural)}</h2>
        {canChange && (
          <Button type="button" label={`Add ${noun}`} icon="pi pi-plus" size="small" onClick={onAdd} />
        )}
      </div>
      {failed && (
        <div className="notice notice--error" role="alert">
          <span>The {plural} could not be loaded.</span>
          <Button type="button" label="Try again" size="small" text onClick={onRetry} />
        </div>
      )}
      {!(failed && rows.length === 0) && (
        <DataTable
          value={rows}
          dataKey="id"
          loading={loading}
          emptyMessage={loading ? `Loading ${plural}. Please wait.` : `No ${plural} yet.`}
          sortField={sortField}
          sortOrder={1}
          removableSort
          paginator={rows.length > 100}
          rows={100}
          rowsPerPageOptions={PAGE_SIZES}
          stripedRows
          size="small"
          className="settings-table"
          pt={{ table: { 'aria-labelledby': headingId } }}
        >
          {columns}
          {canChange && (
            <Column
              header="Actions"
              body={actions}
              headerClassName="settings-table__actions-header"
              bodyClassName="settings-table__actions-cell"
            />
          )}
        </DataTable>
      )}
    </section>
  );
}

/** What a set-up tab's dialog gets: the item it changes (null adds one), save (create or update), onDone. */
export interface CatalogueFormProps<Item, Input> {
  item: Item | null;
  save: (input: Input) => Promise<unknown>;
  onDone: () => void;
  /** Singular noun for the toast, e.g. "billing plan". */
  noun: string;
}

/**
 * What every set-up dialog's form does alike (for useContractForm): save, toast `Saved process "Visits".`,
 * close; fields are checked once touched.
 */
export const dialogSaving = <Item, Input>(
  { save, onDone, noun }: CatalogueFormProps<Item, Input>,
  nameOf: (input: Input) => string,
) => ({
  save,
  success: (input: Input) => `Saved ${noun} "${nameOf(input)}".`,
  mode: 'onTouched' as const,
  onDone,
});

interface CatalogueTabProps<Item extends { id: number }, Input>
  extends Pick<CatalogueTableProps<Item>, 'plural' | 'noun' | 'sortField' | 'columns' | 'itemName'> {
  resource: CatalogueResource<Item, Input>;
  /** The dialog that adds or changes an item. */
  Form: ComponentType<CatalogueFormProps<Item, Input>>;
  /** The toast after a delete, from the contracts catalogue ("Deleted room."). */
  deletedMessage?: string;
}

/** A set-up tab: its table, and the dialog open to add or change an item. */
export function CatalogueTab<Item extends { id: number }, Input>({
  resource,
  itemName,
  Form,
  deletedMessage,
  ...table
}: CatalogueTabProps<Item, Input>) {
  const catalogue = useCatalogue(resource, table.noun, itemName, deletedMessage);
  const { editing } = catalogue;
  return (
    <>
      <CatalogueTable {...table} {...catalogue.tableProps} />
      {editing && (
        <Form
          item={editing.item}
          save={(input) => catalogue.save(editing.item?.id ?? null, input)}
          onDone={catalogue.close}
          noun={table.noun}
        />
      )}
    </>
  );
}
