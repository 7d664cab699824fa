import { CLIENT_TABS, ERROR_MESSAGES, SUCCESS_MESSAGES } from '@pd/contracts';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useAddNote } from '../../api/notes.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { panelTitle } from '../clients/tabs.ts';
import { NoteForm } from './NoteForm.tsx';
import { NotePanelFrame } from './NotePanelFrame.tsx';
import { newNoteValues } from './noteFormValues.ts';
import { useNoteForm } from './useNoteForm.ts';

type Action = 'new' | 'template';
const ACTIONS: { value: Action; label: string }[] = [
  { value: 'new', label: 'New note' },
  { value: 'template', label: 'From template' },
];

/** Tab 8. First the action (a new note, or one from a template: tab 25), then the note itself. */
export function AddNotePanel({ clientId, onDone, onCancel, openPanel }: ClientPanelProps) {
  const toast = useToast();
  const [action, setAction] = useState<Action | null>(null);
  const add = useAddNote(clientId ?? 0);
  const note = useNoteForm({
    defaultValues: newNoteValues(),
    flags: true,
    save: (payload) => add.mutateAsync(payload),
    success: SUCCESS_MESSAGES.addNote,
    failure: ERROR_MESSAGES.addNote,
    onDone,
  });

  const onSubmit = () => {
    if (action === 'new') void note.submit();
    else if (action === 'template') openPanel?.(CLIENT_TABS.noteFromTemplate);
    // Spec section 5: the Add button with an empty action choice.
    else toast.error(ERROR_MESSAGES.selectValidOption);
  };

  const actionChoice = (
    <div className="field note-form__action">
      <label htmlFor="note-action">Action</label>
      <Dropdown
        inputId="note-action"
        value={action}
        options={ACTIONS}
        optionLabel="label"
        optionValue="value"
        placeholder="Choose an action"
        onChange={(e) => setAction((e.value as Action | null) ?? null)}
        aria-describedby="note-action-hint"
        className="note-form__action-control"
        pt={{ select: { 'aria-hidden': true } }}
      />
      <small id="note-action-hint" className="client-form__hint">
        New note: write or draw a note. From template: start from one of the practice's note templates.
      </small>
    </div>
  );

  return (
    <NotePanelFrame
      title={panelTitle(CLIENT_TABS.addNote)}
      clientId={clientId}
      headingId="note-panel-heading"
      wide
    >
      <NoteForm
        note={note}
        onSubmit={onSubmit}
        submitLabel="Add"
        onCancel={onCancel}
        showFields={action === 'new'}
        flags
        before={actionChoice}
      />
    </NotePanelFrame>
  );
}
