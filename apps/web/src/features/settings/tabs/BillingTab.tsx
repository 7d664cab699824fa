import '../../../styles/messaging.css';
import '../billing/billing.css';
import { isAdministrator } from '@pd/contracts';
import { useBillingSettings } from '../../../api/billingRuns.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { BillingSettingsForm } from '../billing/BillingSettingsForm.tsx';
import { count, ladderStepLabel } from '../billing/billingSchemas.ts';
import { QueryProblem } from '../billing/QueryProblem.tsx';
import { BillingRunStarter, UnpaidRunStarter } from '../billing/RunStarters.tsx';
import { RunsTable } from '../billing/RunsTable.tsx';

/**
 * Billing settings and runs: everyone reads the settings and the recent runs; administrators change the
 * settings and start billing and unpaid runs (the API allows those to rights A only).
 */
export function BillingTab({ currency }: { currency: string }) {
  const { user, company } = useSession();
  const settings = useBillingSettings(company.id);
  const admin = isAdministrator(user);
  if (!settings.data) return <QueryProblem query={settings} what="the billing settings" />;
  const s = settings.data;
  return (
    <div className="billing-tab">
      <dl className="figures credit-figures">
        <div className="figure">
          <dt>Payment terms</dt>
          <dd data-testid="billing-terms">{count(s.paymentTermsDays, 'day')}</dd>
        </div>
        <div className="figure">
          <dt>Days between unpaid notices</dt>
          <dd data-testid="billing-interval">{count(s.unpaidIntervalDays, 'day')}</dd>
        </div>
        <div className="figure">
          <dt>Billing day</dt>
          <dd data-testid="billing-day">{s.billingDay}</dd>
        </div>
        <div className="figure">
          <dt>Unpaid ladder</dt>
          <dd data-testid="billing-ladder" title={s.unpaidLadder.map(ladderStepLabel).join(', then ')}>
            {s.unpaidLadder.join(' → ')}
          </dd>
        </div>
      </dl>
      {admin ? (
        <div className="credit-forms">
          <BillingSettingsForm key={JSON.stringify(s)} companyId={company.id} settings={s} />
          <div className="billing-tab billing-tab__runs">
            <BillingRunStarter companyId={company.id} currency={currency} timeZone={company.timeZone} />
            <UnpaidRunStarter companyId={company.id} currency={currency} />
          </div>
        </div>
      ) : (
        <p className="notice notice--info" data-testid="billing-read-only">
          <span className="pi pi-lock" aria-hidden="true" />
          Only an administrator can change the billing settings or start a billing or unpaid run.
        </p>
      )}
      <RunsTable />
    </div>
  );
}
