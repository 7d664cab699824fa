import { Controller, useFormContext } from 'react-hook-form';
import { RichTextEditor } from '../RichTextEditor.tsx';
import { type FieldProps, FieldShell } from './FieldShell.tsx';

interface RichTextFieldProps extends FieldProps {
  /** Height of the writing area, e.g. '16rem'. */
  height?: string;
  placeholder?: string;
  className?: string;
}

/** Rich text (HTML, sanitised by the server), named by a visible label. */
export function RichTextField({ height, placeholder, className, ...field }: RichTextFieldProps) {
  const { control } = useFormContext();
  return (
    <FieldShell {...field} labelAs="span" className={className}>
      {({ id, invalid, ...aria }, labelId) => (
        <Controller
          name={field.name}
          control={control}
          render={({ field: f }) => (
            <RichTextEditor
              id={id}
              labelId={labelId}
              value={f.value ?? ''}
              onChange={f.onChange}
              onBlur={f.onBlur}
              invalid={invalid}
              describedBy={aria['aria-describedby']}
              height={height}
              placeholder={placeholder}
            />
          )}
        />
      )}
    </FieldShell>
  );
}
