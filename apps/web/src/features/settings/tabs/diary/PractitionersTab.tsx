import { isAdministrator, type Practitioner, type User } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useRef, useState } from 'react';
import { roomsResource, usePractitioners } from '../../../../api/diarySettings.ts';
import { useCompanyUsers } from '../../../../api/hooks.ts';
import { useCatalogueList } from '../../../../api/settings.ts';
import { useSession } from '../../../../app/auth/authContext.ts';
import { OptionalText, YesNoTag } from '../../cells.tsx';
import { ColourSwatch } from './diaryFields.tsx';
import { hoursText } from './hoursText.ts';
import { PractitionerDialog } from './PractitionerDialog.tsx';
import { WorkingHoursDialog } from './WorkingHoursDialog.tsx';

/** A user of the company with their practitioner settings, if they have been made one. */
export interface StaffRow {
  id: number;
  displayName: string;
  username: string;
  practitioner: Practitioner | null;
  /** Y when an active practitioner (the diary shows their column). */
  isPractitioner: 'Y' | 'N';
}

type Open = { kind: 'settings' | 'hours'; row: StaffRow } | null;

const HEADING = 'settings-practitioners-heading';

/** Which users are practitioners, their colour, numbers and default room, and their weekly hours. */
export function PractitionersTab() {
  const { user, company } = useSession();
  const users = useCompanyUsers(company.id);
  const practitioners = usePractitioners(company.id);
  const rooms = useCatalogueList(roomsResource, company.id);
  const roomName = (id: number | null | undefined) => rooms.data?.find((room) => room.id === id)?.name;
  const [open, setOpen] = useState<Open>(null);
  const opener = useRef<HTMLElement | null>(null);
  const canChange = isAdministrator(user);
  const typeH = company.type === 'H';

  const rows: StaffRow[] = (users.data ?? []).map((u: User) => {
    const practitioner = practitioners.data?.find((p) => p.userId === u.id) ?? null;
    return {
      id: u.id,
      displayName: u.displayName,
      username: u.username,
      practitioner,
      isPractitioner: practitioner?.active === 'Y' ? 'Y' : 'N',
    };
  });
  const show = (next: Open) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(next);
  };
  const close = () => {
    setOpen(null);
    requestAnimationFrame(() => {
      if (opener.current?.isConnected) opener.current.focus();
    });
  };
  const loading = users.isPending || practitioners.isPending;
  const failed = users.isError || practitioners.isError;
  const retry = () => {
    void users.refetch();
    void practitioners.refetch();
  };

  const actions = (row: StaffRow) => (
    <div className="settings-table__actions">
      <Button
        type="button"
        label="Edit"
        icon="pi pi-pencil"
        size="small"
        outlined
        aria-label={`Edit practitioner settings of ${row.displayName}`}
        onClick={() => show({ kind: 'settings', row })}
      />
      {row.practitioner && (
        <Button
          type="button"
          label="Working hours"
          icon="pi pi-clock"
          size="small"
          outlined
          aria-label={`Working hours of ${row.displayName}`}
          onClick={() => show({ kind: 'hours', row })}
        />
      )}
    </div>
  );

  return (
    <section className="settings-section" aria-labelledby={HEADING}>
      <div className="settings-section__header">
        <h2 id={HEADING}>Practitioners</h2>
      </div>
      <p className="muted">
        The diary shows a column for each active practitioner; the users who are not practitioners book for
        them.
      </p>
      {failed && (
        <div className="notice notice--error" role="alert">
          <span>The practitioners could not be loaded.</span>
          <Button type="button" label="Try again" size="small" text onClick={retry} />
        </div>
      )}
      <DataTable
        value={rows}
        dataKey="id"
        loading={loading}
        emptyMessage={loading ? 'Loading practitioners. Please wait.' : 'No users yet.'}
        sortField="displayName"
        sortOrder={1}
        stripedRows
        size="small"
        className="settings-table"
        pt={{ table: { 'aria-labelledby': HEADING } }}
      >
        <Column field="displayName" header="Name" sortable />
        <Column field="username" header="Username" sortable />
        <Column
          field="isPractitioner"
          header="Practitioner"
          sortable
          body={(row: StaffRow) => <YesNoTag value={row.isPractitioner} />}
        />
        <Column
          header="Colour"
          body={(row: StaffRow) =>
            row.practitioner ? (
              <ColourSwatch colour={row.practitioner.colour} />
            ) : (
              <OptionalText text={null} />
            )
          }
        />
        {typeH && (
          <Column
            header="Practice number"
            body={(row: StaffRow) => <OptionalText text={row.practitioner?.practiceNumber} />}
          />
        )}
        <Column
          header="Registration number"
          body={(row: StaffRow) => <OptionalText text={row.practitioner?.registrationNumber} />}
        />
        <Column
          header="Default room"
          body={(row: StaffRow) => <OptionalText text={roomName(row.practitioner?.defaultRoomId)} />}
        />
        <Column
          header="Working hours"
          body={(row: StaffRow) => (
            <OptionalText text={row.practitioner && hoursText(row.practitioner.hours)} />
          )}
          className="settings-table__text"
        />
        {canChange && (
          <Column
            header="Actions"
            body={actions}
            headerClassName="settings-table__actions-header"
            bodyClassName="settings-table__actions-cell"
          />
        )}
      </DataTable>
      {open?.kind === 'settings' && <PractitionerDialog row={open.row} onDone={close} />}
      {open?.kind === 'hours' && open.row.practitioner && (
        <WorkingHoursDialog practitioner={open.row.practitioner} onDone={close} />
      )}
    </section>
  );
}
