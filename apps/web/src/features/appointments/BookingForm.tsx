import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  type AppointmentType,
  type Practitioner,
  type Room,
  type SeriesScope,
} from '@pd/contracts';
import { useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useSession } from '../../app/auth/authContext.ts';
import { useToast } from '../../app/toast/toastContext.ts';
import { RadioField, YesNoField } from '../../components/form/ChoiceFields.tsx';
import { DateField } from '../../components/form/DateField.tsx';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormShell } from '../../components/form/FormShell.tsx';
import { NumberField } from '../../components/form/NumberFields.tsx';
import { RichTextField } from '../../components/form/RichTextField.tsx';
import { Section } from '../../components/form/Section.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { useTimeZone } from '../../lib/company.ts';
import { useContractForm } from '../../lib/forms/useContractForm.ts';
import { BookingClientField } from './BookingClientField.tsx';
import {
  type BookingDefaults,
  type BookingFormValues,
  type BookingRequest,
  bookingFieldOf,
  bookingFormSchema,
  editBookingValues,
  newBookingValues,
} from './bookingFormValues.ts';
import { ClashNotice, SeriesClashNotice } from './ClashNotice.tsx';
import { diaryApi, useDiaryChange } from './diaryApi.ts';

interface BookingFormProps {
  editing: Appointment | null;
  defaults: BookingDefaults;
  /** Which occurrences a change of a series occurrence reaches. */
  scope: SeriesScope;
  practitioners: Practitioner[];
  rooms: Room[];
  types: AppointmentType[];
  onSaved: () => void;
  onCancel: () => void;
}

const REPEAT_OPTIONS = [
  { value: 'none', label: 'Does not repeat' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'fortnightly', label: 'Fortnightly' },
  { value: 'monthly', label: 'Monthly' },
];
const ENDS_OPTIONS = [
  { value: 'count' as const, label: 'After a number of times' },
  { value: 'until' as const, label: 'On a date' },
];

/** A 409 naming the occurrences of a series that clash (body.occurrences.<i>). */
const seriesClashesOf = (error: unknown): string[] =>
  error instanceof ApiError && error.status === 409
    ? error.fields.filter((f) => f.path.startsWith('body.occurrences.')).map((f) => f.message)
    : [];

