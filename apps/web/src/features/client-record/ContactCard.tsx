import type { Client } from '@pd/contracts';
import { Link } from 'react-router-dom';
import { Coded } from '../../components/Coded.tsx';
import { STATUS_LABELS, YES_NO_LABELS } from '../../components/form/options.ts';
import { MobileLink } from '../../components/MobileLink.tsx';
import { GENDER_OPTIONS } from '../clients/forms/options.ts';
import { CLIENT_TYPE_LABELS } from '../clients/list/columns.ts';
import { countryName } from '../home/labels.ts';
import { Detail, RecordCard } from './RecordCard.tsx';
import { recordHref } from './recordHref.ts';

const genderText = (client: Client) =>
  client.gender === 'O'
    ? (client.genderOther ?? 'Other')
    : GENDER_OPTIONS.find((o) => o.value === client.gender)?.label;

/** A related client (billing, admin, affiliate): a link to its own record page. */
const related = (id: number | null, name: string | null) =>
  id === null ? null : <Link to={recordHref(id)}>{name ?? `Client ${id}`}</Link>;

/** Contact details and status: who the client is and how to reach them. */
export function ContactCard({ client }: { client: Client }) {
  const address = [
    client.address1,
    client.address2,
    client.addressRegion,
    [client.addressState, client.addressPostalCode].filter(Boolean).join(' '),
    countryName(client.addressCountry),
  ].filter(Boolean);
  const natural = client.type === 'N';
  // Read as staff say it (082 108 7109); dialled in E.164, which works from anywhere.
  return (
    <RecordCard title="Contact details" testId="record-contact">
      <dl className="details">
        <Detail term="Status">
          <Coded code={client.status} label={STATUS_LABELS[client.status]} kind="status" />
        </Detail>
        <Detail term="Type">
          <Coded code={client.type} label={CLIENT_TYPE_LABELS[client.type]} kind="type" />
        </Detail>
        <Detail term="E-mail">{client.email && <a href={`mailto:${client.email}`}>{client.email}</a>}</Detail>
        <Detail term="Mobile">{client.mobile && <MobileLink mobile={client.mobile} />}</Detail>
        <Detail term="Communication allowed">{YES_NO_LABELS[client.commStatus]}</Detail>
        <Detail term="Address">
          {address.length > 0 && (
            <address className="record-address">
              {address.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          )}
        </Detail>
        {natural && <Detail term="Preferred name">{client.preferredName}</Detail>}
        {natural && <Detail term="ID number">{client.idNumber}</Detail>}
        {natural && <Detail term="Date of birth">{client.dob}</Detail>}
        {natural && <Detail term="Gender">{genderText(client)}</Detail>}
        <Detail term="Category">{client.category}</Detail>
        <Detail term="Tax registered">
          {YES_NO_LABELS[client.taxRegistered]}
          {client.taxNumber ? ` (${client.taxNumber})` : ''}
        </Detail>
        <Detail term="Billing client">{related(client.billingClientId, client.billingClientName)}</Detail>
        <Detail term="Admin client">{related(client.adminClientId, client.adminClientName)}</Detail>
        <Detail term="Affiliate">{related(client.affiliateClientId, client.affiliateClientName)}</Detail>
      </dl>
    </RecordCard>
  );
}
