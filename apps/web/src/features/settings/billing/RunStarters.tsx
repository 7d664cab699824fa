import { FIELD_MESSAGES, formatMoney, type RunInfo } from '@pd/contracts';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { type ReactNode, useRef, useState } from 'react';
import { useStartBillingRun, useStartUnpaidRun } from '../../../api/billingRuns.ts';
import { useToast } from '../../../app/toast/toastContext.ts';
import { failureMessage } from '../../../lib/forms/serverErrors.ts';
import { count, currentPeriod, monthLabel } from './billingSchemas.ts';

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/** What a billing run made, in words: the count and total, or plainly that nothing was new. */
export function billingOutcome(info: RunInfo, currency: string): string {
  const month = info.periodStart ? monthLabel(info.periodStart) : 'the month';
  if (info.status === 'failed')
    return `The billing run for ${month} failed: ${info.error ?? 'no reason given'}.`;
  if (info.invoices === 0)
    return `Billing run for ${month}: 0 new invoices. Nothing due in ${month} was left unbilled.`;
  return `Billing run for ${month}: ${count(info.invoices, 'invoice')} created, total ${formatMoney(info.totalCents, currency)}.`;
}

/** What an unpaid run made: the notices and what they named. */
export function unpaidOutcome(info: RunInfo, currency: string): string {
  if (info.status === 'failed') return `The unpaid run failed: ${info.error ?? 'no reason given'}.`;
  const notices = info.notices ?? 0;
  if (notices === 0) return 'Unpaid run: 0 notices created. No client is due a notice now.';
  return `Unpaid run: ${count(notices, 'notice')} created for ${count(info.invoices, 'overdue invoice')}, ${formatMoney(info.outstandingCents, currency)} outstanding.`;
}

interface StarterProps {
  id: string;
  title: string;
  lead: string;
  startLabel: string;
  /** Shown while the run works, e.g. "Billing December 2026. This can take a minute; please wait." */
  busyText: string;
  confirmHeader: string;
  confirmMessage: string;
  /** False while the input (the period) is not valid: the start button stays off. */
  ready: boolean;
  run: () => Promise<RunInfo>;
  outcome: (info: RunInfo) => string;
  children?: ReactNode;
}

/**
 * Starts a run after a confirmation. The run answers only when it is done: meanwhile the panel says so and
 * the button is off, and a second click (or a double click on Start) starts nothing.
 */
function RunStarter(props: StarterProps) {
  const toast = useToast();
  const [running, setRunning] = useState(false);
  const busy = useRef(false);
  const [last, setLast] = useState<{ text: string; failed: boolean } | null>(null);

  const start = async () => {
    if (busy.current) return;
    busy.current = true;
    setRunning(true);
    setLast(null);
    try {
      const info = await props.run();
      const text = props.outcome(info);
      const failed = info.status === 'failed';
      setLast({ text, failed });
      if (failed) toast.error(text);
      else toast.success(text);
    } catch (error) {
      const text = failureMessage(error);
      setLast({ text, failed: true });
      toast.error(text);
    } finally {
      busy.current = false;
      setRunning(false);
    }
  };

  const ask = () => {
    if (busy.current) return;
    confirmDialog({
      header: props.confirmHeader,
      message: props.confirmMessage,
      icon: 'pi pi-question-circle',
      defaultFocus: 'reject',
      acceptLabel: 'Start',
      rejectLabel: 'Cancel',
      accept: () => void start(),
    });
  };

  return (
    <section className="credit-form run-starter" aria-labelledby={`${props.id}-title`} aria-busy={running}>
      <h3 id={`${props.id}-title`}>{props.title}</h3>
      <p className="muted run-starter__lead">{props.lead}</p>
      {props.children}
      <div className="credit-form__actions">
        <Button
          type="button"
          label={props.startLabel}
          icon="pi pi-play"
          loading={running}
          disabled={running || !props.ready}
          onClick={ask}
        />
      </div>
      {running && (
        <div className="run-starter__busy" role="status" data-testid={`${props.id}-busy`}>
          <ProgressBar mode="indeterminate" style={{ height: '0.35rem' }} aria-hidden="true" />
          <span>{props.busyText}</span>
        </div>
      )}
      {last && (
        <p
          className={`notice ${last.failed ? 'notice--error' : 'notice--info'}`}
          role={last.failed ? 'alert' : 'status'}
          data-testid={`${props.id}-outcome`}
        >
          {last.text}
        </p>
      )}
    </section>
  );
}

/** Bills one month (default this month in the company's time zone). */
export function BillingRunStarter({
  companyId,
  currency,
  timeZone,
}: {
  companyId: number;
  currency: string;
  timeZone: string;
}) {
  const start = useStartBillingRun(companyId);
  const [period, setPeriod] = useState(() => currentPeriod(timeZone));
  const valid = PERIOD.test(period);
  const month = valid ? monthLabel(period) : '';
  return (
    <RunStarter
      id="billing-run"
      title="Billing run"
      lead="One invoice for each client product due in the month. A month is billed once: running it again creates nothing new."
      startLabel="Start billing run"
      busyText={`Billing ${month}. This can take a minute for a large practice; please wait.`}
      confirmHeader="Start billing run"
      confirmMessage={`Bill ${month}? Every client product due in ${month} that has no invoice for it yet gets one.`}
      ready={valid}
      run={() => start.mutateAsync(period)}
      outcome={(info) => billingOutcome(info, currency)}
    >
      <div className="field client-form__field">
        <label htmlFor="billing-run-period">Month</label>
        <InputText
          id="billing-run-period"
          type="month"
          value={period}
          onChange={(e) => setPeriod(e.target.value)}
          required
          aria-required
          invalid={!valid}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : 'billing-run-period-error'}
          disabled={start.isPending}
        />
        {!valid && (
          <small id="billing-run-period-error" className="field-error" data-testid="period-error">
            {FIELD_MESSAGES.chooseMonth}
          </small>
        )}
      </div>
    </RunStarter>
  );
}

/** Sends the next notice of the ladder to each client with overdue invoices. */
export function UnpaidRunStarter({ companyId, currency }: { companyId: number; currency: string }) {
  const start = useStartUnpaidRun(companyId);
  return (
    <RunStarter
      id="unpaid-run"
      title="Unpaid run"
      lead="The next notice of the unpaid ladder, e-mailed to each client with overdue invoices that has had no notice within the interval."
      startLabel="Start unpaid run"
      busyText="Sending unpaid notices. This can take a minute for a large practice; please wait."
      confirmHeader="Start unpaid run"
      confirmMessage="Send the next unpaid notice to every client with overdue invoices now?"
      ready
      run={() => start.mutateAsync()}
      outcome={(info) => unpaidOutcome(info, currency)}
    />
  );
}
