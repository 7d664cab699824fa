import { isAdministrator, mayUseRowAction } from '@pd/contracts';
import { useSearchParams } from 'react-router-dom';
import type { DebtorsParams } from '../../api/reports.ts';
import { useSession } from '../../app/auth/authContext.ts';

export const REPORTS_ROUTE = '/reports';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const idOf = (value: string | null) => (value && /^\d{1,15}$/.test(value) ? Number(value) : undefined);

/** The report's "as at" day, filters and the client drilled into live in the address: reload and back keep them. */
export function useDebtorsSearch() {
  const [params, setParams] = useSearchParams();
  const asAt = params.get('asAt');
  const query: DebtorsParams = {
    ...(asAt && ISO_DATE.test(asAt) ? { asAt } : {}),
    ...(idOf(params.get('practitionerId')) ? { practitionerId: idOf(params.get('practitionerId')) } : {}),
    ...(idOf(params.get('medicalAidId')) ? { medicalAidId: idOf(params.get('medicalAidId')) } : {}),
  };
  const clientId = idOf(params.get('clientId')) ?? null;
  const set = (changes: Record<string, string | number | undefined | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  return {
    query,
    clientId,
    /** A changed day or filter closes the drill-down: its client may not be on the new report. */
    update: (changes: DebtorsParams) => set({ ...changes, clientId: undefined }),
    drill: (id: number | null) => set({ clientId: id }),
    /** The address of the report drilled into a client (the row's link). */
    drillSearch: (id: number) => {
      const next = new URLSearchParams(params);
      next.set('clientId', String(id));
      return `?${next.toString()}`;
    },
  };
}

/** Who may read the debtors' report: administrators and users who may invoice (the API checks the same). */
export function useMayReadDebtors(): boolean {
  const { user, company } = useSession();
  return (
    isAdministrator(user) ||
    mayUseRowAction('createInvoice', {
      companyType: company.type,
      roles: user.roles,
      enableInvoicing: user.enableInvoicing,
    })
  );
}
