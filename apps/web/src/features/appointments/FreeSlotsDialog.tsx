import type { AppointmentType, Practitioner } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { MultiSelect } from 'primereact/multiselect';
import { useState } from 'react';
import { useSession } from '../../app/auth/authContext.ts';
import type { BookingDefaults } from './bookingFormValues.ts';
import { type SlotSearch, useFreeSlots } from './diaryApi.ts';
import { describeTimes, floatingOf } from './diaryTime.ts';

interface FreeSlotsDialogProps {
  practitioners: Practitioner[];
  types: AppointmentType[];
  onClose: () => void;
  /** A slot was chosen: open the booking panel on it. */
  onPick: (defaults: BookingDefaults) => void;
}

/** "Next free slot": the next ten free starts for a type and some practitioners, each one click to book. */
export function FreeSlotsDialog({ practitioners, types, onClose, onPick }: FreeSlotsDialogProps) {
  const { user } = useSession();
  const [typeId, setTypeId] = useState<number | null>(types[0]?.id ?? null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [search, setSearch] = useState<SlotSearch | null>(null);
  const slots = useFreeSlots(user.companyId, search);
  const type = types.find((t) => t.id === typeId);
  const offering = practitioners.filter(
    (p) => !type || type.practitionerIds.length === 0 || type.practitionerIds.includes(p.userId),
  );
  return (
    <Dialog visible header="Next free slot" onHide={onClose} style={{ width: 'min(40rem, 96vw)' }}>
      <form
        className="diary-slots__form"
        aria-label="Find free slots"
        onSubmit={(e) => {
          e.preventDefault();
          if (typeId !== null)
            setSearch({ typeId, practitionerIds: chosen.length ? chosen.join(',') : undefined });
        }}
      >
        <div className="field">
          <label htmlFor="slots-type">Appointment type</label>
          <Dropdown
            inputId="slots-type"
            pt={{ select: { 'aria-hidden': true }, trigger: { 'aria-label': 'Choose appointment type' } }}
            value={typeId}
            options={types.map((t) => ({ value: t.id, label: `${t.name} (${t.durationMinutes} min)` }))}
            onChange={(e) => setTypeId(e.value as number)}
          />
        </div>
        <div className="field">
          <label htmlFor="slots-practitioners">Practitioners</label>
          <MultiSelect
            inputId="slots-practitioners"
            value={chosen}
            options={offering.map((p) => ({ value: p.userId, label: p.displayName }))}
            onChange={(e) => setChosen(e.value as number[])}
            placeholder="Everyone offering the type"
          />
        </div>
        <Button type="submit" label="Find" icon="pi pi-search" disabled={typeId === null} />
      </form>
      {search === null ? null : slots.isPending ? (
        <p role="status">Looking for free slots. Please wait.</p>
      ) : slots.isError ? (
        <p className="notice notice--error" role="alert">
          {slots.error.message}
        </p>
      ) : slots.data.length === 0 ? (
        <p role="status">No free slots found within the practitioners' working hours.</p>
      ) : (
        <ul className="diary-slots" data-testid="free-slots">
          {slots.data.map((slot) => (
            <li key={`${slot.practitionerId} ${slot.start}`}>
              <Button
                type="button"
                outlined
                className="diary-slots__slot"
                label={`${describeTimes(slot.startLocal, slot.endLocal)} · ${slot.practitionerName}`}
                onClick={() =>
                  onPick({
                    start: floatingOf(slot.startLocal),
                    minutes: type?.durationMinutes ?? null,
                    practitionerId: slot.practitionerId,
                    // The slot is free for the practitioner; a room (none was searched for) is the user's choice.
                    roomId: null,
                    typeId: search.typeId,
                  })
                }
              />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
