import '../../styles/client-records.css';
import '../../styles/reminders.css';
import '../../styles/forms.css';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useSession } from '../../app/auth/authContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { FormRequestsTable } from './FormRequestsTable.tsx';
import { SendFormDialog } from './SendFormDialog.tsx';

/**
 * #/commonDigitalForms (issue 18, part 7): the forms sent to clients, from sent to accepted, with filters,
 * resend and withdraw; "Send a form" by SMS, e-mail or at reception (kiosk). Submissions open for review.
 */
export function FormsPage() {
  usePageTitle('Forms');
  const { company } = useSession();
  const [sending, setSending] = useState(false);
  return (
    <section className="page reminders-page" aria-labelledby="page-heading">
      <div className="page__header">
        <h1 id="page-heading">Forms</h1>
        <p className="page__lead">
          The forms {company.name} sent to clients: who has opened, submitted or not yet answered them, and
          the submissions to review and accept into the record.
        </p>
        <Button type="button" label="Send a form" icon="pi pi-send" onClick={() => setSending(true)} />
      </div>
      <section className="reminders-section" aria-labelledby="forms-sent-heading">
        <h2 id="forms-sent-heading">Forms sent</h2>
        <FormRequestsTable idPrefix="forms-" />
      </section>
      {sending && <SendFormDialog onHide={() => setSending(false)} />}
    </section>
  );
}
