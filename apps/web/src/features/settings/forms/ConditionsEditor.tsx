import {
  enableWhenAnswerKey,
  FORM_COMPARABLE_TYPES,
  FORM_OPERATOR_LABELS,
  FORM_OPERATORS,
  type FormEnableWhen,
  type FormItem,
  type FormItemType,
  type FormOperator,
  type FormValue,
  todayIn,
} from '@pd/contracts';
import { Button } from 'primereact/button';
import { useTimeZone } from '../../../lib/company.ts';
import { BuilderSelect } from './BuilderSelect.tsx';
import { itemName } from './itemLabels.ts';
import { ValueInput } from './ValueInput.tsx';

const ORDERED: FormOperator[] = ['>', '<', '>=', '<='];
const ORDERED_TYPES: FormItemType[] = ['decimal', 'integer', 'date', 'string', 'text'];

/** An answer (answerX) as a value (valueX) and back: the same value under FHIR's two names. */
const toValue = (c: FormEnableWhen): FormValue | undefined => {
  const key = enableWhenAnswerKey(c);
  return key ? ({ [key.replace('answer', 'value')]: c[key] } as FormValue) : undefined;
};
const fromValue = (value: FormValue | undefined) =>
  Object.fromEntries(Object.entries(value ?? {}).map(([k, v]) => [k.replace('value', 'answer'), v]));

/** The answer a fresh condition on a question of this type compares with. */
function startAnswer(asked: FormItem | undefined, today: string): Partial<FormEnableWhen> {
  switch (asked?.type) {
    case 'boolean':
      return { answerBoolean: true };
    case 'decimal':
      return { answerDecimal: 0 };
    case 'integer':
      return { answerInteger: 0 };
    case 'date':
      return { answerDate: today };
    case 'choice':
    case 'open-choice': {
      const first = asked.answerOption?.[0];
      return { answerCoding: { code: first?.valueCoding?.code ?? first?.valueString ?? '' } };
    }
    default:
      return { answerString: '' };
  }
}

const withoutAnswer = (c: FormEnableWhen) =>
  Object.fromEntries(Object.entries(c).filter(([k]) => !k.startsWith('answer'))) as Pick<
    FormEnableWhen,
    'question' | 'operator'
  >;

interface ConditionsEditorProps {
  item: FormItem;
  /** Every item of the form in reading order (the questions a condition may ask about are among them). */
  all: FormItem[];
  onChange: (change: Pick<FormItem, 'enableWhen' | 'enableBehavior'>) => void;
  readOnly: boolean;
  /** The problems of a field of this item and of what is under it (only its own when `exact`). */
  problemsOf: (field: string, exact?: boolean) => string[];
}

