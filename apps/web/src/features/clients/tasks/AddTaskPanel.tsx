import '../../../styles/client-records.css';
import { ERROR_MESSAGES, SUCCESS_MESSAGES, taskTypesFor } from '@pd/contracts';
import { useMemo } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useCompanyUsers } from '../../../api/hooks.ts';
import { useCreateTask, useProcesses } from '../../../api/tasks.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { FormActions } from '../forms/FormActions.tsx';
import { SelectField } from '../forms/fields/SelectField.tsx';
import { YES_NO_OPTIONS } from '../forms/options.ts';
import { PanelFrame, PanelLoading, PanelNotice } from '../forms/PanelFrame.tsx';
import { Section } from '../forms/sections/Section.tsx';
import { useSaveForm } from '../forms/useSaveForm.ts';
import type { ClientPanelProps } from '../panelProps.ts';
import { useTimeZone } from '../products/format.ts';
import { useTitleWithClient } from '../products/useClientName.ts';
import { DescriptionField, DueField, NoteField } from './TaskFields.tsx';
import {
  newTaskValues,
  TASK_FIELDS,
  type TaskFormValues,
  taskFieldOf,
  taskResolver,
  valuesToTask,
} from './taskFormValues.ts';
import { TASKS_REFUSED, useTasksRefused } from './taskLabels.tsx';

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
        label: `${code}: ${label}`,
      })),
    [company.type],
  );
  const form = useForm<TaskFormValues>({
    defaultValues: newTaskValues(user.id, typeOptions[0]?.value ?? 'O'),
    resolver: taskResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { submit, otherProblems } = useSaveForm({
    form,
    save: (values) => create.mutateAsync(valuesToTask(values, clientId, timeZone)),
    success: SUCCESS_MESSAGES.addTask,
    failure: ERROR_MESSAGES.addTask,
    onDone,
    fieldOf: taskFieldOf,
    isShown: (field) => (TASK_FIELDS as readonly string[]).includes(field),
  });
  return (
    <FormProvider {...form}>
      <form className="client-form" onSubmit={submit} noValidate aria-labelledby="client-panel-title">
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
            <DescriptionField />
            <NoteField />
          </Section>
          <Section legend="Assignment">
            <SelectField name="userId" label="Assigned user" options={userOptions} required />
            <DueField timeZone={timeZone} />
            <SelectField name="clientVisible" label="Client visible" options={YES_NO_OPTIONS} required />
          </Section>
        </fieldset>
        <FormActions submitLabel="Add" onCancel={onCancel} otherProblems={otherProblems} />
      </form>
    </FormProvider>
  );
}