/** The booking panel's form: book, book a series, or change an appointment (a series occurrence by scope). */
export function BookingForm({ editing, defaults, scope, onSaved, onCancel, ...lists }: BookingFormProps) {
  const { user } = useSession();
  const timeZone = useTimeZone();
  const toast = useToast();
  const [schema] = useState(() => bookingFormSchema(editing));
  const [clash, setClash] = useState<string[]>([]);
  const [seriesClash, setSeriesClash] = useState<string[]>([]);
  const lastSeries = useRef<BookingRequest | null>(null);
  const change = useDiaryChange(async (request: BookingRequest) => {
    if (request.kind === 'single') return diaryApi.create(user.companyId, request.body);
    if (request.kind === 'series') return diaryApi.createSeries(user.companyId, request.body);
    if (!editing) throw new Error('Nothing to change.');
    if (editing.seriesId !== null && scope !== 'this')
      return diaryApi.updateSeries(editing.id, { ...request.body, scope });
    return diaryApi.update(editing.id, request.body);
  });
  const save = async (request: BookingRequest) => {
    setClash([]);
    setSeriesClash([]);
    try {
      return await change.mutateAsync(request);
    } catch (error) {
      const clashes = seriesClashesOf(error);
      if (request.kind !== 'series' || clashes.length === 0) throw error;
      lastSeries.current = request;
      setSeriesClash(clashes);
      throw new ApiError(
        409,
        'CONFLICT',
        `${clashes.length} of the occurrences clash with other appointments.`,
      );
    }
  };
  const { form, submit, problems } = useContractForm<BookingFormValues, BookingRequest>({
    schema,
    defaultValues: editing ? editBookingValues(editing) : newBookingValues(defaults),
    save,
    fieldOf: bookingFieldOf,
    success: (request) =>
      request.kind === 'series'
        ? APPOINTMENT_MESSAGES.seriesCreated
        : request.kind === 'single'
          ? APPOINTMENT_MESSAGES.created
          : APPOINTMENT_MESSAGES.updated,
    failure: (error) =>
      error instanceof ApiError && error.status === 409
        ? APPOINTMENT_MESSAGES.clash
        : editing
          ? APPOINTMENT_MESSAGES.updateFailed
          : APPOINTMENT_MESSAGES.createFailed,
    onFailure: (error) => {
      if (error instanceof ApiError && error.status === 409 && seriesClashesOf(error).length === 0)
        setClash(error.fields.map((f) => f.message).concat(error.fields.length ? [] : [error.message]));
    },
    onDone: onSaved,
  });
  const skipClashes = async () => {
    const request = lastSeries.current;
    if (request?.kind !== 'series') return;
    await form.handleSubmit(async () => {
      try {
        await change.mutateAsync({ kind: 'series', body: { ...request.body, skipClashes: true } });
      } catch (error) {
        setSeriesClash([error instanceof ApiError ? error.message : APPOINTMENT_MESSAGES.createFailed]);
        toast.error(APPOINTMENT_MESSAGES.createFailed);
        return;
      }
      setSeriesClash([]);
      toast.success(APPOINTMENT_MESSAGES.seriesCreated);
      onSaved();
    })();
  };
  const practitionerId = form.watch('practitionerId');
  const typeId = form.watch('typeId');
  const repeat = form.watch('repeat');
  const ends = form.watch('ends');
  const overlap = form.watch('allowOverlap');
  const typeOptions = useMemo(
    () =>
      lists.types
        .filter((t) => t.active === 'Y' || t.id === editing?.typeId)
        .filter(
          (t) =>
            !practitionerId || t.practitionerIds.length === 0 || t.practitionerIds.includes(practitionerId),
        )
        .map((t) => ({ value: t.id, label: `${t.name} (${t.durationMinutes} min)` })),
    [lists.types, practitionerId, editing],
  );
  const practitionerOptions = lists.practitioners
    .filter((p) => p.active === 'Y' || p.userId === editing?.practitionerId)
    .map((p) => ({ value: p.userId, label: p.displayName }));
  const roomOptions = lists.rooms
    .filter((r) => r.active === 'Y' || r.id === editing?.roomId)
    .map((r) => ({ value: r.id, label: r.name }));
  const type = lists.types.find((t) => t.id === typeId);
  return (
    <FormShell
      form={form}
      onSubmit={submit}
      idPrefix="booking-"
      label={editing ? 'Change appointment' : 'Book appointment'}
    >
      <fieldset className="client-form__body" disabled={form.formState.isSubmitting}>
        <Section legend="Appointment">
          <BookingClientField />
          <SelectField
            name="typeId"
            label="Appointment type"
            options={typeOptions}
            required
            onPicked={(value) => {
              const picked = lists.types.find((t) => t.id === value);
              if (picked) form.setValue('minutes', picked.durationMinutes);
            }}
          />
          <SelectField
            name="practitionerId"
            label="Practitioner"
            options={practitionerOptions}
            required
            onPicked={(value) => {
              const picked = lists.practitioners.find((p) => p.userId === value);
              if (picked?.defaultRoomId && form.getValues('roomId') === null)
                form.setValue('roomId', picked.defaultRoomId);
            }}
          />
          <SelectField name="roomId" label="Room" options={roomOptions} clearable placeholder="No room" />
          <DateField
            name="start"
            label="Start"
            required
            showTime
            hint={`Time in ${timeZone.replace('_', ' ')}.`}
          />
          <NumberField
            name="minutes"
            label="Length"
            suffix=" min"
            required
            min={5}
            max={720}
            hint={type ? `${type.minMinutes}–${type.maxMinutes} minutes for this type.` : undefined}
          />
          <RichTextField name="notes" label="Notes" wide height="6rem" />
        </Section>
        {!editing && (
          <Section legend="Repeat">
            <SelectField name="repeat" label="Repeat" options={REPEAT_OPTIONS} />
            {repeat !== 'none' && (
              <>
                <RadioField name="ends" legend="Ends" options={ENDS_OPTIONS} />
                {ends === 'count' ? (
                  <NumberField name="count" label="Number of times" min={1} max={52} grouping={false} />
                ) : (
                  <DateField name="until" label="Last date" />
                )}
              </>
            )}
          </Section>
        )}
        <Section legend="Double-booking">
          <YesNoField
            name="allowOverlap"
            label="Double-book"
            hint="Book even if the practitioner or room already has an appointment at this time."
          />
          {overlap === 'Y' && (
            <p
              className="notice notice--warning diary-warning"
              role="alert"
              data-testid="double-book-warning"
            >
              <span className="pi pi-exclamation-triangle" aria-hidden="true" /> This appointment may overlap
              another one. The double-booking is recorded in the audit trail.
            </p>
          )}
        </Section>
      </fieldset>
      {clash.length > 0 && <ClashNotice messages={clash} />}
      {seriesClash.length > 0 && (
        <SeriesClashNotice messages={seriesClash} onSkip={skipClashes} onCancel={() => setSeriesClash([])} />
      )}
      <FormActions submitLabel={editing ? 'Save' : 'Book'} onCancel={onCancel} problems={problems} />
    </FormShell>
  );
}
