import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@pd/contracts';
import { Dropdown } from 'primereact/dropdown';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAddNote } from '../../../api/notes.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import { useSaveForm } from '../forms/useSaveForm.ts';
import type { ClientPanelProps } from '../panelProps.ts';
import { PANEL_TITLES } from '../tabs.ts';
import { shownNoteFields } from './NoteFields.tsx';
import { NoteForm } from './NoteForm.tsx';
import { NotePanelFrame } from './NotePanelFrame.tsx';
import {
  type NoteFormValues,
  newNoteValues,
  noteFieldOf,
  noteResolver,
  toNotePayload,
} from './noteFormValues.ts';

type Action = 'new' | 'template';
const ACTIONS: { value: Action; label: string }[] = [
  { value: 'new', label: 'New note' },
  { value: 'template', label: 'From template' },
];
export const TEMPLATE_TAB = 25;

/** Tab 8. First the action (a new note, or one from a template: tab 25), then the note itself. */
export function AddNotePanel({ clientId, onDone, onCancel, openPanel }: ClientPanelProps) {
  const toast = useToast();
  const [action, setAction] = useState<Action | null>(null);
  const add = useAddNote(clientId ?? 0);
  const form = useForm<NoteFormValues>({
    defaultValues: newNoteValues(),
    resolver: noteResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { submit, otherProblems } = useSaveForm({
    form,
    save: (values) => add.mutateAsync(toNotePayload(values, { flags: true })),
    success: SUCCESS_MESSAGES.addNote,
    failure: ERROR_MESSAGES.addNote,
    onDone,
    fieldOf: (path) => noteFieldOf(path, form.getValues('format')),
    isShown: (field) => shownNoteFields(form.getValues(), true).has(field),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (action === 'new') void submit(event);
    else if (action === 'template') openPanel?.(TEMPLATE_TAB);
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
      title={PANEL_TITLES[8] ?? 'Add note'}
      clientId={clientId}
      headingId="note-panel-heading"
      wide
    >
      <NoteForm
        form={form}
        onSubmit={onSubmit}
        otherProblems={otherProblems}
        submitLabel="Add"
        onCancel={onCancel}
        showFields={action === 'new'}
        flags
        before={actionChoice}
      />
    </NotePanelFrame>
  );
}
