import {
  type FormAnswer,
  type FormAnswers,
  formTargetOf,
  placeItems,
  type Questionnaire,
} from '@pd/contracts';

/**
 * Issue 18, part 4: the answers a definition's mapped items start with, from the client's record (client
 * fields and healthcare details by name). Only mapped items are filled, so the page learns nothing else
 * about the client; a value that does not suit its item (not an option, not a date) is left out.
 */
export function prefillAnswers(definition: Questionnaire, record: Record<string, unknown>): FormAnswers {
  const answers: FormAnswers = {};
  for (const { item } of placeItems(definition.item)) {
    const field = formTargetOf(item.definition);
    const value = field ? record[field] : undefined;
    if (value === null || value === undefined || value === '') continue;
    const answer = answerFor(item.type, String(value), item.answerOption ?? []);
    if (answer) answers[item.linkId] = [answer];
  }
  return answers;
}

type Options = NonNullable<Questionnaire['item'][number]['answerOption']>;

function answerFor(type: string, value: string, options: Options): FormAnswer | null {
  const option = options.find((o) => o.valueCoding?.code === value || o.valueString === value);
  switch (type) {
    case 'string':
    case 'text':
      return { valueString: value };
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(value) ? { valueDate: value } : null;
    case 'boolean':
      return value === 'Y' || value === 'N' ? { valueBoolean: value === 'Y' } : null;
    case 'choice':
      return option?.valueCoding ? { valueCoding: { code: option.valueCoding.code } } : null;
    case 'open-choice':
      return option?.valueCoding
        ? { valueCoding: { code: option.valueCoding.code } }
        : { valueString: value };
    default:
      return null;
  }
}
