import { CLIENT_TABS, ERROR_MESSAGES, idField, SUCCESS_MESSAGES } from '@pd/contracts';
import { z } from 'zod';
import { useAddNoteFromTemplate, useNoteTemplates } from '../../api/notes.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { RichTextView } from '../../components/RichTextView.tsx';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { panelTitle } from '../clients/tabs.ts';
import { NotePanelFrame, NotesLoading, NotesProblem } from './NotePanelFrame.tsx';

export const NO_TEMPLATES =
  'The practice has no note templates yet. An administrator can add them in Settings.';

/** The template is the path of the request; Add without one says so (spec section 5). */
const templateChoice = z.object({
  templateId: z.number({ error: ERROR_MESSAGES.selectValidOption }).pipe(idField),
});

/** Tab 25: a note from one of the company's templates (its subject and body, the new-note defaults). */
export function NoteFromTemplatePanel({ clientId, onDone, onCancel }: ClientPanelProps) {
  const { user } = useSession();
  const templates = useNoteTemplates(user.companyId);
  const add = useAddNoteFromTemplate(clientId ?? 0);
  const toast = useToast();
  const { form, submit, problems } = useContractForm<{ templateId: number | null }, { templateId: number }>({
    schema: templateChoice,
    defaultValues: { templateId: null },
    save: ({ templateId }) => add.mutateAsync(templateId),
    success: SUCCESS_MESSAGES.addNote,
    failure: ERROR_MESSAGES.addNote,
    onDone,
    onFieldErrors: (fields) => {
      if (fields.includes('templateId') && !form.getValues('templateId'))
        toast.error(ERROR_MESSAGES.selectValidOption);
    },
  });
  const templateId = form.watch('templateId');
  const chosen = templates.data?.find((t) => t.id === templateId);

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
      <FormShell
        form={form}
        onSubmit={submit}
        idPrefix="note-"
        className="clients-panel__body"
        labelledBy="note-panel-heading"
      >
        <SelectField
          name="templateId"
          id="note-template"
          label="Template"
          options={templates.data.map((t) => ({ value: t.id, label: t.subject }))}
          placeholder="Choose a template"
        />
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
        <FormActions submitLabel="Add" onCancel={onCancel} problems={problems} />
      </FormShell>
    );
  };

  return (
    <NotePanelFrame
      title={panelTitle(CLIENT_TABS.noteFromTemplate)}
      clientId={clientId}
      headingId="note-panel-heading"
    >
      {body()}
    </NotePanelFrame>
  );
}
