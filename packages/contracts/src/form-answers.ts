import { z } from 'zod';
import { isoDate } from './fields.ts';
import { type FormProblem, isQuestion, type PlacedItem, placeItems, valueKeyFor } from './form-checks.ts';
import {
  type FormCoding,
  type FormEnableWhen,
  type FormItem,
  formCodingSchema,
  type Questionnaire,
} from './forms.ts';

/**
 * Issue 18, parts 4 and 5: the answers a client gives, keyed by the item's linkId, checked the same way on the
 * fill page and on the server. The server builds the stored FHIR QuestionnaireResponse from them
 * (`buildQuestionnaireResponse`), nested as the definition's groups are, so what is sealed is determined by
 * the definition and the answers alone.
 */
export const FORM_ANSWER_LIMITS = {
  stringLength: 255,
  textLength: 5000,
  answersPerItem: 50,
  /** A signature's PNG: a finger's signature at tablet size is 10–40 KB. */
  attachmentBytes: 200_000,
  /** A file uploaded on the fill page (form-fill.ts), named by `url`. */
  fileBytes: 5 * 1024 * 1024,
} as const;

export const ANSWER_MESSAGES = {
  required: 'Answer this question.',
  signatureRequired: 'Sign here.',
  oneAnswer: 'Give one answer only.',
  tooMany: `At most ${FORM_ANSWER_LIMITS.answersPerItem} answers.`,
  wrongType: 'This answer does not suit the question.',
  notAnOption: 'Choose one of the options.',
  tooLong: (max: number) => `At most ${max} characters.`,
  unknownItem: (linkId: string) => `The form has no question ${linkId}.`,
  notAQuestion: 'A group or a display text takes no answer.',
  notShown: 'This question does not apply to the answers given.',
} as const;

/**
 * A file or a signature (FHIR Attachment). A signature carries its PNG in `data` (base64), so the sealed
 * response holds what was signed; `hash` is the SHA-256 of the bytes, hex. A file uploaded on the fill page is
 * named by `url` (`Binary/<id>`, form-fill.ts), up to 5 MB.
 */
