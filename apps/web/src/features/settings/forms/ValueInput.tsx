import type { FormItemType, FormOption, FormValue } from '@pd/contracts';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { BuilderSelect } from './BuilderSelect.tsx';

interface ValueInputProps {
  id: string;
  /** The question's type: which kind of value this is. */
  type: FormItemType;
  /** A choice's options. */
  options: FormOption[];
  value: FormValue | undefined;
  /** undefined: no value (only offered when `optional`). */
  onChange: (value: FormValue | undefined) => void;
  optional?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** Shown, not changed (a published version, a reader without rights A). */
  readOnly?: boolean;
}

export const optionCodeOf = (option: FormOption) => option.valueCoding?.code ?? option.valueString ?? '';
export const optionLabelOf = (option: FormOption) =>
  option.valueCoding?.display || option.valueCoding?.code || option.valueString || '';

/** One value of a question's type (FHIR value[x]): a first value, or the answer a condition compares with. */
export function ValueInput({
  id,
  type,
  options,
  value,
  onChange,
  optional,
  invalid,
  describedBy,
  readOnly,
}: ValueInputProps) {
  const aria = { 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy };
  // Lists are disabled when read-only; typed values stay readable and focusable.
  const select = { ...aria, disabled: readOnly };
  const typed = { ...aria, readOnly };
  const none = optional ? [{ value: '', label: 'None' }] : [];
  if (type === 'boolean')
    return (
      <BuilderSelect
        inputId={id}
        what="yes or no"
        {...select}
        value={value?.valueBoolean === undefined ? '' : String(value.valueBoolean)}
        options={[...none, { value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }]}
        onChange={(e) => onChange(e.value === '' ? undefined : { valueBoolean: e.value === 'true' })}
      />
    );
  if (type === 'choice' || type === 'open-choice')
    return (
      <BuilderSelect
        inputId={id}
        what="an option"
        {...select}
        value={value?.valueCoding?.code ?? value?.valueString ?? ''}
        options={[...none, ...options.map((o) => ({ value: optionCodeOf(o), label: optionLabelOf(o) }))]}
        placeholder={options.length === 0 ? 'Add options first' : optional ? 'None' : 'Choose an option'}
        onChange={(e) => {
          const option = options.find((o) => optionCodeOf(o) === e.value);
          if (!option) return onChange(undefined);
          const { code, display } = option.valueCoding ?? { code: option.valueString ?? '' };
          onChange({ valueCoding: display ? { code, display } : { code } });
        }}
      />
    );
  if (type === 'decimal' || type === 'integer') {
    const key = type === 'decimal' ? 'valueDecimal' : 'valueInteger';
    return (
      <InputNumber
        inputId={id}
        {...typed}
        value={value?.[key] ?? null}
        maxFractionDigits={type === 'decimal' ? 6 : 0}
        useGrouping={false}
        onChange={(e) =>
          onChange(e.value === null ? (optional ? undefined : { [key]: 0 }) : { [key]: e.value })
        }
      />
    );
  }
  if (type === 'date')
    return (
      <InputText
        id={id}
        type="date"
        {...typed}
        value={value?.valueDate ?? ''}
        onChange={(e) =>
          onChange(e.target.value ? { valueDate: e.target.value } : optional ? undefined : { valueDate: '' })
        }
      />
    );
  return (
    <InputText
      id={id}
      {...typed}
      value={value?.valueString ?? ''}
      onChange={(e) =>
        onChange(e.target.value === '' && optional ? undefined : { valueString: e.target.value })
      }
    />
  );
}
