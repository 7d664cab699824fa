import '../../styles/client-records.css';
import '../../styles/reminders.css';
import '../../styles/calls.css';
import type { Call } from '@pd/contracts';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useSession } from '../../app/auth/authContext.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { CallbackQueue } from './CallbackQueue.tsx';
import { CallLog } from './CallLog.tsx';
import { LogCallDialog, type LogCallProps } from './LogCallDialog.tsx';

/**
 * #/commonPhoneCalls (issue 17): log a call in a few seconds, the callback queue oldest first, and the call
 * log with its filters.
 */
export function PhoneCallsPage() {
  usePageTitle('Phone Calls');
  const { company } = useSession();
  const [dialog, setDialog] = useState<{ callback?: LogCallProps['callback'] } | null>(null);
  const callBack = (c: Call) => setDialog({ callback: { id: c.id, number: c.number, clientId: c.clientId } });
  return (
    <section className="page reminders-page" aria-labelledby="page-heading">
      <div className="page__header">
        <h1 id="page-heading">Phone Calls</h1>
        <p className="page__lead">
          The calls of {company.name}: who called, what for, and who is waiting for a call back.
        </p>
        <Button type="button" label="Log a call" icon="pi pi-phone" onClick={() => setDialog({})} />
      </div>
      <CallbackQueue onCallBack={callBack} />
      <CallLog />
      {dialog && <LogCallDialog callback={dialog.callback} onDone={() => setDialog(null)} />}
    </section>
  );
}
