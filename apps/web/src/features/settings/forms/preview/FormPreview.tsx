import {
  type FormAnswer,
  type FormAnswers,
  type FormItem,
  type Questionnaire,
  shownLinkIds,
} from '@pd/contracts';
import { useMemo, useState } from 'react';
import { PreviewQuestion } from './PreviewQuestion.tsx';
import './preview.css';

/** The first values as the answers the client starts with. */
function startingAnswers(items: FormItem[], into: FormAnswers = {}): FormAnswers {
  for (const item of items) {
    if (item.initial?.length) into[item.linkId] = item.initial as FormAnswer[];
    if (item.item) startingAnswers(item.item, into);
  }
  return into;
}

/**
 * The form as the client sees it on a phone: a 390-pixel-wide frame, items shown or hidden by their
 * conditions (the shared `shownLinkIds`) as the answers change. Answers stay here; nothing is sent.
 */
export function FormPreview({ definition }: { definition: Questionnaire }) {
  const [answers, setAnswers] = useState<FormAnswers>(() => startingAnswers(definition.item));
  const shown = useMemo(() => shownLinkIds(definition, answers), [definition, answers]);
  const render = (items: FormItem[]) =>
    // A draft may repeat an id (publication refuses it): the position keeps the keys apart meanwhile.
    items.map((item, index) => {
      const key = `${index}-${item.linkId}`;
      if (!shown.has(item.linkId)) return null;
      if (item.type === 'group')
        return (
          <section key={key} className="form-preview__group" aria-label={item.text || item.linkId}>
            {item.text && <h4>{item.text}</h4>}
            {render(item.item ?? [])}
          </section>
        );
      if (item.type === 'display')
        return (
          <p key={key} className="form-preview__display">
            {item.text}
          </p>
        );
      return (
        <PreviewQuestion
          key={key}
          item={item}
          answers={answers[item.linkId] ?? []}
          onAnswer={(given) => setAnswers((a) => ({ ...a, [item.linkId]: given }))}
        />
      );
    });
  return (
    <div className="form-preview" data-testid="form-preview">
      <div className="form-preview__phone">
        <h3 className="form-preview__title">{definition.title}</h3>
        {definition.description && <p className="form-preview__description">{definition.description}</p>}
        {render(definition.item)}
      </div>
    </div>
  );
}
