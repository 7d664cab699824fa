/**
 * What the public fill page (apps/web/src/fill, its own small entry) needs at run time, so it bundles these
 * modules only and not the whole catalogue (issue 18, part 4: 150 KB of JavaScript gzip at most).
 */
export { answerProblems, shownLinkIds } from './form-answers.ts';
export { placeItems } from './form-checks.ts';
export {
  birthDateOf,
  FORM_FILE_ACCEPT,
  FORM_FILE_TYPES,
  FORM_FILL_LIMITS,
  FORM_FILL_MESSAGES,
  guardianProblems,
  isMinor,
} from './form-fill.ts';
export { FORM_REQUEST_MESSAGES } from './form-requests.ts';
