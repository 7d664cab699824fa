import type { FormAnswer, FormItem, FormOption } from '@pd/contracts';
import { FORM_FILL_MESSAGES as FM } from '@pd/contracts/fill-page';
import { useState } from 'react';
import { AttachmentField } from './AttachmentField.tsx';
import type { Errors } from './fillState.ts';
import { controlProps, Question } from './Question.tsx';
import { RepeatingQuestion } from './RepeatingQuestion.tsx';
import { SignatureField } from './SignatureField.tsx';

export interface ItemsProps {
  items: FormItem[];
  answers: Record<string, FormAnswer[]>;
  shown: Set<string>;
  errors: Errors;
  token: string;
  onAnswer: (linkId: string, given: FormAnswer[]) => void;
}

/** Every item of the subset, hidden ones left out (their conditions do not hold for the answers so far). */
export function FormItems(props: ItemsProps) {
  return (
    <>
      {props.items
        .filter((item) => props.shown.has(item.linkId))
        .map((item) => (
          <FormItemView key={item.linkId} item={item} {...props} />
        ))}
    </>
  );
}

function FormItemView({ item, ...props }: ItemsProps & { item: FormItem }) {
  const given = props.answers[item.linkId] ?? [];
  const error = props.errors[item.linkId];
  const set = (next: FormAnswer[]) => props.onAnswer(item.linkId, next);
  switch (item.type) {
    case 'group':
      return (
        <fieldset className="fill-group" data-question={item.linkId}>
          {item.text && <legend className="fill-group__title">{item.text}</legend>}
          <FormItems {...props} items={item.item ?? []} />
        </fieldset>
      );
    case 'display':
      return <p className="fill-display">{item.text}</p>;
    case 'boolean':
      return (
        <Question item={item} error={error} group>
          <div className="fill-choices fill-choices--inline">
            {[true, false].map((value) => (
              <label key={String(value)} className="fill-choice">
                <input
                  type="radio"
                  name={`q-${item.linkId}`}
                  checked={given[0]?.valueBoolean === value}
                  onChange={() => set([{ valueBoolean: value }])}
                />
                {value ? 'Yes' : 'No'}
              </label>
            ))}
          </div>
        </Question>
      );
    case 'decimal':
    case 'integer':
      return <NumberQuestion item={item} given={given} error={error} set={set} />;
    case 'date':
      if (item.repeats)
        return <RepeatingQuestion item={{ ...item, type: 'date' }} given={given} error={error} set={set} />;
      return (
        <Question item={item} error={error}>
          <input
            type="date"
            className="fill-input"
            {...controlProps(item, error)}
            value={given[0]?.valueDate ?? ''}
            onChange={(e) => set(e.target.value ? [{ valueDate: e.target.value }] : [])}
          />
        </Question>
      );
    case 'string':
    case 'text': {
      if (item.repeats)
        return (
          <RepeatingQuestion item={{ ...item, type: item.type }} given={given} error={error} set={set} />
        );
      const Control = item.type === 'text' ? 'textarea' : 'input';
      return (
        <Question item={item} error={error}>
          <Control
            className="fill-input"
            {...controlProps(item, error)}
            maxLength={item.maxLength ?? (item.type === 'text' ? 5000 : 255)}
            value={given[0]?.valueString ?? ''}
            onChange={(e) => set(e.target.value ? [{ valueString: e.target.value }] : [])}
          />
        </Question>
      );
    }
    case 'choice':
    case 'open-choice':
      return <ChoiceQuestion item={item} given={given} error={error} set={set} />;
    case 'attachment':
      return (
        <Question item={item} error={error}>
          <AttachmentField item={item} token={props.token} given={given} error={error} set={set} />
        </Question>
      );
    case 'signature':
      return (
        <Question item={item} error={error} group>
          <SignatureField
            name={item.linkId}
            value={given[0]?.valueAttachment}
            onChange={(file) => set(file ? [{ valueAttachment: file }] : [])}
          />
        </Question>
      );
  }
}

