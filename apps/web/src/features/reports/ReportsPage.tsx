import '../../styles/messaging.css';
import './reports.css';
import { isAdministrator } from '@pd/contracts';
import { useSession } from '../../app/auth/authContext.ts';
import { AdminOnly } from '../audit/AdminOnly.tsx';
import { ClientsReport } from './ClientsReport.tsx';
import { DebtorsReport } from './DebtorsReport.tsx';
import { DiaryReport } from './DiaryReport.tsx';
import { MessagingReport } from './MessagingReport.tsx';
import { RevenueReport } from './RevenueReport.tsx';
import { useMayReadDebtors } from './useDebtorsSearch.ts';
import { useReportSection } from './useReportSection.ts';

const TITLE = 'Reports';

/** #/reports (issue 19): the debtors' age analysis and, for administrators, revenue, diary, messaging and clients. */
export function ReportsPage() {
  const mayRead = useMayReadDebtors();
  return (
    <AdminOnly
      title={TITLE}
      what="the debtors' age analysis"
      allowed={mayRead}
      who="administrators (rights A) and users who may invoice"
    >
      <Reports />
    </AdminOnly>
  );
}

function Reports() {
  const { company, user } = useSession();
  useReportSection();
  return (
    <section className="page reports-page" aria-labelledby="page-heading">
      <div className="page__header">
        <h1 id="page-heading">{TITLE}</h1>
        <p className="page__lead">Reports of {company.name}.</p>
      </div>
      <DebtorsReport />
      {isAdministrator(user) && <RevenueReport />}
      {isAdministrator(user) && <DiaryReport />}
      {isAdministrator(user) && <MessagingReport />}
      {isAdministrator(user) && <ClientsReport />}
    </section>
  );
}
