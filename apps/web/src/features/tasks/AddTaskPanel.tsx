import '../../styles/client-records.css';
import { ERROR_MESSAGES, SUCCESS_MESSAGES, taskTypesFor } from '@pd/contracts';
import { useMemo, useState } from 'react';
import { useCompanyUsers } from '../../api/hooks.ts';
import { type NewTask, useCreateTask, useProcesses } from '../../api/tasks.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { DateField } from '../../components/form/DateField.tsx';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { capitalised, YES_NO_OPTIONS } from '../../components/form/options.ts';
import { RichTextField } from '../../components/form/RichTextField.tsx';
import { Section } from '../../components/form/Section.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { TextAreaField } from '../../components/form/TextField.tsx';
import { PanelFrame, PanelLoading, PanelNotice } from '../../components/panel/PanelFrame.tsx';
import type { ClientPanelProps } from '../../components/panel/panelProps.ts';
import { useTimeZone } from '../../lib/company.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { useTitleWithClient } from '../../lib/useTitleWithClient.ts';
import { newTaskValues, type TaskFormValues, taskFormSchema } from './taskFormValues.ts';
import { DEFAULT_TASK_TYPE, TASKS_REFUSED, useTasksRefused } from './taskLabels.tsx';

type Option = { value: string; label: string };

/** Tab 10, Add task. Not for practice users (spec section 6). */
export function AddTaskPanel({ clientId, onDone, onCancel }: ClientPanelProps) {
  const { user } = useSession();
  const refused = useTasksRefused();
  const processes = useProcesses(user.companyId, !refused);
  const users = useCompanyUsers(user.companyId);
  const title = useTitleWithClient('Add task', clientId);
  const processOptions = useMemo<Option[]>(
    () =>
      (processes.data ?? [])
        .filter((p) => p.active === 'Y')
        .map((p) => ({ value: String(p.id), label: p.name })),
    [processes.data],
  );
  const userOptions = useMemo<Option[]>(
    () =>
      (users.data ?? [])
        .filter((u) => u.active || u.id === user.id)
        .map((u) => ({ value: String(u.id), label: `${u.displayName} (${u.username})` })),
    [users.data, user.id],
  );
  return (
    <PanelFrame title={title}>
      {refused ? (
        <PanelNotice text={TASKS_REFUSED} onCancel={onCancel} />
      ) : clientId === undefined ? (
        <PanelNotice text="No client was chosen. Choose a client in the list first." onCancel={onCancel} />
      ) : processes.isError || users.isError ? (
        <PanelNotice tone="error" text="The processes or users could not be loaded." onCancel={onCancel} />
      ) : processes.isPending || users.isPending ? (
        <PanelLoading text="Loading the task form. Please wait." />
      ) : (
        <AddTaskForm
          clientId={clientId}
          processOptions={processOptions}
          userOptions={userOptions}
          onDone={onDone}
          onCancel={onCancel}
        />
      )}
    </PanelFrame>
  );
}

interface AddTaskFormProps extends Pick<ClientPanelProps, 'onDone' | 'onCancel'> {
  clientId: number;
  processOptions: Option[];
  userOptions: Option[];
}

function AddTaskForm({ clientId, processOptions, userOptions, onDone, onCancel }: AddTaskFormProps) {
  const { user, company } = useSession();
  const timeZone = useTimeZone();
  const create = useCreateTask(user.companyId);
  const typeOptions = useMemo<Option[]>(
    () =>
      Object.entries(taskTypesFor(company.type)).map(([code, label]) => ({
        value: code,
        label: capitalised(label),
      })),
    [company.type],
  );
  const [schema] = useState(() => taskFormSchema(clientId, timeZone));
  const { form, submit, problems } = useContractForm<TaskFormValues, NewTask>({
    schema,
    defaultValues: newTaskValues(user.id, DEFAULT_TASK_TYPE[company.type]),
    save: (task) => create.mutateAsync(task),
    success: SUCCESS_MESSAGES.addTask,
    failure: ERROR_MESSAGES.addTask,
    onDone,
  });
  return (
    <FormShell form={form} onSubmit={submit}>
      <p className="client-form__legend-note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required. A new task starts as initiated.
      </p>
      <fieldset className="client-form__body" disabled={form.formState.isSubmitting}>
        <Section legend="Task">
          <SelectField
            name="processId"
            label="Process"
            options={processOptions}
            clearable
            placeholder={processOptions.length === 0 ? 'No active processes' : 'No process'}
          />
          <SelectField name="type" label="Type" options={typeOptions} required />
          <TextAreaField name="description" label="Description" required wide maxLength={500} />
          <RichTextField
            name="note"
            label="Note"
            wide
            height="9rem"
            placeholder="Details for whoever works on the task (optional)"
          />
        </Section>
        <Section legend="Assignment">
          <SelectField name="userId" label="Assigned user" options={userOptions} required />
          <DateField
            name="due"
            label="Due date and time"
            hint={`Time in ${timeZone.replace('_', ' ')}.`}
            showTime
          />
          <SelectField name="clientVisible" label="Client visible" options={YES_NO_OPTIONS} required />
        </Section>
      </fieldset>
      <FormActions submitLabel="Add" onCancel={onCancel} problems={problems} />
    </FormShell>
  );
}
