import '../../../styles/messaging.css';
import '../company/company.css';
import { type CompanyConfig, isAdministrator } from '@pd/contracts';
import { useCompanyConfig } from '../../../api/hooks.ts';
import { useSession } from '../../../app/auth/authContext.ts';
import { COMPANY_TYPE_LABELS, countryName } from '../../home/labels.ts';
import { QueryProblem } from '../billing/QueryProblem.tsx';
import { CompanyConfigForm } from '../company/CompanyConfigForm.tsx';
import { vatRateText } from '../company/companySchemas.ts';
import { FormNoticeSection } from '../company/FormNoticeSection.tsx';

const NOT_SET = 'Not set';

/** The stored configuration as term and value, data-testid company-<field>; the practice number for type H. */
function figuresOf(c: CompanyConfig): [field: string, term: string, value: string][] {
  return [
    ['type', 'Type', COMPANY_TYPE_LABELS[c.type]],
    ...(c.type === 'H'
      ? [['practiceNumber', 'Practice number', c.practiceNumber ?? NOT_SET] as [string, string, string]]
      : []),
    ['taxRegistered', 'VAT registered', c.taxRegistered === 'Y' ? 'Yes' : 'No'],
    ['vatNumber', 'VAT number', c.vatNumber ?? NOT_SET],
    ['vatRateBps', 'VAT rate', vatRateText(c.vatRateBps)],
    ['supportEmail', 'Support e-mail', c.supportEmail],
    ['country', 'Country', countryName(c.country)],
    ['timeZone', 'Time zone', c.timeZone.replace('_', ' ')],
    ['currency', 'Currency', c.currency],
  ];
}

/**
 * The company configuration: everyone reads it; administrators change the practice number (type H), VAT
 * and support address (the API allows that to rights A only). Type, country and region are fixed.
 */
export function CompanyTab() {
  const { user, company } = useSession();
  const config = useCompanyConfig(company.id);
  if (!config.data) return <QueryProblem query={config} what="the company configuration" />;
  const c = config.data;
  return (
    <section className="company-tab" aria-labelledby="company-tab-title">
      <h2 id="company-tab-title" className="company-tab__title">
        Company configuration
      </h2>
      {c.type === 'H' && !c.practiceNumber && (
        <p className="notice notice--warning" data-testid="company-practice-number-missing">
          <span className="pi pi-exclamation-triangle" aria-hidden="true" />
          The practice number is missing: medical accounts cannot be created until it is set.
        </p>
      )}
      <dl className="figures company-figures">
        {figuresOf(c).map(([field, term, value]) => (
          <div key={field} className="figure">
            <dt>{term}</dt>
            <dd data-testid={`company-${field}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {isAdministrator(user) ? (
        <CompanyConfigForm key={JSON.stringify(c)} config={c} />
      ) : (
        <p className="notice notice--info" data-testid="company-read-only">
          <span className="pi pi-lock" aria-hidden="true" />
          Only an administrator can change the company configuration.
        </p>
      )}
      <FormNoticeSection companyId={company.id} canChange={isAdministrator(user)} />
    </section>
  );
}