/** FHIR enableWhen: show this item only when other questions were answered so. */
export function ConditionsEditor({ item, all, onChange, readOnly, problemsOf }: ConditionsEditorProps) {
  const today = todayIn(useTimeZone());
  const conditions = item.enableWhen ?? [];
  const questions = all.filter((i) => i.linkId !== item.linkId && FORM_COMPARABLE_TYPES.includes(i.type));
  const byId = new Map(all.map((i) => [i.linkId, i]));
  const set = (next: FormEnableWhen[]) =>
    onChange({
      enableWhen: next.length > 0 ? next : undefined,
      enableBehavior: next.length > 1 ? (item.enableBehavior ?? 'all') : undefined,
    });
  const change = (index: number, next: FormEnableWhen) =>
    set(conditions.map((c, i) => (i === index ? next : c)));

  return (
    <fieldset className="form-settings__group" id="fb-enableWhen" tabIndex={-1}>
      <legend>Show only when</legend>
      {problemsOf('enableWhen', true).map((p) => (
        <p key={p} className="field-error">
          {p}
        </p>
      ))}
      {conditions.length === 0 && <p className="muted">Always shown.</p>}
      <ol className="form-settings__rows">
        {conditions.map((condition, index) => {
          const asked = byId.get(condition.question);
          const prefix = `fb-enableWhen-${index}`;
          const problems = problemsOf(`enableWhen.${index}`, false);
          const operators = FORM_OPERATORS.filter(
            (op) => !ORDERED.includes(op) || (asked && ORDERED_TYPES.includes(asked.type)),
          );
          // The list is edited in place; a condition's position is its identity while it is edited.
          const key = `condition-${index}`;
          return (
            <li key={key} className="form-settings__row form-settings__row--condition">
              <label htmlFor={`${prefix}-question`}>Question</label>
              <BuilderSelect
                inputId={`${prefix}-question`}
                what="the question"
                value={condition.question}
                options={[
                  ...questions.map((q) => ({ value: q.linkId, label: `${itemName(q)} (${q.linkId})` })),
                  ...(asked
                    ? []
                    : [{ value: condition.question, label: `${condition.question} (no such question)` }]),
                ]}
                disabled={readOnly}
                filter={questions.length > 8}
                onChange={(e) =>
                  change(index, {
                    question: e.value,
                    operator: condition.operator === 'exists' ? 'exists' : '=',
                    ...(condition.operator === 'exists'
                      ? { answerBoolean: true }
                      : startAnswer(byId.get(e.value), today)),
                  })
                }
              />
              <label htmlFor={`${prefix}-operator`}>Condition</label>
              <BuilderSelect
                inputId={`${prefix}-operator`}
                what="the condition"
                value={condition.operator}
                options={operators.map((op) => ({ value: op, label: FORM_OPERATOR_LABELS[op] }))}
                disabled={readOnly}
                onChange={(e) => {
                  const operator = e.value as FormOperator;
                  const switched = (operator === 'exists') !== (condition.operator === 'exists');
                  change(index, {
                    ...(switched ? withoutAnswer(condition) : condition),
                    operator,
                    ...(switched
                      ? operator === 'exists'
                        ? { answerBoolean: true }
                        : startAnswer(asked, today)
                      : {}),
                  });
                }}
              />
              <label htmlFor={`${prefix}-answer`}>Answer</label>
              {condition.operator === 'exists' ? (
                <BuilderSelect
                  inputId={`${prefix}-answer`}
                  what="the answer"
                  value={condition.answerBoolean !== false}
                  options={[
                    { value: true, label: 'Yes, answered' },
                    { value: false, label: 'No, not answered' },
                  ]}
                  disabled={readOnly}
                  onChange={(e) => change(index, { ...withoutAnswer(condition), answerBoolean: e.value })}
                />
              ) : (
                <ValueInput
                  id={`${prefix}-answer`}
                  type={asked?.type ?? 'string'}
                  options={asked?.answerOption ?? []}
                  value={toValue(condition)}
                  invalid={problems.length > 0}
                  readOnly={readOnly}
                  onChange={(value) => change(index, { ...withoutAnswer(condition), ...fromValue(value) })}
                />
              )}
              {!readOnly && (
                <Button
                  type="button"
                  icon="pi pi-times"
                  label="Remove condition"
                  text
                  size="small"
                  className="form-settings__remove"
                  aria-label={`Remove condition ${index + 1}`}
                  onClick={() => set(conditions.filter((_, i) => i !== index))}
                />
              )}
              {problems.map((p) => (
                <p key={p} className="field-error form-settings__row-problem">
                  {p}
                </p>
              ))}
            </li>
          );
        })}
      </ol>
      {conditions.length > 1 && (
        <div className="form-settings__field">
          <label htmlFor="fb-enableBehavior">Show when</label>
          <BuilderSelect
            inputId="fb-enableBehavior"
            what="all or any"
            value={item.enableBehavior ?? 'all'}
            options={[
              { value: 'all', label: 'all of these hold' },
              { value: 'any', label: 'any of these holds' },
            ]}
            disabled={readOnly}
            onChange={(e) => onChange({ enableWhen: conditions, enableBehavior: e.value })}
          />
        </div>
      )}
      {!readOnly && (
        <Button
          type="button"
          label="Add condition"
          icon="pi pi-plus"
          size="small"
          outlined
          disabled={questions.length === 0}
          onClick={() => {
            const first = questions[0];
            if (first)
              set([
                ...conditions,
                { question: first.linkId, operator: '=', ...startAnswer(first, today) } as FormEnableWhen,
              ]);
          }}
        />
      )}
      {!readOnly && questions.length === 0 && <p className="muted">Add a question to depend on first.</p>}
    </fieldset>
  );
}
