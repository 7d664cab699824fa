import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useSession } from '../../app/auth/authContext.ts';
import { invoiceLabel, useInvoiceAppointment } from './AppointmentActions.tsx';
import { useUninvoiced } from './diaryApi.ts';
import { STATUS_LABELS } from './statusLabels.ts';

/** The end-of-day list: the day's arrived or completed appointments with no invoice yet, each one click to invoice. */
export function EndOfDayDialog({ date, onClose }: { date: string; onClose: () => void }) {
  const { user } = useSession();
  const list = useUninvoiced(user.companyId, date, true);
  const invoice = useInvoiceAppointment(() => {});
  return (
    <Dialog visible header={`Not invoiced on ${date}`} onHide={onClose} style={{ width: 'min(44rem, 96vw)' }}>
      {list.isPending ? (
        <p role="status">Loading the day's appointments. Please wait.</p>
      ) : list.isError ? (
        <p className="notice notice--error" role="alert">
          {list.error.message}
        </p>
      ) : list.data.length === 0 ? (
        <p role="status" data-testid="end-of-day-empty">
          Every arrived or completed appointment of this day is invoiced.
        </p>
      ) : (
        <table className="diary-eod" data-testid="end-of-day">
          <caption className="sr-only">Arrived or completed appointments not yet invoiced</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Client</th>
              <th scope="col">Practitioner</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="sr-only">Invoice</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((a) => (
              <tr key={a.id}>
                <td>
                  {a.startLocal.slice(11)}–{a.endLocal.slice(11)}
                </td>
                <td>{a.clientName}</td>
                <td>{a.practitionerName}</td>
                <td>{a.typeName}</td>
                <td>{STATUS_LABELS[a.status]}</td>
                <td>
                  <Button
                    type="button"
                    size="small"
                    label={invoiceLabel(a) ?? 'Invoice'}
                    icon="pi pi-file"
                    aria-label={`Invoice ${a.clientName} at ${a.startLocal.slice(11)}`}
                    disabled={invoice.isPending}
                    onClick={() => invoice.mutate(a)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
