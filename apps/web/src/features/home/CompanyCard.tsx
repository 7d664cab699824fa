import { Card } from 'primereact/card';
import { useSession } from '../../app/auth/authContext.ts';
import { COMPANY_TYPE_LABELS, countryName } from './labels.ts';

export function CompanyCard() {
  const { company } = useSession();
  return (
    <Card title={<h2 className="card-title">Company</h2>} className="home-card">
      <dl className="details" data-testid="company-details">
        <dt>Name</dt>
        <dd>{company.name}</dd>
        <dt>Type</dt>
        <dd>{COMPANY_TYPE_LABELS[company.type]}</dd>
        <dt>Country</dt>
        <dd>{countryName(company.country)}</dd>
        <dt>Time zone</dt>
        <dd>{company.timeZone}</dd>
      </dl>
    </Card>
  );
}
