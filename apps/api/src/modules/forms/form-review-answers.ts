import {
  type FormAnswer,
  type FormItem,
  type FormShownAnswer,
  formTargetOf,
  placeItems,
  type Questionnaire,
  type ResponseItem,
} from '@pd/contracts';

/** Issue 18, parts 5 and 6: a sealed QuestionnaireResponse read back against the definition it answered. */

/** The stored response's answers by linkId (groups flattened). */
export function answersByLinkId(response: { item?: ResponseItem[] }): Map<string, FormAnswer[]> {
  const found = new Map<string, FormAnswer[]>();
  const walk = (items: ResponseItem[]) => {
    for (const item of items) {
      if (item.answer) found.set(item.linkId, item.answer);
      if (item.item) walk(item.item);
    }
  };
  walk(response.item ?? []);
  return found;
}

const optionText = (item: FormItem, code: string) => {
  const option = item.answerOption?.find((o) => o.valueCoding?.code === code || o.valueString === code);
  return option?.valueCoding?.display ?? option?.valueString ?? null;
};

/** An answer as a person reads it: options by their text, yes/no, a file by its name. */
function answerText(item: FormItem, answer: FormAnswer): string | null {
  if (answer.valueBoolean !== undefined) return answer.valueBoolean ? 'Yes' : 'No';
  if (answer.valueCoding)
    return answer.valueCoding.display ?? optionText(item, answer.valueCoding.code) ?? answer.valueCoding.code;
  if (answer.valueAttachment)
    return item.type === 'signature' ? null : (answer.valueAttachment.title ?? 'Attached file');
  const value = answer.valueString ?? answer.valueDate ?? answer.valueInteger ?? answer.valueDecimal;
  return value === undefined ? null : String(value);
}

/** Every question answered, in the form's order, with the groups it sits in: what the review and the PDF show. */
export function shownAnswers(
  definition: Questionnaire,
  response: { item?: ResponseItem[] },
): FormShownAnswer[] {
  const given = answersByLinkId(response);
  return placeItems(definition.item).flatMap(({ item, ancestors }) => {
    const answers = given.get(item.linkId);
    if (!answers) return [];
    return [
      {
        linkId: item.linkId,
        text: item.text ?? null,
        groups: ancestors.map((a) => a.text ?? a.linkId),
        values: answers.map((a) => answerText(item, a)).filter((v): v is string => v !== null),
        images: answers
          .map((a) => a.valueAttachment)
          .filter((a) => a?.data && a.contentType === 'image/png')
          .map((a) => a?.data ?? ''),
        mapped: formTargetOf(item.definition) !== null,
      },
    ];
  });
}

/** The value an answer writes into its record field, as the intake import reads a form's field. */
function recordText(answer: FormAnswer): string | null {
  if (answer.valueBoolean !== undefined) return answer.valueBoolean ? 'Y' : 'N';
  if (answer.valueCoding) return answer.valueCoding.code;
  const value = answer.valueString ?? answer.valueDate ?? answer.valueInteger ?? answer.valueDecimal;
  return value === undefined ? null : String(value).trim();
}

export interface MappedAnswer {
  linkId: string;
  text: string | null;
  field: string;
  item: FormItem;
  /** The record's spelling: a code, Y/N, a date; several answers (ICD-10 codes) separated by spaces. */
  value: string;
}

/** The answered items that map to a record field. */
export function mappedAnswers(
  definition: Questionnaire,
  response: { item?: ResponseItem[] },
): MappedAnswer[] {
  const given = answersByLinkId(response);
  return placeItems(definition.item).flatMap(({ item }) => {
    const field = formTargetOf(item.definition);
    const answers = given.get(item.linkId);
    if (!field || !answers) return [];
    const value = answers
      .map(recordText)
      .filter((v): v is string => !!v)
      .join(' ');
    return value ? [{ linkId: item.linkId, text: item.text ?? null, field, item, value }] : [];
  });
}

/** A record value as the review shows it: an option's text when the item offers it. */
export const displayValue = (item: FormItem, value: string | null) =>
  value === null || value === ''
    ? null
    : item.type === 'boolean'
      ? value === 'Y'
        ? 'Yes'
        : value === 'N'
          ? 'No'
          : value
      : (optionText(item, value) ?? value);
