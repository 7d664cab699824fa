import {
  FORM_LIMITS,
  type FormItem,
  type FormProblem,
  formTargetOf,
  formTargetUri,
  isQuestion,
  RECORD_TARGET_LABELS,
  RECORD_TARGETS,
} from '@pd/contracts';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { type ReactNode, useEffect, useState } from 'react';
import { BuilderSelect } from './BuilderSelect.tsx';
import { ConditionsEditor } from './ConditionsEditor.tsx';
import { changeType, flatten, type ItemPath, problemTarget, samePath } from './formTree.ts';
import { itemName, TYPE_OPTIONS } from './itemLabels.ts';
import { OptionsEditor } from './OptionsEditor.tsx';
import type { BuilderState } from './useBuilderState.ts';
import { ValueInput } from './ValueInput.tsx';

const TARGET_OPTIONS = RECORD_TARGETS.map((field) => ({
  value: formTargetUri(field),
  label: RECORD_TARGET_LABELS[field as keyof typeof RECORD_TARGET_LABELS] ?? field,
})).sort((a, b) => a.label.localeCompare(b.label));

/** Without the keys whose value is undefined or false (FHIR leaves an absent flag out). */
function tidy(item: FormItem): FormItem {
  return Object.fromEntries(
    Object.entries(item).filter(
      ([, v]) => v !== undefined && v !== false && !(Array.isArray(v) && v.length === 0),
    ),
  ) as unknown as FormItem;
}

function Field({
  id,
  label,
  problems,
  hint,
  children,
}: {
  id: string;
  label: string;
  problems: string[];
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="form-settings__field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      )}
      {problems.map((p) => (
        <small key={p} id={`${id}-error`} className="field-error">
          {p}
        </small>
      ))}
    </div>
  );
}

