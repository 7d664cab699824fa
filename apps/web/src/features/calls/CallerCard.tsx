import { type CallerLookup, formatDateTimeIn, formatMoney } from '@pd/contracts';
import { Link } from 'react-router-dom';
import { useSession } from '../../app/auth/authContext.ts';
import { MobileLink } from '../../components/MobileLink.tsx';
import { useCurrency } from '../../lib/company.ts';
import { recordHref } from '../client-record/recordHref.ts';

/** Issue 17, part 8: who is calling, their next appointment and what they owe, as the number is typed. */
export function CallerCards({ lookup, loading }: { lookup: CallerLookup | undefined; loading: boolean }) {
  const { company } = useSession();
  const currency = useCurrency();
  if (loading && !lookup) return <p className="muted">Looking the number up…</p>;
  if (!lookup) return null;
  if (!lookup.number) return <p className="muted">Not a phone number yet.</p>;
  if (lookup.callers.length === 0)
    return (
      <p className="muted" data-testid="caller-unknown">
        Unknown number: no client has this mobile.
      </p>
    );
  return (
    <div className="caller-cards" aria-live="polite">
      {lookup.callers.map((c) => (
        <section
          key={c.clientId}
          className="caller-card"
          data-testid="caller-card"
          aria-label={`Caller ${c.name}`}
        >
          <h3>
            <Link to={recordHref(c.clientId)}>{c.name}</Link>
          </h3>
          <dl>
            <dt>Mobile</dt>
            <dd>
              <MobileLink mobile={c.mobile} />
            </dd>
            <dt>Next appointment</dt>
            <dd>
              {c.nextAppointment
                ? `${formatDateTimeIn(c.nextAppointment.start, company.timeZone)} (${c.nextAppointment.typeName})`
                : 'None booked'}
            </dd>
            <dt>Balance</dt>
            <dd>
              {formatMoney(c.owedCents, currency)}
              {c.overdueCents > 0 && ` (${formatMoney(c.overdueCents, currency)} overdue)`}
            </dd>
          </dl>
        </section>
      ))}
    </div>
  );
}
