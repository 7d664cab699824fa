import type { AppointmentType, ExceptionKind } from '@pd/contracts';
import { usePractitioners } from '../../../../api/diarySettings.ts';
import { useSession } from '../../../../app/auth/authContext.ts';
import type { Option } from '../../../../components/form/options.ts';

export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export const EXCEPTION_KIND_LABELS: Record<ExceptionKind, string> = {
  leave: 'Leave',
  training: 'Training',
  closed: 'Closed',
  other: 'Other',
};

/** "30 min", or "30 min (15–60)" when a booking may be shorter or longer. */
export const lengthText = (t: Pick<AppointmentType, 'durationMinutes' | 'minMinutes' | 'maxMinutes'>) =>
  t.minMinutes === t.durationMinutes && t.maxMinutes === t.durationMinutes
    ? `${t.durationMinutes} min`
    : `${t.durationMinutes} min (${t.minMinutes}–${t.maxMinutes})`;

/** Active items as options, plus the current one should it have become inactive. */
export function activeOptions(
  items: { id: number; name: string; active: 'Y' | 'N' }[] | undefined,
  currentId: number | null,
): Option<number>[] {
  return (items ?? [])
    .filter((item) => item.active === 'Y' || item.id === currentId)
    .map((item) => ({ value: item.id, label: item.active === 'Y' ? item.name : `${item.name} (inactive)` }));
}

/** A practitioner's name by user id (the id itself until the list arrives). */
export function usePractitionerNames(): (userId: number) => string {
  const { company } = useSession();
  const practitioners = usePractitioners(company.id);
  return (userId) => practitioners.data?.find((p) => p.userId === userId)?.displayName ?? `User ${userId}`;
}
