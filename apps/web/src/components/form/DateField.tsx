import { Calendar } from 'primereact/calendar';
import { useEffect, useRef, useState } from 'react';
import { Controller, type ControllerRenderProps, useFormContext } from 'react-hook-form';
import { type FieldA11y, type FieldProps, FieldShell } from './FieldShell.tsx';

interface DateFieldProps extends FieldProps {
  maxDate?: Date;
  minDate?: Date;
  /** A time of day as well (24-hour), e.g. a task's due time. */
  showTime?: boolean;
  /** Today and Clear under the calendar. */
  showButtonBar?: boolean;
}

/**
 * Spec section 9: a day typed or picked as yy-mm-dd (PrimeReact's yy is a 4-digit year, e.g. 1990-05-17).
 * The form holds the picked Date (its local fields are the day), or the text while it is no date, so the
 * schema can say what is wrong with it; lib/pickedDates.ts turns it into YYYY-MM-DD.
 */
export function DateField({ maxDate, minDate, showTime, showButtonBar = true, ...field }: DateFieldProps) {
  const { control } = useFormContext();
  return (
    <FieldShell {...field}>
      {(a11y) => (
        <Controller
          name={field.name}
          control={control}
          render={({ field: f }) => (
            <TypableCalendar
              f={f}
              a11y={a11y}
              maxDate={maxDate}
              minDate={minDate}
              showTime={showTime}
              showButtonBar={showButtonBar}
            />
          )}
        />
      )}
    </FieldShell>
  );
}

interface TypableCalendarProps
  extends Pick<DateFieldProps, 'maxDate' | 'minDate' | 'showTime' | 'showButtonBar'> {
  f: ControllerRenderProps;
  a11y: FieldA11y;
}

/**
 * PrimeReact 10.9's Calendar rewrites its input whenever its value changes, even while the user types:
 * "1990-05-1" becomes "1990-05-01" and the next digit turns it invalid. So while typing, the form gets each
 * parsed date (or the text, while it is no date) but the Calendar keeps the value it had; it is brought up
 * to date when the input is left.
 */
function TypableCalendar({ f, a11y: { id, invalid, ...aria }, ...options }: TypableCalendarProps) {
  const value = (f.value ?? null) as Date | string | null;
  const [shown, setShown] = useState(value);
  const typing = useRef(false);
  const latest = useRef(value);
  latest.current = value;

  // A value set from outside (a reset, a loaded record) shows at once.
  useEffect(() => {
    if (!typing.current) setShown(value);
  }, [value]);

  return (
    <Calendar
      inputId={id}
      inputRef={f.ref}
      value={shown as Date | null}
      onInput={() => {
        typing.current = true;
      }}
      onChange={(e) => {
        const next = (e.value ?? null) as Date | string | null;
        f.onChange(next);
        if (!typing.current) setShown(next);
      }}
      onBlur={() => {
        typing.current = false;
        setShown(latest.current);
        f.onBlur();
      }}
      dateFormat="yy-mm-dd"
      placeholder={options.showTime ? 'yyyy-mm-dd hh:mm' : 'yyyy-mm-dd'}
      maxDate={options.maxDate}
      minDate={options.minDate}
      showTime={options.showTime}
      hourFormat="24"
      showIcon
      // Typing stays in the input; the button opens the calendar.
      showOnFocus={false}
      showButtonBar={options.showButtonBar}
      // Text that is no date stays, and the check says so, rather than vanishing on leaving the field.
      keepInvalid
      invalid={invalid}
      // The Calendar forwards no aria-* props to its input; pass-through reaches it.
      pt={{ input: { root: aria } }}
      className="client-form__control"
    />
  );
}
