import { Calendar } from 'primereact/calendar';
import { InputTextarea } from 'primereact/inputtextarea';
import { Controller, useFormContext } from 'react-hook-form';
import { RichTextEditor } from '../../../components/RichTextEditor.tsx';
import { FieldShell, fieldId } from '../forms/fields/FieldShell.tsx';
import type { TaskFormValues } from './taskFormValues.ts';

/** Required; up to 500 characters (the API's bound). */
export function DescriptionField() {
  const { register } = useFormContext<TaskFormValues>();
  return (
    <FieldShell name="description" label="Description" required wide>
      {({ invalid, ...a11y }) => (
        <InputTextarea
          {...a11y}
          {...register('description')}
          invalid={invalid}
          rows={3}
          autoResize
          maxLength={500}
        />
      )}
    </FieldShell>
  );
}

/** Rich text, stored sanitised by the server. */
export function NoteField() {
  const { control } = useFormContext<TaskFormValues>();
  const id = fieldId('note');
  return (
    <div className="field client-form__field client-form__field--wide">
      <span id={`${id}-label`} className="record-form__label">
        Note
      </span>
      <Controller
        name="note"
        control={control}
        render={({ field }) => (
          <RichTextEditor
            id={id}
            labelId={`${id}-label`}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            height="9rem"
            placeholder="Details for whoever works on the task (optional)"
          />
        )}
      />
    </div>
  );
}

/** Optional; picked in the company's time zone (the hint says which). */
export function DueField({ timeZone }: { timeZone: string }) {
  const { control } = useFormContext<TaskFormValues>();
  return (
    <FieldShell name="due" label="Due date and time" hint={`Time in ${timeZone.replace('_', ' ')}.`}>
      {({ id, invalid, ...aria }) => (
        <Controller
          name="due"
          control={control}
          render={({ field }) => (
            <Calendar
              inputId={id}
              inputRef={field.ref}
              value={field.value}
              onChange={(e) => field.onChange((e.value as Date | null | undefined) ?? null)}
              onBlur={field.onBlur}
              dateFormat="yy-mm-dd"
              placeholder="yyyy-mm-dd hh:mm"
              showTime
              hourFormat="24"
              showIcon
              showButtonBar
              showOnFocus={false}
              invalid={invalid}
              pt={{ input: { root: aria } }}
              className="client-form__control"
            />
          )}
        />
      )}
    </FieldShell>
  );
}
