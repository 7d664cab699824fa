import { Button } from 'primereact/button';
import { useClientAudit } from '../../api/messaging.ts';
import { SubViewTable } from '../../components/SubViewTable.tsx';
import { useTimeZone } from '../../lib/company.ts';
import { auditColumns, LOADING_AUDIT, NO_AUDIT } from '../audit/auditCells.tsx';

/** The client's audit trail, newest first (the API's order): who, when, sub-process, description. */
export function ClientAuditList({ clientId }: { clientId: number }) {
  const audit = useClientAudit(clientId);
  const timeZone = useTimeZone();
  return (
    <section className="client-audit" aria-labelledby="client-audit-heading">
      <h3 id="client-audit-heading">Audit trail of this client</h3>
      {audit.isError ? (
        <div className="notice notice--error" role="alert">
          <span>The audit trail could not be loaded.</span>
          <Button type="button" label="Try again" size="small" text onClick={() => void audit.refetch()} />
        </div>
      ) : (
        <SubViewTable
          rows={audit.data}
          loading={audit.isPending}
          label="Audit trail"
          empty={audit.isPending ? LOADING_AUDIT : NO_AUDIT}
          emptyTestId="audit-empty"
        >
          {auditColumns(timeZone)}
        </SubViewTable>
      )}
    </section>
  );
}
