import '../../../styles/messaging.css';
import { formatMoney, isAdministrator } from '@pd/contracts';
import { Button } from 'primereact/button';
import { useCredit } from '../../../api/messaging.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { SmsSettingsForm, TopUpForm } from '../credit/CreditForms.tsx';
import { CreditLedger } from '../credit/CreditLedger.tsx';

/** Prepaid SMS credit: everyone sees the balance; administrators top up, set the limits and read the ledger. */
export function SmsCreditTab({ currency }: { currency: string }) {
  const { user, company } = useSession();
  const credit = useCredit(company.id);
  const admin = isAdministrator(user);
  if (credit.isError)
    return (
      <div className="notice notice--error" role="alert">
        <span>The SMS credit could not be loaded.</span>
        <Button type="button" label="Try again" size="small" text onClick={() => void credit.refetch()} />
      </div>
    );
  if (credit.isPending)
    return (
      <p role="status" className="muted">
        Loading the SMS credit. Please wait.
      </p>
    );
  const account = credit.data;
  return (
    <div className="sms-credit">
      <dl className="figures credit-figures">
        <div className="figure figure--users">
          <dt>Balance</dt>
          <dd data-testid="credit-balance">{formatMoney(account.balanceCents, currency)}</dd>
        </div>
        <div className="figure">
          <dt>Price per SMS segment</dt>
          <dd data-testid="credit-price">{formatMoney(account.segmentPriceCents, currency)}</dd>
        </div>
        <div className="figure">
          <dt>Daily SMS limit</dt>
          <dd data-testid="credit-cap">{account.dailyCap.toLocaleString('en-GB')}</dd>
        </div>
        <div className="figure">
          <dt>Sent today</dt>
          <dd data-testid="credit-sent-today">{account.sentToday.toLocaleString('en-GB')}</dd>
        </div>
      </dl>
      {admin ? (
        <>
          <div className="credit-forms">
            <TopUpForm companyId={company.id} currency={currency} />
            <SmsSettingsForm
              key={`${account.dailyCap}:${account.segmentPriceCents}`}
              companyId={company.id}
              currency={currency}
              account={account}
            />
          </div>
          <CreditLedger currency={currency} />
        </>
      ) : (
        <p className="notice notice--info" data-testid="credit-read-only">
          <span className="pi pi-lock" aria-hidden="true" />
          Only an administrator can top up the SMS credit or change its limits.
        </p>
      )}
    </div>
  );
}
