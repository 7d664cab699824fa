import { FORM_BUILDER_MESSAGES, type FormAnswer, type FormItem } from '@pd/contracts';

interface PreviewQuestionProps {
  item: FormItem;
  answers: FormAnswer[];
  onAnswer: (answers: FormAnswer[]) => void;
}

const optionCode = (o: NonNullable<FormItem['answerOption']>[number]) =>
  o.valueCoding?.code ?? o.valueString ?? '';
const optionLabel = (o: NonNullable<FormItem['answerOption']>[number]) =>
  o.valueCoding?.display || o.valueCoding?.code || o.valueString || '';

/**
 * One question as the client sees it, in plain HTML controls (kept apart from the builder so it can be
 * converged with the fill page's renderer). A preview: nothing here is sent anywhere.
 */
export function PreviewQuestion({ item, answers, onAnswer }: PreviewQuestionProps) {
  const id = `preview-${item.linkId}`;
  const first = answers[0];
  const label = (
    <>
      {item.text || item.linkId}
      {item.required && <span className="form-preview__required"> (required)</span>}
    </>
  );
  const set = (answer: FormAnswer | null) => onAnswer(answer ? [answer] : []);

  if (item.type === 'boolean' || item.type === 'choice' || item.type === 'open-choice') {
    const options =
      item.type === 'boolean'
        ? [
            { code: 'true', label: 'Yes' },
            { code: 'false', label: 'No' },
          ]
        : (item.answerOption ?? []).map((o) => ({ code: optionCode(o), label: optionLabel(o) }));
    const current =
      item.type === 'boolean'
        ? first?.valueBoolean === undefined
          ? ''
          : String(first.valueBoolean)
        : (first?.valueCoding?.code ?? '');
    return (
      <fieldset className="form-preview__question">
        <legend>{label}</legend>
        {options.map((o) => (
          <label key={o.code} className="form-preview__option">
            <input
              type="radio"
              name={id}
              value={o.code}
              checked={current === o.code}
              onChange={() =>
                set(
                  item.type === 'boolean'
                    ? { valueBoolean: o.code === 'true' }
                    : { valueCoding: { code: o.code } },
                )
              }
            />
            {o.label}
          </label>
        ))}
        {item.type === 'open-choice' && (
          <label className="form-preview__other">
            Other
            <input
              type="text"
              value={first?.valueString ?? ''}
              onChange={(e) => set(e.target.value ? { valueString: e.target.value } : null)}
            />
          </label>
        )}
      </fieldset>
    );
  }
  if (item.type === 'signature' || item.type === 'attachment')
    return (
      <div className="form-preview__question">
        <span className="form-preview__label">{label}</span>
        <div className="form-preview__placeholder">
          {item.type === 'signature'
            ? FORM_BUILDER_MESSAGES.previewSignature
            : FORM_BUILDER_MESSAGES.previewAttachment}
        </div>
      </div>
    );
  const input =
    item.type === 'text' ? (
      <textarea
        id={id}
        rows={3}
        value={first?.valueString ?? ''}
        onChange={(e) => set(e.target.value ? { valueString: e.target.value } : null)}
      />
    ) : (
      <input
        id={id}
        type={item.type === 'date' ? 'date' : item.type === 'string' ? 'text' : 'number'}
        step={item.type === 'decimal' ? 'any' : undefined}
        value={String(
          first?.valueString ?? first?.valueDate ?? first?.valueDecimal ?? first?.valueInteger ?? '',
        )}
        onChange={(e) => {
          const raw = e.target.value;
          if (raw === '') return set(null);
          if (item.type === 'date') return set({ valueDate: raw });
          if (item.type === 'integer') return set({ valueInteger: Number.parseInt(raw, 10) });
          if (item.type === 'decimal') return set({ valueDecimal: Number(raw) });
          return set({ valueString: raw });
        }}
      />
    );
  return (
    <div className="form-preview__question">
      <label htmlFor={id} className="form-preview__label">
        {label}
      </label>
      {input}
    </div>
  );
}
