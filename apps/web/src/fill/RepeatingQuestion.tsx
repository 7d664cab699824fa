import type { FormAnswer, FormItem } from '@pd/contracts';
import { useState } from 'react';
import { controlProps, Question } from './Question.tsx';

const MAX = 50;
type Kind = 'string' | 'text' | 'date';
const textOf = (a: FormAnswer) => a.valueString ?? a.valueDate ?? '';
const answerOf = (kind: Kind, value: string): FormAnswer =>
  kind === 'date' ? { valueDate: value } : { valueString: value };

/** A question that takes several answers (`repeats`: allergies, medicines): one box each, Add another, Remove. */
export function RepeatingQuestion({
  item,
  given,
  error,
  set,
}: {
  item: FormItem & { type: Kind };
  given: FormAnswer[];
  error?: string;
  set: (given: FormAnswer[]) => void;
}) {
  const [values, setValues] = useState<string[]>(() => (given.length ? given.map(textOf) : ['']));
  const change = (next: string[]) => {
    setValues(next);
    set(next.filter((v) => v.trim() !== '').map((v) => answerOf(item.type, v)));
  };
  const Control = item.type === 'text' ? 'textarea' : 'input';
  return (
    <Question item={item} error={error}>
      {values.map((value, i) => (
        // The boxes are positions in a list the client edits; a box's position is its identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: positions, not records
        <div key={i} className="fill-repeat">
          <Control
            className="fill-input"
            {...(i === 0
              ? controlProps(item, error)
              : { 'aria-label': `${item.text ?? item.linkId} (${i + 1})` })}
            type={item.type === 'date' ? 'date' : undefined}
            maxLength={
              item.type === 'date' ? undefined : (item.maxLength ?? (item.type === 'text' ? 5000 : 255))
            }
            value={value}
            onChange={(e) => change(values.map((v, j) => (j === i ? e.target.value : v)))}
          />
          {values.length > 1 && (
            <button
              type="button"
              className="fill-button fill-button--plain"
              aria-label={`Remove answer ${i + 1}`}
              onClick={() => change(values.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          )}
        </div>
      ))}
      {values.length < MAX && (
        <button
          type="button"
          className="fill-button fill-button--plain"
          onClick={() => setValues([...values, ''])}
        >
          Add another
        </button>
      )}
    </Question>
  );
}
