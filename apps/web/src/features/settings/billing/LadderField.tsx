import { LADDER_TYPE_CODES, type UnpaidType } from '@pd/contracts';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useFieldId } from '../../../components/form/FieldShell.tsx';
import { ladderStepLabel } from './billingSchemas.ts';

const NAME = 'unpaidLadder';
type LadderType = (typeof LADDER_TYPE_CODES)[number];

/**
 * The unpaid ladder: the notice types an unpaid run sends in turn, in order. Steps are moved, removed
 * and added with buttons, so the order is set with the keyboard as easily as with a mouse.
 */
export function LadderField() {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name: NAME, control });
  const steps = (field.value ?? []) as UnpaidType[];
  const missing = LADDER_TYPE_CODES.filter((t) => !steps.includes(t));
  const [adding, setAdding] = useState<LadderType | null>(null);
  const id = useFieldId(NAME);
  const error = fieldState.error?.message;
  const change = (next: UnpaidType[]) => {
    field.onChange(next);
    field.onBlur();
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...steps];
    const [step] = next.splice(index, 1);
    if (step) next.splice(index + by, 0, step);
    change(next);
  };
  const add = () => {
    const type = adding && missing.includes(adding) ? adding : missing[0];
    if (type) change([...steps, type]);
    setAdding(null);
  };

  return (
    <fieldset
      className="field client-form__field ladder-field"
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
    >
      <legend className="field__label">
        Unpaid ladder
        <span className="client-form__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      {steps.length === 0 ? (
        <p className="muted ladder-field__empty">No steps.</p>
      ) : (
        <ol className="ladder-field__steps" aria-label="Unpaid ladder steps">
          {steps.map((type, index) => (
            <li key={type} className="ladder-field__step">
              <span className="ladder-field__name">{ladderStepLabel(type)}</span>
              {[
                {
                  icon: 'pi pi-arrow-up',
                  verb: 'Move',
                  to: 'up',
                  off: index === 0,
                  act: () => move(index, -1),
                },
                {
                  icon: 'pi pi-arrow-down',
                  verb: 'Move',
                  to: 'down',
                  off: index === steps.length - 1,
                  act: () => move(index, 1),
                },
                {
                  icon: 'pi pi-times',
                  verb: 'Remove',
                  to: '',
                  off: false,
                  act: () => change(steps.filter((t) => t !== type)),
                },
              ].map((b) => (
                <Button
                  key={b.icon}
                  type="button"
                  icon={b.icon}
                  text
                  size="small"
                  severity={b.verb === 'Remove' ? 'danger' : undefined}
                  aria-label={`${b.verb} ${ladderStepLabel(type)}${b.to ? ` ${b.to}` : ''}`}
                  disabled={b.off}
                  onClick={b.act}
                />
              ))}
            </li>
          ))}
        </ol>
      )}
      {missing.length > 0 && (
        <div className="ladder-field__add">
          <Dropdown
            inputId={`${id}-add`}
            value={adding && missing.includes(adding) ? adding : missing[0]}
            options={missing.map((t) => ({ label: ladderStepLabel(t), value: t }))}
            optionLabel="label"
            optionValue="value"
            onChange={(e) => setAdding(e.value as LadderType)}
            aria-label="Step to add"
            pt={{
              select: { 'aria-hidden': true, 'aria-label': 'Step to add' },
              trigger: { 'aria-label': 'Choose the step to add' },
            }}
          />
          <Button type="button" label="Add step" icon="pi pi-plus" outlined size="small" onClick={add} />
        </div>
      )}
      <small id={`${id}-hint`} className="client-form__hint">
        The notices an unpaid run sends in turn, first to last. Writing off (C) is never automatic.
      </small>
      {error && (
        <small id={`${id}-error`} className="field-error" data-testid={`${NAME}-error`}>
          {error}
        </small>
      )}
    </fieldset>
  );
}
