import { CLIENT_TABS, NOTE_FORMATS, NOTE_STATUSES, NOTE_TYPES, type Note } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { MenuItem } from 'primereact/menuitem';
import { SplitButton } from 'primereact/splitbutton';
import { useClientNotes } from '../../api/notes.ts';
import { scrollingTablePt } from '../../components/a11y.ts';
import { Coded } from '../../components/Coded.tsx';
import { YES_NO_LABELS } from '../../components/form/options.ts';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { panelTitle } from '../clients/tabs.ts';
import { NotePanelFrame, NotesProblem } from './NotePanelFrame.tsx';

export const LOADING_NOTES = 'Loading notes. Please wait.';
export const NO_NOTES = 'No notes found.';

/** Tab 9: the client's notes the user may see, each with View, and Update and Delete when they may change it. */
export function NotesPanel({ clientId, onCancel, openPanel }: ClientPanelProps) {
  const notes = useClientNotes(clientId);
  const open = (tab: number, id?: number) => openPanel?.(tab, id);

  const actions = (note: Note) => {
    const model: MenuItem[] = [
      { label: 'View', icon: 'pi pi-eye', command: () => open(CLIENT_TABS.viewNote, note.id) },
    ];
    if (note.canEdit) {
      model.push(
        { label: 'Update', icon: 'pi pi-pencil', command: () => open(CLIENT_TABS.updateNote, note.id) },
        { label: 'Delete', icon: 'pi pi-trash', command: () => open(CLIENT_TABS.deleteNote, note.id) },
      );
    }
    return (
      <SplitButton
        label="View"
        size="small"
        outlined
        className="row-actions"
        model={model}
        onClick={() => open(CLIENT_TABS.viewNote, note.id)}
        buttonProps={{ 'aria-label': `View note ${note.id}`, title: `View ${note.subject}` }}
        menuButtonProps={{ 'aria-label': `Actions for note ${note.id}` }}
      />
    );
  };

  const header = (
    <div className="notes-table__header">
      <span className="notes-table__count" aria-live="polite" data-testid="notes-summary">
        {notes.isPending
          ? LOADING_NOTES
          : notes.data
            ? `${notes.data.length} ${notes.data.length === 1 ? 'note' : 'notes'}`
            : ''}
      </span>
      <div className="notes-table__buttons">
        <Button
          type="button"
          label="Add note"
          icon="pi pi-plus"
          size="small"
          onClick={() => open(CLIENT_TABS.addNote)}
        />
        <Button
          type="button"
          label="Back to the client list"
          icon="pi pi-arrow-left"
          size="small"
          outlined
          onClick={onCancel}
        />
      </div>
    </div>
  );

  return (
    <NotePanelFrame
      title={panelTitle(CLIENT_TABS.viewNotes)}
      clientId={clientId}
      headingId="note-panel-heading"
      wide
    >
      {notes.isError ? (
        <NotesProblem
          text="The notes could not be loaded. Please try again."
          onBack={onCancel}
          backLabel="Back to the client list"
        />
      ) : (
        <DataTable
          value={notes.data ?? []}
          dataKey="id"
          loading={notes.isPending}
          header={header}
          emptyMessage={notes.isPending ? LOADING_NOTES : NO_NOTES}
          paginator
          rows={100}
          rowsPerPageOptions={[10, 20, 50, 100]}
          size="small"
          stripedRows
          className="client-table notes-table"
          pt={scrollingTablePt('Notes')}
        >
          <Column header="Actions" body={actions} className="client-table__actions" />
          <Column field="id" header="ID" sortable />
          <Column field="subject" header="Subject" sortable className="notes-table__subject" />
          <Column
            field="type"
            header="Type"
            body={(n: Note) => <Coded code={n.type} label={NOTE_TYPES[n.type]} kind="type" />}
          />
          <Column
            field="format"
            header="Format"
            body={(n: Note) => <Coded code={n.format} label={NOTE_FORMATS[n.format]} kind="format" />}
          />
          <Column
            field="editable"
            header="Editable"
            body={(n: Note) => <Coded code={n.editable} label={YES_NO_LABELS[n.editable]} kind="yesno" />}
          />
          <Column
            field="sharable"
            header="Sharable"
            body={(n: Note) => <Coded code={n.sharable} label={YES_NO_LABELS[n.sharable]} kind="yesno" />}
          />
          <Column
            field="status"
            header="Status"
            body={(n: Note) => <Coded code={n.status} label={NOTE_STATUSES[n.status]} kind="status" />}
          />
        </DataTable>
      )}
    </NotePanelFrame>
  );
}
