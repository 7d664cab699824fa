import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { type FormEvent, useState } from 'react';
import { useAddNoteFromTemplate, useNoteTemplates } from '../../../api/notes.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import { RichTextView } from '../../../components/RichTextView.tsx';
import type { ClientPanelProps } from '../panelProps.ts';
import { PANEL_TITLES } from '../tabs.ts';
import { NotePanelFrame, NotesLoading, NotesProblem } from './NotePanelFrame.tsx';

export const NO_TEMPLATES =
  'The practice has no note templates yet. An administrator can add them in Settings.';

/** Tab 25: a note from one of the company's templates (its subject and body, the new-note defaults). */
export function NoteFromTemplatePanel({ clientId, onDone, onCancel }: ClientPanelProps) {
  const { user } = useSession();
  const templates = useNoteTemplates(user.companyId);
  const add = useAddNoteFromTemplate(clientId ?? 0);
  const toast = useToast();
  const [templateId, setTemplateId] = useState<number | null>(null);
  const chosen = templates.data?.find((t) => t.id === templateId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    if (!chosen) {
      toast.error(ERROR_MESSAGES.selectValidOption);
      return;
    }
    try {
      await add.mutateAsync(chosen.id);
      toast.success(SUCCESS_MESSAGES.addNote);
      onDone();
    } catch {
      toast.error(ERROR_MESSAGES.addNote);
    }
  };

  const body = () => {
    if (templates.isPending) return <NotesLoading text="Loading the note templates. Please wait." />;
    if (templates.isError)
      return (
        <NotesProblem
          text="The note templates could not be loaded. Please try again."
          onBack={onCancel}
          backLabel="Back to the client list"
        />
      );
    if (templates.data.length === 0)
      return <NotesProblem text={NO_TEMPLATES} onBack={onCancel} backLabel="Back to the client list" />;
    return (
      <form className="clients-panel__body" onSubmit={submit} noValidate aria-labelledby="note-panel-heading">
        <div className="field">
          <label htmlFor="note-template">Template</label>
          <Dropdown
            inputId="note-template"
            value={templateId}
            options={templates.data}
            optionLabel="subject"
            optionValue="id"
            placeholder="Choose a template"
            onChange={(e) => setTemplateId((e.value as number | null) ?? null)}
            className="note-form__action-control"
            pt={{ select: { 'aria-hidden': true } }}
          />
        </div>
        <section className="note-template-preview" aria-labelledby="note-template-preview-heading">
          <h3 id="note-template-preview-heading">{chosen ? chosen.subject : 'Preview'}</h3>
          {chosen ? (
            <RichTextView html={chosen.body} empty="This template has no text." className="note-view__text" />
          ) : (
            <p className="muted">Choose a template to see its text.</p>
          )}
        </section>
        <p className="muted note-template-preview__hint">
          The note starts as a personal rich-text note, not shared; you can change it afterwards.
        </p>
        <div className="clients-panel__actions">
          <Button
            type="submit"
            label="Add"
            icon="pi pi-check"
            loading={add.isPending}
            disabled={add.isPending}
          />
          <Button type="button" label="Cancel" icon="pi pi-times" outlined onClick={onCancel} />
        </div>
      </form>
    );
  };

  return (
    <NotePanelFrame
      title={PANEL_TITLES[25] ?? 'Add note from template'}
      clientId={clientId}
      headingId="note-panel-heading"
    >
      {body()}
    </NotePanelFrame>
  );
}
