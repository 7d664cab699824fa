import type { FormAnswer, FormAnswers, FormFill, FormGuardian, Questionnaire } from '@pd/contracts';
import {
  answerProblems,
  birthDateOf,
  guardianProblems,
  isMinor,
  placeItems,
  shownLinkIds,
} from '@pd/contracts/fill-page';

/** What the page holds while the client fills in the form (the submission's shape). */
export interface FillState {
  answers: FormAnswers;
  marketingConsent: boolean;
  guardian?: FormGuardian;
}
export type Errors = Record<string, string>;

/** Where the page starts: a saved draft, else the definition's first values with the record's on top. */
export function startingState(form: {
  definition: Questionnaire;
  prefill: FormAnswers;
  draft: FillState | null;
}) {
  if (form.draft) return form.draft;
  const initial: FormAnswers = {};
  for (const { item } of placeItems(form.definition.item))
    if (item.initial?.length) initial[item.linkId] = item.initial.slice(0, item.repeats ? undefined : 1);
  return { answers: { ...initial, ...form.prefill }, marketingConsent: false };
}

export const setAnswer = (state: FillState, linkId: string, given: FormAnswer[]): FillState => {
  const answers = { ...state.answers };
  if (given.length === 0) delete answers[linkId];
  else answers[linkId] = given;
  return { ...state, answers };
};

/** The answers of questions shown now: a hidden question's answer is kept on the page but not sent. */
export function shownAnswers(definition: Questionnaire, answers: FormAnswers): FormAnswers {
  const shown = shownLinkIds(definition, answers);
  return Object.fromEntries(Object.entries(answers).filter(([linkId]) => shown.has(linkId)));
}

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Under 18 by the answered date of birth, else by the record (the server decides the same way). */
export const needsGuardian = (definition: Questionnaire, answers: FormAnswers, recordMinor: boolean) => {
  const answered = birthDateOf(definition, answers, null);
  return answered ? isMinor(answered, localToday()) : recordMinor;
};

/** What is sent: the shown answers, the consent, the guardian only when one is needed. */
export function toFill(definition: Questionnaire, state: FillState, recordMinor: boolean): FormFill {
  const answers = shownAnswers(definition, state.answers);
  const guardian = needsGuardian(definition, answers, recordMinor)
    ? (state.guardian ?? { name: '', relationship: '' })
    : undefined;
  return { answers, marketingConsent: state.marketingConsent, ...(guardian ? { guardian } : {}) };
}

/** The page's checks, the server's own (contracts): errors by linkId, or `guardian.<field>`. */
export function pageErrors(definition: Questionnaire, fill: FormFill): Errors {
  const errors: Errors = {};
  for (const p of answerProblems(definition, fill.answers))
    errors[p.path.replace(/^answers\./, '')] ??= p.message;
  if (fill.guardian) for (const p of guardianProblems(fill.guardian)) errors[p.path] ??= p.message;
  return errors;
}

/** The server's field errors (`body.answers.<linkId>`, `body.guardian.<field>`) in the page's keys. */
export const serverErrors = (fields: { path: string; message: string }[]): Errors =>
  Object.fromEntries(
    fields.map((f) => [f.path.replace(/^body\./, '').replace(/^answers\./, ''), f.message] as const),
  );