export const formAttachmentSchema = z
  .strictObject({
    contentType: z.string().max(100),
    title: z.string().max(200).optional(),
    size: z.number().int().min(0).max(FORM_ANSWER_LIMITS.fileBytes),
    data: z
      .string()
      .max(Math.ceil(FORM_ANSWER_LIMITS.attachmentBytes / 3) * 4)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Not base64.')
      .optional(),
    url: z.string().max(200).optional(),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .refine((a) => a.data !== undefined || a.url !== undefined, 'Give the data or where it is.')
  .refine((a) => a.data === undefined || a.size <= FORM_ANSWER_LIMITS.attachmentBytes, 'Too large.');

export const formAnswerSchema = z
  .strictObject({
    valueBoolean: z.boolean().optional(),
    valueDecimal: z.number().finite().optional(),
    valueInteger: z.number().int().min(-2_147_483_648).max(2_147_483_647).optional(),
    valueDate: isoDate.optional(),
    valueString: z.string().max(FORM_ANSWER_LIMITS.textLength).optional(),
    valueCoding: formCodingSchema.optional(),
    valueAttachment: formAttachmentSchema.optional(),
  })
  .refine((a) => Object.values(a).filter((v) => v !== undefined).length === 1, 'Give exactly one value.');
export type FormAnswer = z.infer<typeof formAnswerSchema>;

export const formAnswersSchema = z
  .record(
    z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
    z.array(formAnswerSchema).max(FORM_ANSWER_LIMITS.answersPerItem),
  )
  .refine((answers) => Object.keys(answers).length <= 1000, 'Too many answers.');
export type FormAnswers = z.infer<typeof formAnswersSchema>;

const answered = (answers: FormAnswers, linkId: string) => answers[linkId] ?? [];

function compare(answer: FormAnswer, condition: FormEnableWhen): boolean {
  const op = condition.operator;
  const pairs: [unknown, unknown][] = [
    [answer.valueBoolean, condition.answerBoolean],
    [answer.valueDecimal ?? answer.valueInteger, condition.answerDecimal ?? condition.answerInteger],
    [answer.valueDate, condition.answerDate],
    [answer.valueString, condition.answerString],
    [answer.valueCoding?.code, condition.answerCoding?.code],
  ];
  const pair = pairs.find(([a, b]) => a !== undefined && b !== undefined);
  if (!pair) return op === '!=';
  const [a, b] = pair as [number | string | boolean, number | string | boolean];
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '>':
      return a > b;
    case '<':
      return a < b;
    case '>=':
      return a >= b;
    default:
      return a <= b;
  }
}

/** One condition: `exists` asks whether the question has an answer; the others compare any answer given. */
function holds(condition: FormEnableWhen, given: FormAnswer[]): boolean {
  if (condition.operator === 'exists') return given.length > 0 === condition.answerBoolean;
  if (given.length === 0) return false;
  if (condition.operator === '!=') return given.every((a) => compare(a, condition));
  return given.some((a) => compare(a, condition));
}

/**
 * The linkIds shown for these answers: an item shows when every group it sits in shows and its conditions
 * hold (all or any, as it says); the answers of a hidden question count as not given. Publication refuses
 * circles of conditions, so this ends.
 */
export function shownLinkIds(definition: Questionnaire, answers: FormAnswers): Set<string> {
  const placed = new Map(placeItems(definition.item).map((p) => [p.item.linkId, p]));
  const memo = new Map<string, boolean>();
  const shows = (linkId: string, depth = 0): boolean => {
    const known = memo.get(linkId);
    if (known !== undefined) return known;
    const p = placed.get(linkId);
    if (!p || depth > placed.size) return false;
    const ownHold = (item: FormItem) => {
      const conditions = item.enableWhen ?? [];
      if (conditions.length === 0) return true;
      const results = conditions.map((c) =>
        holds(c, shows(c.question, depth + 1) ? answered(answers, c.question) : []),
      );
      return item.enableBehavior === 'any' ? results.some(Boolean) : results.every(Boolean);
    };
    const result = [...p.ancestors, p.item].every(ownHold);
    memo.set(linkId, result);
    return result;
  };
  return new Set([...placed.keys()].filter((linkId) => shows(linkId)));
}

function answerProblem(p: PlacedItem, answer: FormAnswer): string | null {
  const { item } = p;
  const key = Object.keys(answer).find((k) => answer[k as keyof FormAnswer] !== undefined);
  const fits =
    item.type === 'attachment' || item.type === 'signature'
      ? key === 'valueAttachment' &&
        (item.type !== 'signature' || answer.valueAttachment?.contentType === 'image/png')
      : item.type === 'open-choice'
        ? key === 'valueCoding' || key === 'valueString'
        : key === valueKeyFor(item.type);
  if (!fits) return ANSWER_MESSAGES.wrongType;
  if (answer.valueCoding && !optionFor(item, answer.valueCoding)) return ANSWER_MESSAGES.notAnOption;
  if (answer.valueString !== undefined) {
    const max =
      item.maxLength ??
      (item.type === 'text' ? FORM_ANSWER_LIMITS.textLength : FORM_ANSWER_LIMITS.stringLength);
    if (answer.valueString.length > max) return ANSWER_MESSAGES.tooLong(max);
    if (answer.valueString.trim() === '') return ANSWER_MESSAGES.required;
  }
  return null;
}

const optionFor = (item: FormItem, coding: FormCoding) =>
  item.answerOption?.find((o) => o.valueCoding?.code === coding.code || o.valueString === coding.code);

/**
 * Every problem with a set of answers, by `answers.<linkId>`: unknown or non-question ids, answers to hidden
 * questions, required questions unanswered, more than one answer where one is asked, and answers that do
 * not suit their question (type, option, length). None: the answers may be submitted.
 */
export function answerProblems(definition: Questionnaire, answers: FormAnswers): FormProblem[] {
  const placed = new Map(placeItems(definition.item).map((p) => [p.item.linkId, p]));
  const shown = shownLinkIds(definition, answers);
  const problems: FormProblem[] = [];
  for (const [linkId, given] of Object.entries(answers)) {
    const path = `answers.${linkId}`;
    const p = placed.get(linkId);
    if (!p) problems.push({ path, message: ANSWER_MESSAGES.unknownItem(linkId) });
    else if (!isQuestion(p.item.type)) problems.push({ path, message: ANSWER_MESSAGES.notAQuestion });
    else if (given.length > 0 && !shown.has(linkId))
      problems.push({ path, message: ANSWER_MESSAGES.notShown });
  }
  for (const p of placed.values()) {
    if (!isQuestion(p.item.type) || !shown.has(p.item.linkId)) continue;
    const path = `answers.${p.item.linkId}`;
    const given = answered(answers, p.item.linkId);
    if (given.length === 0) {
      if (p.item.required)
        problems.push({
          path,
          message: p.item.type === 'signature' ? ANSWER_MESSAGES.signatureRequired : ANSWER_MESSAGES.required,
        });
      continue;
    }
    if (given.length > 1 && !p.item.repeats) problems.push({ path, message: ANSWER_MESSAGES.oneAnswer });
    const problem = given.map((a) => answerProblem(p, a)).find(Boolean);
    if (problem) problems.push({ path, message: problem });
  }
  return problems;
}

export interface ResponseItem {
  linkId: string;
  text?: string;
  answer?: FormAnswer[];
  item?: ResponseItem[];
}

/** FHIR QuestionnaireResponse of the answers shown, nested as the definition's groups, codings with their display. */
export function buildQuestionnaireResponse(definition: Questionnaire, answers: FormAnswers) {
  const shown = shownLinkIds(definition, answers);
  const build = (items: FormItem[]): ResponseItem[] =>
    items.flatMap((item): ResponseItem[] => {
      if (!shown.has(item.linkId) || item.type === 'display') return [];
      const base = { linkId: item.linkId, ...(item.text ? { text: item.text } : {}) };
      if (item.type === 'group') {
        const children = build(item.item ?? []);
        return children.length > 0 ? [{ ...base, item: children }] : [];
      }
      const given = answered(answers, item.linkId).map((a) => {
        const option = a.valueCoding && optionFor(item, a.valueCoding);
        const display = option?.valueCoding?.display ?? option?.valueString;
        return a.valueCoding && display ? { valueCoding: { code: a.valueCoding.code, display } } : a;
      });
      return given.length > 0 ? [{ ...base, answer: given }] : [];
    });
  return {
    resourceType: 'QuestionnaireResponse' as const,
    status: 'completed' as const,
    item: build(definition.item),
  };
}
