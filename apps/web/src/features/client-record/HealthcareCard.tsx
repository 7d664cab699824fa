import type { ClientConfig } from '@pd/contracts';
import { useClientConfig } from '../../api/clientForms.ts';
import { YES_NO_LABELS } from '../../components/form/options.ts';
import { CardLoading, CardProblem, Detail, RecordCard } from './RecordCard.tsx';

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value).trim();
const joined = (...parts: (string | number | null | undefined)[]) =>
  parts.map(text).filter(Boolean).join(' ');
const yesNo = (value: string | number | null) => (value === 'Y' || value === 'N' ? YES_NO_LABELS[value] : '');

/** Healthcare details of a type H company's client (spec section 3, "Client configuration"). */
export function HealthcareCard({ clientId }: { clientId: number }) {
  const config = useClientConfig(clientId);
  return (
    <RecordCard title="Healthcare" testId="record-healthcare">
      {config.isPending ? (
        <CardLoading text="Loading the healthcare details. Please wait." />
      ) : config.isError ? (
        <CardProblem text="The healthcare details could not be loaded." retry={() => void config.refetch()} />
      ) : (
        <HealthcareDetails config={config.data} />
      )}
    </RecordCard>
  );
}

function HealthcareDetails({ config: c }: { config: ClientConfig }) {
  const medicalAid = joined(c.medicalName, c.medicalPlan && `(${text(c.medicalPlan)})`);
  const member = joined(c.medicalMemberFirstname, c.medicalMemberLastname);
  const referring = joined(c.referringFirstname, c.referringLastname);
  const anything =
    medicalAid || c.providerName || c.diagnoses.length > 0 || referring || text(c.rafLinkNumber);
  if (!anything) return <p className="muted">No healthcare details yet.</p>;
  return (
    <>
      <dl className="details">
        <Detail term="Medical aid">{medicalAid}</Detail>
        <Detail term="Membership number">{text(c.medicalNumber)}</Detail>
        <Detail term="Main member">
          {joined(member, c.medicalMemberCode && `(${text(c.medicalMemberCode)})`)}
        </Detail>
        <Detail term="Dependant code">{text(c.medicalDependantCode)}</Detail>
        <Detail term="Provider">{c.providerName}</Detail>
        <Detail term="Diagnoses">
          {c.diagnoses.length > 0 && (
            <ul className="record-list">
              {c.diagnoses.map((d) => (
                <li key={d.slot}>
                  {d.code}: {d.description}
                </li>
              ))}
            </ul>
          )}
        </Detail>
        <Detail term="Authorisation">{text(c.authorisation)}</Detail>
        <Detail term="In hospital">{yesNo(c.inHospital)}</Detail>
        <Detail term="Referred by">
          {joined(referring, c.referringPracticeNumber && `(practice ${text(c.referringPracticeNumber)})`)}
        </Detail>
        <Detail term="RAF link number">{text(c.rafLinkNumber)}</Detail>
      </dl>
      {c.warnings.map((w) => (
        <p key={`${w.path}:${w.message}`} className="notice notice--warning">
          <span className="pi pi-exclamation-triangle" aria-hidden="true" />
          {w.message}
        </p>
      ))}
    </>
  );
}
