import {
  FORM_FILL_LIMITS,
  FORM_FILL_MESSAGES,
  type FormNotice,
  type FormNoticeUpdate,
  formNoticeTextSchema,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { useFormNotice, useUpdateFormNotice } from '../../../api/formNotice.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import { TextAreaField } from '../../../components/form/TextField.tsx';
import { useContractForm } from '../../../lib/forms/useContractForm.ts';
import { QueryProblem } from '../billing/QueryProblem.tsx';
import { InlineForm } from '../FormDialog.tsx';

/**
 * The privacy notice (POPIA section 18; UK GDPR in the UK) clients read on the public form page before the
 * first question. Everyone reads it; administrators write the company's own or go back to the default,
 * which is built from the company's details.
 */
export function FormNoticeSection({ companyId, canChange }: { companyId: number; canChange: boolean }) {
  const notice = useFormNotice(companyId);
  return (
    <section
      className="company-notice"
      aria-labelledby="company-notice-title"
      data-testid="company-form-notice"
    >
      <h3 id="company-notice-title">Privacy notice on digital forms</h3>
      <p className="company-notice__hint">
        Clients read this before the first question of a form sent to them: who collects their information and
        how to reach you, why, whether answering is voluntary, who receives it (such as the medical scheme),
        their rights and how to complain to the regulator.
      </p>
      {!notice.data ? (
        <QueryProblem query={notice} what="the privacy notice" />
      ) : canChange ? (
        <NoticeForm key={notice.data.notice} companyId={companyId} notice={notice.data} />
      ) : (
        <blockquote className="company-notice__text" data-testid="company-form-notice-text">
          {notice.data.notice}
        </blockquote>
      )}
    </section>
  );
}

function NoticeForm({ companyId, notice }: { companyId: number; notice: FormNotice }) {
  const update = useUpdateFormNotice(companyId);
  const toast = useToast();
  const contract = useContractForm<{ notice: string }, FormNoticeUpdate>({
    schema: formNoticeTextSchema,
    defaultValues: { notice: notice.notice },
    save: (input) => update.mutateAsync(input),
    success: FORM_FILL_MESSAGES.noticeUpdated,
  });
  const backToDefault = () =>
    update.mutateAsync({ notice: null }).then(
      () => toast.success(FORM_FILL_MESSAGES.noticeUpdated),
      (error: Error) => toast.error(error.message),
    );
  return (
    <>
      <p className="company-notice__state" data-testid="company-form-notice-state">
        {notice.custom
          ? 'The company’s own notice.'
          : 'The default notice, built from the company’s details.'}
      </p>
      <InlineForm
        id="company-form-notice-form"
        title="Change the notice"
        contract={contract}
        submitLabel="Save notice"
      >
        <TextAreaField
          name="notice"
          label="Notice"
          required
          rows={12}
          maxLength={FORM_FILL_LIMITS.noticeLength}
          hint="Plain text; leave a blank line between paragraphs."
        />
      </InlineForm>
      {notice.custom && (
        <Button
          type="button"
          label="Go back to the default notice"
          icon="pi pi-undo"
          outlined
          loading={update.isPending}
          onClick={() => void backToDefault()}
        />
      )}
    </>
  );
}
