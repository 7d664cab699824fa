import type { FormOption } from '@pd/contracts';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { optionCodeOf } from './ValueInput.tsx';

interface OptionsEditorProps {
  options: FormOption[];
  onChange: (options: FormOption[]) => void;
  readOnly: boolean;
  problems: string[];
}

/** A free code: `option-<n>`, the first n no option uses. */
function freshCode(options: FormOption[]) {
  const taken = new Set(options.map(optionCodeOf));
  let n = options.length + 1;
  while (taken.has(`option-${n}`)) n += 1;
  return `option-${n}`;
}

/** A choice's options: what the client reads, and the code the answer is kept as. */
export function OptionsEditor({ options, onChange, readOnly, problems }: OptionsEditorProps) {
  const change = (index: number, patch: { code?: string; display?: string }) =>
    onChange(
      options.map((option, i) => {
        if (i !== index) return option;
        const coding = option.valueCoding ?? { code: option.valueString ?? '' };
        const next = { ...coding, ...patch };
        return { valueCoding: next.display ? next : { code: next.code } };
      }),
    );
  return (
    <fieldset className="form-settings__group" id="fb-answerOption" tabIndex={-1}>
      <legend>Options</legend>
      {problems.map((p) => (
        <p key={p} className="field-error">
          {p}
        </p>
      ))}
      {options.length === 0 && <p className="muted">No options yet.</p>}
      <ol className="form-settings__rows">
        {options.map((option, index) => {
          const coding = option.valueCoding ?? { code: option.valueString ?? '' };
          // The list is edited in place; an option's position is its identity while it is edited.
          const key = `option-${index}`;
          return (
            <li key={key} className="form-settings__row">
              <label htmlFor={`fb-answerOption-${index}-valueCoding-display`}>Option {index + 1}</label>
              <InputText
                id={`fb-answerOption-${index}-valueCoding-display`}
                value={coding.display ?? ''}
                placeholder="What the client reads"
                readOnly={readOnly}
                onChange={(e) => change(index, { display: e.target.value })}
              />
              <label htmlFor={`fb-answerOption-${index}-valueCoding-code`}>Code</label>
              <InputText
                id={`fb-answerOption-${index}-valueCoding-code`}
                value={coding.code}
                readOnly={readOnly}
                onChange={(e) => change(index, { code: e.target.value })}
              />
              {!readOnly && (
                <Button
                  type="button"
                  icon="pi pi-times"
                  text
                  size="small"
                  aria-label={`Remove option ${index + 1}`}
                  onClick={() => onChange(options.filter((_, i) => i !== index))}
                />
              )}
            </li>
          );
        })}
      </ol>
      {!readOnly && (
        <Button
          type="button"
          label="Add option"
          icon="pi pi-plus"
          size="small"
          outlined
          onClick={() => onChange([...options, { valueCoding: { code: freshCode(options), display: '' } }])}
        />
      )}
    </fieldset>
  );
}
