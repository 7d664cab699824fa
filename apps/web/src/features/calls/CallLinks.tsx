import { type Appointment, formatMoney, menuEntriesFor } from '@pd/contracts';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useClientAppointments } from '../../api/diarySettings.ts';
import { useOpportunityPage } from '../../api/prospects.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { SelectField } from '../../components/form/SelectField.tsx';
import { useCurrency } from '../../lib/company.ts';
import { statusText, wallClockText } from '../client-appointments/appointmentLabels.ts';
import type { CallFormValues } from './callForm.ts';

const DAY_MS = 86_400_000;
/** The appointments a call is likely about: from a month ago to three months ahead, nearest first. */
const WINDOW_BEFORE_MS = 31 * DAY_MS;
const WINDOW_AFTER_MS = 92 * DAY_MS;

function nearAppointments(appointments: Appointment[] | undefined, now: number) {
  return (appointments ?? [])
    .filter((a) => {
      const start = Date.parse(a.start);
      return (
        start > now - WINDOW_BEFORE_MS && start < now + WINDOW_AFTER_MS && a.status !== 'entered-in-error'
      );
    })
    .sort((a, b) => Math.abs(Date.parse(a.start) - now) - Math.abs(Date.parse(b.start) - now));
}

/**
 * Issue 17, part 7: what the call was about, optionally: one of the caller's recent or upcoming
 * appointments, or one of their open opportunities (for users whose menu has Prospects). A new caller
 * empties both.
 */
export function CallLinks({ clientId }: { clientId: number }) {
  const { company, variant } = useSession();
  const currency = useCurrency();
  const { setValue } = useFormContext<CallFormValues>();
  const prospects = menuEntriesFor(variant).some((entry) => entry.route === '/commonProspects');
  const appointments = useClientAppointments(clientId);
  const opportunities = useOpportunityPage(company.id, { clientId, size: 50 });
  // Keyed by the caller: a new caller mounts it again, emptying what was picked for the last one.
  useEffect(() => {
    setValue('appointmentId', null);
    setValue('opportunityId', null);
  }, [setValue]);
  const appointmentOptions = nearAppointments(appointments.data, Date.now()).map((a) => ({
    value: a.id,
    label: `${wallClockText(a.startLocal)} ${a.typeName} with ${a.practitionerName} (${statusText(a)})`,
  }));
  const opportunityOptions = (opportunities.data?.data ?? [])
    .filter((o) => o.stageKind === 'open')
    .map((o) => ({
      value: o.id,
      label: `${o.title} (${o.stageName}, ${formatMoney(o.valueCents, currency)})`,
    }));
  return (
    <>
      <SelectField
        name="appointmentId"
        label="About appointment"
        options={appointmentOptions}
        loading={appointments.isPending}
        clearable
        placeholder={
          appointments.data && appointmentOptions.length === 0 ? 'No recent or upcoming ones' : 'None'
        }
      />
      {prospects && (
        <SelectField
          name="opportunityId"
          label="About opportunity"
          options={opportunityOptions}
          loading={opportunities.isPending}
          clearable
          placeholder={
            opportunities.data && opportunityOptions.length === 0 ? 'No open opportunities' : 'None'
          }
        />
      )}
    </>
  );
}