function Flag({
  id,
  label,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="form-settings__flag">
      <Checkbox
        inputId={id}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(Boolean(e.checked))}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

interface ItemSettingsProps {
  state: BuilderState;
  path: ItemPath;
  item: FormItem;
  readOnly: boolean;
}

/** Everything about the chosen item: its words, id, flags, options, first value, record field, conditions. */
export function ItemSettings({ state, path, item, readOnly }: ItemSettingsProps) {
  const [linkId, setLinkId] = useState(item.linkId);
  useEffect(() => setLinkId(item.linkId), [item.linkId]);
  const own = state.problems
    .map((p: FormProblem) => ({ ...problemTarget(p.path), message: p.message }))
    .filter((p) => samePath(p.path, path));
  const problemsOf = (field: string, exact = true) =>
    own.filter((p) => p.field === field || (!exact && p.field.startsWith(`${field}.`))).map((p) => p.message);
  const update = (patch: Partial<FormItem>) => state.update(path, (i) => tidy({ ...i, ...patch }));
  const question = isQuestion(item.type);
  const holdsItems = item.type === 'group' && (item.item?.length ?? 0) > 0;
  const choice = item.type === 'choice' || item.type === 'open-choice';
  const fills = question && item.type !== 'attachment' && item.type !== 'signature';
  const all = flatten(state.definition.item).map((f) => f.item);
  const commitLinkId = () => {
    if (linkId !== item.linkId) state.rename(path, linkId.trim());
  };

  return (
    <section className="form-settings" aria-labelledby="fb-heading">
      <h3 id="fb-heading" tabIndex={-1}>
        {itemName(item)}
      </h3>
      <Field
        id="fb-type"
        label="Type"
        problems={problemsOf('type')}
        hint={holdsItems ? 'A group that holds items stays a group.' : undefined}
      >
        <BuilderSelect
          inputId="fb-type"
          what="the type"
          value={item.type}
          options={TYPE_OPTIONS}
          disabled={readOnly || holdsItems}
          aria-describedby={holdsItems ? 'fb-type-hint' : undefined}
          onChange={(e) => {
            const changed = changeType(item, e.value);
            if (changed) state.update(path, () => changed);
          }}
        />
      </Field>
      {problemsOf('item').map((p) => (
        <p key={p} className="field-error">
          {p}
        </p>
      ))}
      <Field
        id="fb-text"
        label={item.type === 'display' ? 'Text to show' : item.type === 'group' ? 'Heading' : 'Question'}
        problems={problemsOf('text')}
      >
        <InputTextarea
          id="fb-text"
          value={item.text ?? ''}
          rows={2}
          autoResize
          maxLength={FORM_LIMITS.textLength}
          readOnly={readOnly}
          onChange={(e) => update({ text: e.target.value })}
        />
      </Field>
      <Field
        id="fb-linkId"
        label="Id"
        problems={problemsOf('linkId')}
        hint="Names the answer in the stored form; conditions follow a change of it."
      >
        <InputText
          id="fb-linkId"
          value={linkId}
          maxLength={FORM_LIMITS.linkIdLength}
          readOnly={readOnly}
          aria-describedby="fb-linkId-hint"
          aria-invalid={problemsOf('linkId').length > 0 || undefined}
          onChange={(e) => setLinkId(e.target.value)}
          onBlur={commitLinkId}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commitLinkId();
          }}
        />
      </Field>
      {question && (
        <div className="form-settings__flags">
          <Flag
            id="fb-required"
            label="Required"
            checked={Boolean(item.required)}
            disabled={readOnly}
            onChange={(required) => update({ required })}
          />
          {item.type !== 'signature' && item.type !== 'boolean' && (
            <Flag
              id="fb-repeats"
              label="More than one answer"
              checked={Boolean(item.repeats)}
              disabled={readOnly}
              onChange={(repeats) => update({ repeats })}
            />
          )}
        </div>
      )}
      {problemsOf('repeats').map((p) => (
        <p key={p} className="field-error">
          {p}
        </p>
      ))}
      {(item.type === 'string' || item.type === 'text') && (
        <Field id="fb-maxLength" label="Longest answer (characters)" problems={problemsOf('maxLength')}>
          <InputNumber
            inputId="fb-maxLength"
            value={item.maxLength ?? null}
            min={1}
            max={10_000}
            useGrouping={false}
            readOnly={readOnly}
            onChange={(e) => update({ maxLength: e.value ?? undefined })}
          />
        </Field>
      )}
      {choice && (
        <OptionsEditor
          options={item.answerOption ?? []}
          readOnly={readOnly}
          problems={problemsOf('answerOption', false)}
          onChange={(answerOption) => update({ answerOption })}
        />
      )}
      {question && item.type !== 'attachment' && item.type !== 'signature' && (
        <Field
          id="fb-initial-0"
          label="First value"
          problems={problemsOf('initial', false)}
          hint="Shown already filled in; the client may change it."
        >
          <ValueInput
            id="fb-initial-0"
            type={item.type}
            options={item.answerOption ?? []}
            value={item.initial?.[0]}
            optional
            describedBy="fb-initial-0-hint"
            invalid={problemsOf('initial', false).length > 0}
            readOnly={readOnly}
            onChange={(value) => update({ initial: value ? [value] : undefined })}
          />
        </Field>
      )}
      {(fills || item.definition) && (
        <Field
          id="fb-definition"
          label="Fills the record field"
          problems={problemsOf('definition')}
          hint="The answer prefills from the client's record and is offered back to it when staff review the form."
        >
          <BuilderSelect
            inputId="fb-definition"
            what="the record field"
            value={item.definition ?? null}
            options={[
              ...TARGET_OPTIONS,
              ...(item.definition && !formTargetOf(item.definition)
                ? [{ value: item.definition, label: item.definition }]
                : []),
            ]}
            placeholder="None"
            showClear={!readOnly}
            filter
            disabled={readOnly}
            aria-describedby="fb-definition-hint"
            onChange={(e) => update({ definition: e.value ?? undefined })}
          />
        </Field>
      )}
      <ConditionsEditor
        item={item}
        all={all}
        readOnly={readOnly}
        problemsOf={problemsOf}
        onChange={(change) => update(change)}
      />
    </section>
  );
}
