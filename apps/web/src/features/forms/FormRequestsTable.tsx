import {
  FORM_CHANNEL_LABELS,
  FORM_REQUEST_STATUS_LABELS,
  FORM_REQUEST_STATUSES,
  FORM_REVIEW_MESSAGES,
  type FormRequest,
  type FormRequestCreated,
  type FormRequestStatus,
  formatDateTimeIn,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/client.ts';
import {
  useCompanyForms,
  useFormRequestPage,
  useResendForm,
  useWithdrawForm,
} from '../../api/formRequests.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { scrollingTablePt } from '../../components/a11y.ts';
import { DayFilter } from '../../components/DayFilter.tsx';
import { FilterDropdown } from '../../components/FilterDropdown.tsx';
import { optionsOf } from '../../components/form/options.ts';
import { recordHref } from '../client-record/recordHref.ts';
import { LoadProblem } from '../reminders/ListControls.tsx';
import { ClientFilter } from './ClientFilter.tsx';
import { KioskReadyDialog, openKiosk } from './SendFormDialog.tsx';
import { useFormRequestQuery } from './useFormRequestQuery.ts';

const STATUS_OPTIONS = optionsOf(FORM_REQUEST_STATUSES, FORM_REQUEST_STATUS_LABELS);

export const reviewHref = (submissionId: number) => `/commonDigitalForms/submission/${submissionId}`;

/**
 * Forms sent to clients (issue 18, part 7), filtered, sorted and paged by the server: the Forms page's list,
 * or one client's (`clientId`) in their record. Review opens a submission; resend sends a new link for the
 * same client and form; withdraw stops a link not used yet.
 */
export function FormRequestsTable({ clientId, idPrefix }: { clientId?: number; idPrefix: string }) {
  const { company } = useSession();
  const toast = useToast();
  const list = useFormRequestQuery(company.timeZone, clientId);
  const page = useFormRequestPage(company.id, list.query);
  const forms = useCompanyForms(company.id);
  const resend = useResendForm(company.id);
  const withdraw = useWithdrawForm(company.id);
  const { setFilter } = list;
  const [kiosk, setKiosk] = useState<FormRequestCreated | null>(null);
  const formOptions = (forms.data ?? []).map((f) => ({ value: f.id, label: f.name }));
  const failed = (error: unknown) =>
    toast.error(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
  const doResend = (r: FormRequest) =>
    resend.mutate(r.id, {
      onSuccess: (created) => {
        if (created.channel === 'kiosk') {
          openKiosk(created);
          setKiosk(created);
        }
        toast.success(
          created.channel === 'kiosk' ? FORM_REVIEW_MESSAGES.kioskOpened : FORM_REVIEW_MESSAGES.resent,
        );
      },
      onError: failed,
    });
  const doWithdraw = (r: FormRequest) =>
    withdraw.mutate(r.id, {
      onSuccess: () => toast.success(FORM_REVIEW_MESSAGES.withdrawn),
      onError: failed,
    });
  const what = (r: FormRequest) => `${r.formName} for ${r.clientName ?? 'a deleted client'}`;
  const actions = (r: FormRequest) => (
    <div className="forms-row-actions">
      {r.submissionId !== null && (
        <Link to={reviewHref(r.submissionId)} aria-label={`Review ${what(r)}`}>
          Review
        </Link>
      )}
      {r.clientName !== null && (
        <Button
          type="button"
          label="Resend"
          size="small"
          text
          aria-label={`Resend ${what(r)}`}
          disabled={resend.isPending}
          onClick={() => doResend(r)}
        />
      )}
      {(r.status === 'sent' || r.status === 'opened') && (
        <Button
          type="button"
          label="Withdraw"
          size="small"
          text
          severity="danger"
          aria-label={`Withdraw ${what(r)}`}
          disabled={withdraw.isPending}
          onClick={() => doWithdraw(r)}
        />
      )}
    </div>
  );
  const total = page.data?.totalRecords ?? 0;
  return (
    <>
      <div className="admin-filters">
        <FilterDropdown
          id={`${idPrefix}status`}
          label="Status"
          value={list.filters.status ?? null}
          options={STATUS_OPTIONS}
          onChange={(status) => setFilter({ status: (status ?? undefined) as FormRequestStatus | undefined })}
          clearTo="Any"
        />
        <FilterDropdown
          id={`${idPrefix}form`}
          label="Form"
          value={list.filters.formId ?? null}
          options={formOptions}
          onChange={(formId) => setFilter({ formId: (formId ?? undefined) as number | undefined })}
          clearTo="Any"
        />
        {clientId === undefined && <ClientFilter onChange={(id) => setFilter({ clientId: id })} />}
        <DayFilter
          id={`${idPrefix}from`}
          label="Sent from"
          value={list.filters.startDay}
          onChange={(startDay) => setFilter({ startDay })}
        />
        <DayFilter
          id={`${idPrefix}to`}
          label="Sent to"
          value={list.filters.endDay}
          onChange={(endDay) => setFilter({ endDay })}
        />
      </div>
      <LoadProblem failed={page.isError} what="The forms sent" onRetry={() => void page.refetch()} />
      <DataTable
        value={page.isError ? [] : (page.data?.data ?? [])}
        dataKey="id"
        {...list.tableProps(total)}
        loading={page.isFetching}
        size="small"
        stripedRows
        scrollable
        className="record-table"
        data-testid={`${idPrefix}table`}
        tableStyle={{ minWidth: '52rem' }}
        pt={scrollingTablePt('Forms sent')}
        emptyMessage={
          <span role="status">{page.isPending ? 'Loading the forms sent.' : 'No forms sent match.'}</span>
        }
      >
        <Column
          field="created"
          header="Sent"
          sortable
          bodyClassName="cell-nowrap"
          body={(r: FormRequest) => formatDateTimeIn(r.created, company.timeZone)}
        />
        <Column
          field="formName"
          header="Form"
          sortable
          body={(r: FormRequest) => `${r.formName} (v${r.version})`}
        />
        {clientId === undefined && (
          <Column
            field="clientName"
            header="Client"
            sortable
            body={(r: FormRequest) =>
              r.clientName ? (
                <Link to={recordHref(r.clientId, 'forms')}>{r.clientName}</Link>
              ) : (
                <span className="muted">Deleted client</span>
              )
            }
          />
        )}
        <Column header="By" body={(r: FormRequest) => FORM_CHANNEL_LABELS[r.channel]} />
        <Column
          field="status"
          header="Status"
          sortable
          body={(r: FormRequest) => (
            <Tag
              value={FORM_REQUEST_STATUS_LABELS[r.status]}
              className={`form-status form-status--${r.status}`}
            />
          )}
        />
        <Column
          field="expiresAt"
          header="Link expires"
          sortable
          bodyClassName="cell-nowrap"
          body={(r: FormRequest) => formatDateTimeIn(r.expiresAt, company.timeZone)}
        />
        <Column
          field="submittedAt"
          header="Submitted"
          sortable
          bodyClassName="cell-nowrap"
          body={(r: FormRequest) => formatDateTimeIn(r.submittedAt, company.timeZone)}
        />
        <Column header="Actions" body={actions} />
      </DataTable>
      {kiosk && <KioskReadyDialog created={kiosk} onHide={() => setKiosk(null)} />}
    </>
  );
}
