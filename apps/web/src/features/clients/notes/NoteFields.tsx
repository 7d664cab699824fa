import { type ReactNode, useEffect } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { RichTextEditor } from '../../../components/RichTextEditor.tsx';
import { errorMessage, fieldId } from '../forms/fields/FieldShell.tsx';
import { SelectField } from '../forms/fields/SelectField.tsx';
import { TextField } from '../forms/fields/TextField.tsx';
import { DrawingCanvas } from './DrawingCanvas.tsx';
import {
  NOTE_FORMAT_OPTIONS,
  NOTE_STATUS_OPTIONS,
  NOTE_TYPE_OPTIONS,
  type NoteFormValues,
  YES_NO_OPTIONS,
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
      {format === 'F' ? <DrawingField /> : <RichTextField />}
      <div className="note-form__grid">
        {flags && (
          <SelectField
            name="sharable"
            label="Sharable"
            options={YES_NO_OPTIONS}
            hint="Yes: the other staff of the practice can see this note."
          />
        )}
        {flags && sharable === 'Y' && (
          <SelectField
            name="editable"
            label="Editable"
            options={YES_NO_OPTIONS}
            hint="Yes: the other staff can change this note too."
          />
        )}
        <SelectField name="status" label="Status" options={NOTE_STATUS_OPTIONS} />
      </div>
    </div>
  );
}

function BodyShell({
  name,
  label,
  children,
}: {
  name: 'richText' | 'drawing';
  label: string;
  children: (a11y: { id: string; labelId: string; invalid: boolean; describedBy?: string }) => ReactNode;
}) {
  const {
    formState: { errors },
  } = useFormContext<NoteFormValues>();
  const id = fieldId(name);
  const error = errorMessage(errors, name);
  const errorId = `${id}-error`;
  return (
    <div className="field note-form__body">
      <span id={`${id}-label`} className="note-form__label">
        {label}
      </span>
      {children({
        id,
        labelId: `${id}-label`,
        invalid: Boolean(error),
        describedBy: error ? errorId : undefined,
      })}
      {error && (
        <small id={errorId} className="field-error" data-testid={`${name}-error`}>
          {error}
        </small>
      )}
    </div>
  );
}

function RichTextField() {
  const { control } = useFormContext<NoteFormValues>();
  return (
    <BodyShell name="richText" label="Note">
      {(a11y) => (
        <Controller
          name="richText"
          control={control}
          render={({ field }) => (
            <RichTextEditor
              id={a11y.id}
              labelId={a11y.labelId}
              invalid={a11y.invalid}
              describedBy={a11y.describedBy}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              height="16rem"
            />
          )}
        />
      )}
    </BodyShell>
  );
}

function DrawingField() {
  const { control } = useFormContext<NoteFormValues>();
  return (
    <BodyShell name="drawing" label="Drawing">
      {(a11y) => (
        <Controller
          name="drawing"
          control={control}
          render={({ field }) => (
            <DrawingCanvas
              id={a11y.id}
              labelId={a11y.labelId}
              invalid={a11y.invalid}
              describedBy={a11y.describedBy}
              value={field.value}
              onChange={field.onChange}
            />
          )}
        />
      )}
    </BodyShell>
  );
}
