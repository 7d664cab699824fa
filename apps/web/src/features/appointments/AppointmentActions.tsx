import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentStatus,
  CANCEL_REASONS,
  type CancelReason,
  INVOICEABLE_STATUSES,
  type SeriesScope,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { failureMessage } from '../../lib/forms/serverErrors.ts';
import { diaryApi, useDiaryChange } from './diaryApi.ts';
import { describeTimes } from './diaryTime.ts';
import { CANCEL_REASON_LABELS, INVOICE_STATE_LABELS, statusText } from './statusLabels.ts';

const TOASTS: Record<AppointmentStatus, string> = {
  booked: APPOINTMENT_MESSAGES.updated,
  arrived: APPOINTMENT_MESSAGES.arrived,
  fulfilled: APPOINTMENT_MESSAGES.fulfilled,
  cancelled: APPOINTMENT_MESSAGES.cancelled,
  noshow: APPOINTMENT_MESSAGES.noShow,
  'entered-in-error': APPOINTMENT_MESSAGES.updated,
};

/** The moves docs/api.md "Statuses" allows from each status, as buttons. */
const NEXT: Record<AppointmentStatus, { status: AppointmentStatus; label: string; icon: string }[]> = {
  booked: [
    { status: 'arrived', label: 'Arrived', icon: 'pi pi-sign-in' },
    { status: 'fulfilled', label: 'Completed', icon: 'pi pi-check-circle' },
    { status: 'noshow', label: 'No-show', icon: 'pi pi-user-minus' },
  ],
  arrived: [
    { status: 'fulfilled', label: 'Completed', icon: 'pi pi-check-circle' },
    { status: 'booked', label: 'Back to booked', icon: 'pi pi-undo' },
    { status: 'noshow', label: 'No-show', icon: 'pi pi-user-minus' },
  ],
  fulfilled: [{ status: 'arrived', label: 'Back to arrived', icon: 'pi pi-undo' }],
  cancelled: [{ status: 'booked', label: 'Book again', icon: 'pi pi-replay' }],
  noshow: [
    { status: 'arrived', label: 'Arrived after all', icon: 'pi pi-sign-in' },
    { status: 'booked', label: 'Book again', icon: 'pi pi-replay' },
  ],
  'entered-in-error': [],
};

/** An invoiced appointment keeps its status until the invoice is cancelled; only these two swap. */
const SWAPS_WHILE_INVOICED = new Set<AppointmentStatus>(['arrived', 'fulfilled']);

/** An appointment's invoice, if it can have one now: its visit, a no-show fee or a late-cancellation fee. */
export function invoiceLabel(a: Appointment): string | null {
  if (a.invoiceStatus !== 'not-invoiced') return null;
  if ((INVOICEABLE_STATUSES as readonly string[]).includes(a.status)) return 'Invoice';
  if (a.status === 'noshow') return 'Invoice no-show fee';
  if (a.status === 'cancelled' && a.cancelReason === 'late') return 'Invoice late-cancellation fee';
  return null;
}

/** One-click invoice from an appointment; the toast is the contracts' text. */
export function useInvoiceAppointment(onDone: () => void) {
  const toast = useToast();
  return useDiaryChange(async (a: Appointment) => {
    try {
      await diaryApi.invoice(a.id);
    } catch (error) {
      toast.error(failureMessage(error));
      throw error;
    }
    toast.success(APPOINTMENT_MESSAGES.invoiced);
    onDone();
  });
}

interface AppointmentActionsProps {
  appointment: Appointment;
  scope: SeriesScope;
  /** After a change: the appointment as it is now. */
  onChanged: (appointment: Appointment) => void;
}

/** The appointment's status, invoice state and the actions on them. */
export function AppointmentActions({ appointment: a, scope, onChanged }: AppointmentActionsProps) {
  const toast = useToast();
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reload = async () => onChanged(await diaryApi.one(a.id));
  const status = useDiaryChange(async (input: { status: AppointmentStatus; cancelReason?: CancelReason }) => {
    if (a.seriesId !== null && scope !== 'this') await diaryApi.setSeriesStatus(a.id, { ...input, scope });
    else await diaryApi.setStatus(a.id, input);
  });
  const invoice = useInvoiceAppointment(() => void reload());
  const setStatus = async (input: { status: AppointmentStatus; cancelReason?: CancelReason }) => {
    setError(null);
    try {
      await status.mutateAsync(input);
    } catch (e) {
      const message =
        e instanceof ApiError ? [e.message, ...e.fields.map((f) => f.message)].join(' ') : failureMessage(e);
      setError(message);
      toast.error(APPOINTMENT_MESSAGES.updateFailed);
      return;
    }
    toast.success(TOASTS[input.status]);
    setCancelling(false);
    await reload();
  };
  const busy = status.isPending || invoice.isPending;
  const invoiced = a.invoiceStatus !== 'not-invoiced';
  const invoiceAction = invoiceLabel(a);
  return (
    <div className="diary-actions" data-testid="appointment-actions">
      <dl className="details diary-actions__facts">
        <dt>When</dt>
        <dd>{describeTimes(a.startLocal, a.endLocal)}</dd>
        <dt>Status</dt>
        <dd data-testid="appointment-status">{statusText(a)}</dd>
        <dt>Invoice</dt>
        <dd data-testid="appointment-invoice-status">{INVOICE_STATE_LABELS[a.invoiceStatus]}</dd>
        {a.allowOverlap && (
          <>
            <dt>Double-booked</dt>
            <dd>Yes</dd>
          </>
        )}
      </dl>
      <div className="diary-actions__buttons">
        {NEXT[a.status]
          .filter((next) => !invoiced || SWAPS_WHILE_INVOICED.has(next.status))
          .map((next) => (
            <Button
              key={next.status}
              type="button"
              size="small"
              outlined
              label={next.label}
              icon={next.icon}
              disabled={busy}
              onClick={() => void setStatus({ status: next.status })}
            />
          ))}
        {!invoiced && (a.status === 'booked' || a.status === 'arrived') && (
          <Button
            type="button"
            size="small"
            outlined
            severity="danger"
            label="Cancel appointment"
            icon="pi pi-ban"
            disabled={busy}
            aria-expanded={cancelling}
            onClick={() => setCancelling((c) => !c)}
          />
        )}
        {invoiceAction && (
          <Button
            type="button"
            size="small"
            label={invoiceAction}
            icon="pi pi-file"
            disabled={busy}
            loading={invoice.isPending}
            onClick={() => invoice.mutate(a)}
          />
        )}
      </div>
      {cancelling && (
        <fieldset className="diary-actions__cancel">
          <legend>Cancelled by whom?</legend>
          {CANCEL_REASONS.map((reason) => (
            <Button
              key={reason}
              type="button"
              size="small"
              outlined
              severity="danger"
              label={`Cancelled ${CANCEL_REASON_LABELS[reason]}`}
              disabled={busy}
              onClick={() => void setStatus({ status: 'cancelled', cancelReason: reason })}
            />
          ))}
        </fieldset>
      )}
      {error && (
        <p className="notice notice--error" role="alert" data-testid="status-error">
          {error}
        </p>
      )}
    </div>
  );
}
