import { useEffect } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { FieldShell } from '../../components/form/FieldShell.tsx';
import { RichTextField } from '../../components/form/RichTextField.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { DrawingCanvas } from './DrawingCanvas.tsx';
import {
  NOTE_FORMAT_OPTIONS,
  NOTE_STATUS_OPTIONS,
  NOTE_TYPE_OPTIONS,
  NOTE_YES_NO_OPTIONS,
  type NoteFormValues,
} from './noteFormValues.ts';

/** The form fields shown right now, so API errors for hidden ones are listed above the buttons instead. */
export function shownNoteFields(values: NoteFormValues, flags: boolean): Set<string> {
  const shown = new Set(['type', 'format', 'subject', 'status']);
  shown.add(values.format === 'F' ? 'drawing' : 'richText');
  if (flags) shown.add('sharable');
  if (flags && values.sharable === 'Y') shown.add('editable');
  return shown;
}

/**
 * Spec section 2, Add note: type, format, subject, body, sharable, editable, status. The body is rich text,
 * or a drawing canvas when the format is F; editable is offered only when sharable is Y.
 * `flags` is false for a non-author: sharing is the author's choice alone (docs/api.md).
 */
export function NoteFields({ flags }: { flags: boolean }) {
  const { watch, setValue } = useFormContext<NoteFormValues>();
  const [format, sharable] = watch(['format', 'sharable']);

  // Editable means "other staff may change it", which only counts for a shared note.
  useEffect(() => {
    if (sharable !== 'Y') setValue('editable', 'N');
  }, [sharable, setValue]);

  return (
    <div className="note-form__fields">
      <div className="note-form__grid">
        <SelectField name="type" label="Type" options={NOTE_TYPE_OPTIONS} />
        <SelectField name="format" label="Format" options={NOTE_FORMAT_OPTIONS} />
        <TextField name="subject" label="Subject" required wide />
      </div>
      {format === 'F' ? (
        <DrawingField />
      ) : (
        <RichTextField name="richText" label="Note" height="16rem" className="note-form__body" />
      )}
      <div className="note-form__grid">
        {flags && (
          <SelectField
            name="sharable"
            label="Sharable"
            options={NOTE_YES_NO_OPTIONS}
            hint="Yes: the other staff of the practice can see this note."
          />
        )}
        {flags && sharable === 'Y' && (
          <SelectField
            name="editable"
            label="Editable"
            options={NOTE_YES_NO_OPTIONS}
            hint="Yes: the other staff can change this note too."
          />
        )}
        <SelectField name="status" label="Status" options={NOTE_STATUS_OPTIONS} />
      </div>
    </div>
  );
}

function DrawingField() {
  const { control } = useFormContext<NoteFormValues>();
  return (
    <FieldShell name="drawing" label="Drawing" labelAs="span" className="note-form__body">
      {({ id, invalid, ...aria }, labelId) => (
        <Controller
          name="drawing"
          control={control}
          render={({ field }) => (
            <DrawingCanvas
              id={id}
              labelId={labelId}
              invalid={invalid}
              describedBy={aria['aria-describedby']}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      )}
    </FieldShell>
  );
}