interface FieldProps {
  item: FormItem;
  given: FormAnswer[];
  error?: string;
  set: (given: FormAnswer[]) => void;
}

/** A number as typed; the answer holds it only when it is one (a whole one for integer). */
function NumberQuestion({ item, given, error, set }: FieldProps) {
  const stored = given[0]?.valueInteger ?? given[0]?.valueDecimal;
  const [text, setText] = useState(stored === undefined ? '' : String(stored));
  const whole = item.type === 'integer';
  const pattern = whole ? /^-?\d+$/ : /^-?\d+([.,]\d+)?$/;
  const typedWrong = text.trim() !== '' && !pattern.test(text.trim());
  const shownError = typedWrong ? (whole ? FM.notAWholeNumber : FM.notANumber) : error;
  return (
    <Question item={item} error={shownError}>
      <input
        className="fill-input fill-input--short"
        inputMode={whole ? 'numeric' : 'decimal'}
        {...controlProps(item, shownError)}
        value={text}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          const value = Number(next.trim().replace(',', '.'));
          if (next.trim() === '' || !pattern.test(next.trim())) set([]);
          else set([whole ? { valueInteger: value } : { valueDecimal: value }]);
        }}
      />
    </Question>
  );
}

const codeOf = (o: FormOption) => o.valueCoding?.code ?? o.valueString ?? '';
const labelOf = (o: FormOption) => o.valueCoding?.display ?? o.valueCoding?.code ?? o.valueString ?? '';

/** Radios (one answer) or checkboxes (repeats); an open choice adds "Other" with its own text. */
function ChoiceQuestion({ item, given, error, set }: FieldProps) {
  const options = item.answerOption ?? [];
  const picked = new Set(given.flatMap((a) => (a.valueCoding ? [a.valueCoding.code] : [])));
  const other = given.find((a) => a.valueString !== undefined)?.valueString;
  const [otherOn, setOtherOn] = useState(other !== undefined);
  const many = Boolean(item.repeats);
  const toggle = (code: string) => {
    const codes = many
      ? picked.has(code)
        ? [...picked].filter((c) => c !== code)
        : [...picked, code]
      : [code];
    if (!many) setOtherOn(false);
    const keepOther = many && other !== undefined ? [{ valueString: other }] : [];
    set([...codes.map((c) => ({ valueCoding: { code: c } })), ...keepOther]);
  };
  return (
    <Question item={item} error={error} group>
      <div className="fill-choices">
        {options.map((o) => (
          <label key={codeOf(o)} className="fill-choice">
            <input
              type={many ? 'checkbox' : 'radio'}
              name={`q-${item.linkId}`}
              checked={picked.has(codeOf(o))}
              onChange={() => toggle(codeOf(o))}
            />
            {labelOf(o)}
          </label>
        ))}
        {item.type === 'open-choice' && (
          <>
            <label className="fill-choice">
              <input
                type={many ? 'checkbox' : 'radio'}
                name={`q-${item.linkId}`}
                checked={otherOn}
                onChange={() => {
                  const on = many ? !otherOn : true;
                  setOtherOn(on);
                  const codes = many ? [...picked].map((c) => ({ valueCoding: { code: c } })) : [];
                  set(on && other ? [...codes, { valueString: other }] : codes);
                }}
              />
              Other
            </label>
            {otherOn && (
              <input
                className="fill-input"
                aria-label={`${item.text ?? 'Answer'}: other`}
                data-testid={`other-${item.linkId}`}
                maxLength={item.maxLength ?? 255}
                value={other ?? ''}
                onChange={(e) => {
                  const codes = many ? [...picked].map((c) => ({ valueCoding: { code: c } })) : [];
                  set(e.target.value ? [...codes, { valueString: e.target.value }] : codes);
                }}
              />
            )}
          </>
        )}
      </div>
    </Question>
  );
}
