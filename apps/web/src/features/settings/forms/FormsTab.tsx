import { FORM_BUILDER_MESSAGES, type FormSummary, formatDateTimeIn, isAdministrator } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { useState } from 'react';
import { useFormList, useFormMutations } from '../../../api/forms.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import { useTimeZone } from '../../../lib/company.ts';
import { failureMessage } from '../../../lib/forms/serverErrors.ts';
import { FormEditor } from './FormEditor.tsx';
import { NewFormDialog } from './NewFormDialog.tsx';
import './forms.css';

const HEADING_ID = 'settings-forms-heading';

/** The newest change of a form: its draft's, else its published version's. */
const updatedOf = (form: FormSummary) => form.draft?.updated ?? form.published?.updated ?? form.created;

/** Settings → Forms (issue 18, part 2): the company's forms; opening one shows the builder. */
export function FormsTab() {
  const { user, company } = useSession();
  const canChange = isAdministrator(user);
  const timeZone = useTimeZone();
  const toast = useToast();
  const list = useFormList(company.id);
  const mutations = useFormMutations(company.id);
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const open = list.data?.find((f) => f.id === openId);

  if (open)
    return (
      <FormEditor
        key={open.id}
        form={open}
        canChange={canChange}
        mutations={mutations}
        onClose={() => setOpenId(null)}
      />
    );

  const discard = (form: FormSummary) =>
    confirmDialog({
      header: 'Discard draft',
      message: FORM_BUILDER_MESSAGES.discardConfirm(form.name),
      icon: 'pi pi-exclamation-triangle',
      defaultFocus: 'reject',
      acceptLabel: 'Yes',
      rejectLabel: 'No',
      acceptClassName: 'p-button-danger',
      accept: () =>
        mutations.discardDraft.mutate(form.id, {
          onSuccess: () => toast.success(FORM_BUILDER_MESSAGES.discarded(form.name)),
          onError: (error) => toast.error(failureMessage(error)),
        }),
    });

  const actions = (form: FormSummary) => (
    <div className="settings-table__actions">
      <Button
        type="button"
        label={canChange ? 'Edit' : 'View'}
        icon={canChange ? 'pi pi-pencil' : 'pi pi-eye'}
        size="small"
        outlined
        aria-label={`${canChange ? 'Edit' : 'View'} ${form.name}`}
        onClick={() => setOpenId(form.id)}
      />
      {canChange && form.published && form.draft && (
        <Button
          type="button"
          label="Discard draft"
          icon="pi pi-trash"
          size="small"
          outlined
          className="settings-table__delete"
          aria-label={`Discard the draft of ${form.name}`}
          onClick={() => discard(form)}
        />
      )}
    </div>
  );

  const rows = list.data ?? [];
  return (
    <section className="settings-section" aria-labelledby={HEADING_ID}>
      <div className="settings-section__header">
        <h2 id={HEADING_ID}>Forms</h2>
        {canChange && (
          <Button
            type="button"
            label="New form"
            icon="pi pi-plus"
            size="small"
            onClick={() => setAdding(true)}
          />
        )}
      </div>
      <p className="muted">
        Forms clients fill in online. A published version never changes: editing it makes a new version, and
        forms already sent keep the version they were sent with.
      </p>
      {list.isError && (
        <div className="notice notice--error" role="alert">
          <span>The forms could not be loaded.</span>
          <Button type="button" label="Try again" size="small" text onClick={() => void list.refetch()} />
        </div>
      )}
      {!(list.isError && rows.length === 0) && (
        <DataTable
          value={rows}
          dataKey="id"
          loading={list.isPending}
          emptyMessage={list.isPending ? 'Loading forms. Please wait.' : 'No forms yet.'}
          sortField="name"
          sortOrder={1}
          removableSort
          stripedRows
          size="small"
          className="settings-table"
          pt={{ table: { 'aria-labelledby': HEADING_ID } }}
        >
          <Column field="name" header="Name" sortable className="settings-table__subject" />
          <Column
            header="Published"
            body={(f: FormSummary) => (f.published ? `Version ${f.published.version}` : 'Not yet')}
          />
          <Column
            header="Draft"
            body={(f: FormSummary) => (f.draft ? `Version ${f.draft.version} (draft)` : 'None')}
          />
          <Column header="Updated" body={(f: FormSummary) => formatDateTimeIn(updatedOf(f), timeZone)} />
          <Column
            header="Actions"
            body={actions}
            headerClassName="settings-table__actions-header"
            bodyClassName="settings-table__actions-cell"
          />
        </DataTable>
      )}
      {adding && (
        <NewFormDialog
          companyId={company.id}
          create={(body) => mutations.create.mutateAsync(body)}
          onCreated={(form) => {
            setAdding(false);
            setOpenId(form.id);
          }}
          onCancel={() => setAdding(false)}
        />
      )}
    </section>
  );
}
