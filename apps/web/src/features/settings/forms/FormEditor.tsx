import { type FormSummary, type FormVersion, formatDateTimeIn } from '@pd/contracts';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { type useFormMutations, useFormVersion } from '../../../api/forms.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { LEAVE_MESSAGE, LEAVE_TITLE } from '../../../app/leave/LeaveGuard.tsx';
import { hasUnsavedChanges } from '../../../app/leave/unsavedForms.ts';
import { useTimeZone } from '../../../lib/company.ts';
import { QueryProblem } from '../billing/QueryProblem.tsx';
import { EarlierVersions } from './EarlierVersions.tsx';
import { FormBuilder } from './FormBuilder.tsx';

interface FormEditorProps {
  form: FormSummary;
  canChange: boolean;
  mutations: ReturnType<typeof useFormMutations>;
  onClose: () => void;
}

/** One form: loads the version to show (its draft, else its newest published version) into the builder. */
export function FormEditor({ form, canChange, mutations, onClose }: FormEditorProps) {
  const { company } = useSession();
  const timeZone = useTimeZone();
  const shownId = form.draft?.id ?? form.published?.id ?? null;
  const version = useFormVersion(company.id, shownId);
  // After a save the draft's id is known before its definition is fetched again: keep building meanwhile.
  const loaded: FormVersion | undefined = version.data;
  // Back to the list loses unsaved changes as leaving the page would: ask the same question first.
  const leave = () => {
    if (!hasUnsavedChanges()) return onClose();
    confirmDialog({
      header: LEAVE_TITLE,
      message: LEAVE_MESSAGE,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Leave page',
      rejectLabel: 'Stay on this page',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: onClose,
    });
  };

  return (
    <section className="settings-section form-editor" aria-labelledby="form-editor-heading">
      <div className="settings-section__header">
        <h2 id="form-editor-heading">{form.name}</h2>
        <Button type="button" label="All forms" icon="pi pi-arrow-left" size="small" text onClick={leave} />
      </div>
      <p className="muted form-editor__versions">
        {form.published
          ? `Version ${form.published.version} published ${formatDateTimeIn(form.published.publishedAt, timeZone)}${form.published.publishedBy ? ` by ${form.published.publishedBy}` : ''}.`
          : 'Not published yet.'}
        {form.draft
          ? ` Version ${form.draft.version} is a draft, saved ${formatDateTimeIn(form.draft.updated, timeZone)}.`
          : ''}
      </p>
      <EarlierVersions form={form} />
      <QueryProblem query={version} what="the form" />
      {loaded && <FormBuilder form={form} version={loaded} canChange={canChange} mutations={mutations} />}
    </section>
  );
}
