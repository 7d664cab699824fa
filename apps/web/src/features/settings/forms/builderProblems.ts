import { definitionProblems, type FormProblem, type Questionnaire, questionnaireSchema } from '@pd/contracts';

/**
 * What stands between a definition and its publication, as the API checks it: the shape first (a linkId's
 * characters, lengths, a missing answer), then, once the shape holds, the meaning (`definitionProblems`).
 * Paths are the definition's (`item.0.item.2.linkId`), one problem per path and message.
 */
export function builderProblems(definition: Questionnaire): FormProblem[] {
  const parsed = questionnaireSchema.safeParse(definition);
  const problems: FormProblem[] = parsed.success
    ? definitionProblems(parsed.data)
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
