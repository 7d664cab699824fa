import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@pd/contracts';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { type FormEvent, useState } from 'react';
import { useClient, useDeleteClient } from '../../../api/clients.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import { CLIENT_STATUS_LABELS } from '../list/columns.ts';
import type { ClientPanelProps } from '../panelProps.ts';
import { PanelNotice } from './PanelNotice.tsx';

type Answer = 'Y' | 'N';
const ANSWERS: { value: Answer; label: string }[] = [
  { value: 'N', label: 'No, keep this client' },
  { value: 'Y', label: 'Yes, delete this client' },
];

const sameName = (typed: string, name: string) =>
  name.trim() !== '' && typed.trim().toLowerCase() === name.trim().toLowerCase();

/** Tab 5. Spec: a Yes/No confirmation defaulting to No, and a typed confirmation; both apply. */
export function DeleteClientPanel({ clientId, onDone, onCancel }: ClientPanelProps) {
  const client = useClient(clientId);
  const remove = useDeleteClient();
  const toast = useToast();
  const [answer, setAnswer] = useState<Answer>('N');
  const [typed, setTyped] = useState('');

  if (client.isPending) return <p className="muted">Loading the client. Please wait.</p>;
  if (client.isError || !clientId) {
    return (
      <PanelNotice title="Delete client" icon="pi pi-exclamation-triangle">
        This client could not be found. It may have been deleted already.
      </PanelNotice>
    );
  }

  const { name } = client.data;
  const canDelete = answer === 'Y' && sameName(typed, name) && !remove.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canDelete) return;
    try {
      await remove.mutateAsync(clientId);
      toast.success(SUCCESS_MESSAGES.deleteClient);
      onDone();
    } catch (error) {
      console.error('Deleting the client failed', error);
      toast.error(ERROR_MESSAGES.deleteClient);
    }
  };

  return (
    <section className="clients-panel" aria-labelledby="delete-client-heading">
      <h2 id="delete-client-heading">Delete client</h2>
      <form className="clients-panel__body" onSubmit={submit} noValidate>
        <dl className="details" data-testid="delete-client-details">
          <dt>Name</dt>
          <dd>{name}</dd>
          <dt>ID</dt>
          <dd>{client.data.id}</dd>
          <dt>E-mail</dt>
          <dd>{client.data.email ?? '—'}</dd>
          <dt>Mobile</dt>
          <dd>{client.data.mobile ?? '—'}</dd>
          <dt>Status</dt>
          <dd>{CLIENT_STATUS_LABELS[client.data.status] ?? client.data.status}</dd>
        </dl>
        <p className="notice notice--info">
          <span className="pi pi-info-circle" aria-hidden="true" />
          The client leaves every list and search. Their invoices, notes and audit entries are kept.
        </p>
        <fieldset className="delete-choice">
          <legend>Delete {name}?</legend>
          {ANSWERS.map((option) => (
            <div key={option.value} className="delete-choice__option">
              <RadioButton
                inputId={`delete-answer-${option.value}`}
                name="delete-answer"
                value={option.value}
                checked={answer === option.value}
                onChange={() => {
                  setAnswer(option.value);
                  setTyped('');
                }}
              />
              <label htmlFor={`delete-answer-${option.value}`}>{option.label}</label>
            </div>
          ))}
        </fieldset>
        {answer === 'Y' && (
          <div className="field delete-confirm">
            <label htmlFor="delete-confirm-name">
              Type the client's name, <strong>{name}</strong>, to confirm
            </label>
            <InputText
              id="delete-confirm-name"
              value={typed}
              autoComplete="off"
              autoFocus
              onChange={(e) => setTyped(e.target.value)}
              aria-describedby="delete-confirm-hint"
            />
            <small id="delete-confirm-hint" className="muted">
              Capital letters do not matter.
            </small>
          </div>
        )}
        <div className="clients-panel__actions">
          <Button
            type="submit"
            label="Delete"
            icon="pi pi-trash"
            severity="danger"
            disabled={!canDelete}
            loading={remove.isPending}
          />
          <Button type="button" label="Cancel" outlined onClick={onCancel} />
        </div>
      </form>
    </section>
  );
}
