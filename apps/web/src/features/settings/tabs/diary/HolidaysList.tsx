import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useHolidays } from '../../../../api/diarySettings.ts';
import { useSession } from '../../../../app/auth/authContext.ts';

const HEADING = 'settings-holidays-heading';

/** The public holidays shipped for the company's country (read-only: the diary closes on them). */
export function HolidaysList() {
  const { company } = useSession();
  const holidays = useHolidays(company.id);
  return (
    <section className="settings-section" aria-labelledby={HEADING}>
      <div className="settings-section__header">
        <h2 id={HEADING}>Public holidays</h2>
      </div>
      <p className="muted" data-testid="holiday-calendar">
        {holidays.data ? `${holidays.data.calendar}: the diary is closed on these days.` : ' '}
      </p>
      {holidays.isError && (
        <div className="notice notice--error" role="alert">
          <span>The public holidays could not be loaded.</span>
        </div>
      )}
      <DataTable
        value={holidays.data?.holidays ?? []}
        dataKey="date"
        loading={holidays.isPending}
        emptyMessage={holidays.isPending ? 'Loading public holidays. Please wait.' : 'No public holidays.'}
        paginator={(holidays.data?.holidays.length ?? 0) > 20}
        rows={20}
        stripedRows
        size="small"
        className="settings-table"
        pt={{ table: { 'aria-labelledby': HEADING } }}
      >
        <Column field="date" header="Date" />
        <Column field="name" header="Holiday" />
      </DataTable>
    </section>
  );
}
