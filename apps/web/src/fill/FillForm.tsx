import type { PublicForm } from '@pd/contracts';
import { FORM_FILL_MESSAGES, FORM_REQUEST_MESSAGES, shownLinkIds } from '@pd/contracts/fill-page';
import { useMemo, useRef, useState } from 'react';
import { FormItems } from './FormItems.tsx';
import { saveDraft, submitForm } from './fillApi.ts';
import {
  type Errors,
  type FillState,
  needsGuardian,
  pageErrors,
  serverErrors,
  setAnswer,
  startingState,
  toFill,
} from './fillState.ts';
import { GuardianSection } from './GuardianSection.tsx';
import { NoticeSection } from './NoticeSection.tsx';
import { useKioskLock } from './useKioskLock.ts';

/** Where the first error is: its question's control, or the guardian's. */
const focusFirst = (errors: Errors) => {
  const key = Object.keys(errors)[0];
  if (!key) return;
  const target = key.startsWith('guardian.')
    ? document.getElementById(`guardian-${key.slice(9)}`)
    : document.querySelector<HTMLElement>(
        `[data-question="${CSS.escape(key)}"] input, [data-question="${CSS.escape(key)}"] textarea, [data-question="${CSS.escape(key)}"] canvas`,
      );
  target?.focus();
};

/**
 * The form itself: the privacy notice first, then the questions (conditions and checks shared with the
 * server), the guardian for a client under 18, the marketing box, save for later, submit.
 */
export function FillForm({
  token,
  form,
  onGone,
  onDone,
}: {
  token: string;
  form: PublicForm;
  onGone: (message: string) => void;
  onDone: () => void;
}) {
  const { definition } = form;
  const [started, setStarted] = useState(false);
  const [state, setState] = useState<FillState>(() => startingState(form));
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ busy?: 'save' | 'submit'; message?: string; problem?: string }>({});
  const summary = useRef<HTMLDivElement>(null);
  useKioskLock(form.kiosk);

  const shown = useMemo(() => shownLinkIds(definition, state.answers), [definition, state.answers]);
  const guardianNeeded = needsGuardian(definition, state.answers, form.minor);

  const showErrors = (found: Errors, problem: string) => {
    setErrors(found);
    setStatus({ problem });
    requestAnimationFrame(() => (Object.keys(found).length ? focusFirst(found) : summary.current?.focus()));
  };

  const submit = async () => {
    const fill = toFill(definition, state, form.minor);
    const found = pageErrors(definition, fill);
    if (Object.keys(found).length > 0) return showErrors(found, FORM_REQUEST_MESSAGES.incomplete);
    setStatus({ busy: 'submit' });
    const result = await submitForm(token, fill);
    if (result.ok) return onDone();
    if (result.status === 410) return onGone(result.message);
    showErrors(serverErrors(result.fields), result.message);
  };

  const save = async () => {
    setStatus({ busy: 'save' });
    const result = await saveDraft(token, { ...state, answers: state.answers });
    if (result.ok) return setStatus({ message: FORM_FILL_MESSAGES.saved });
    if (result.status === 410) return onGone(result.message);
    setStatus({ problem: result.message });
  };

  if (!started)
    return (
      <main className="fill-page">
        <header className="fill-header">
          <p className="fill-header__practice">{form.practiceName}</p>
          <h1>{definition.title}</h1>
          {definition.description && <p className="fill-hint">{definition.description}</p>}
        </header>
        <NoticeSection practiceName={form.practiceName} notice={form.notice} />
        <button
          type="button"
          className="fill-button"
          onClick={() => setStarted(true)}
          data-testid="fill-start"
        >
          {form.draft ? 'Continue where you left off' : 'Start the form'}
        </button>
      </main>
    );

  const errorCount = Object.keys(errors).length;
  return (
    <main className="fill-page">
      <header className="fill-header">
        <p className="fill-header__practice">{form.practiceName}</p>
        <h1>{definition.title}</h1>
        <p className="fill-hint">Questions marked * must be answered.</p>
      </header>
      <div ref={summary} tabIndex={-1} aria-live="polite" className="fill-status" data-testid="fill-status">
        {status.problem && (
          <p className="fill-error fill-error--summary" role="alert">
            {status.problem}
            {errorCount > 0 &&
              ` ${errorCount === 1 ? 'One answer needs' : `${errorCount} answers need`} your attention.`}
          </p>
        )}
        {status.message && <p className="fill-saved">{status.message}</p>}
      </div>
      <form
        noValidate
        className="fill-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormItems
          items={definition.item}
          answers={state.answers}
          shown={shown}
          errors={errors}
          token={token}
          onAnswer={(linkId, given) => {
            setState((s) => setAnswer(s, linkId, given));
            setErrors(({ [linkId]: _answered, ...rest }) => rest);
          }}
        />
        {guardianNeeded && (
          <GuardianSection
            guardian={state.guardian ?? { name: '', relationship: '' }}
            errors={errors}
            onChange={(guardian) => {
              setState((s) => ({ ...s, guardian }));
              setErrors((e) =>
                Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith('guardian.'))),
              );
            }}
          />
        )}
        <div className="fill-question fill-consent">
          <label className="fill-choice">
            <input
              type="checkbox"
              checked={state.marketingConsent}
              onChange={(e) => setState((s) => ({ ...s, marketingConsent: e.target.checked }))}
              data-testid="fill-marketing"
            />
            Yes, {form.practiceName} may send me news and offers. (Optional: you can say no and still be
            helped, and change your mind at any time.)
          </label>
        </div>
        <div className="fill-actions">
          <button
            type="submit"
            className="fill-button"
            disabled={Boolean(status.busy)}
            data-testid="fill-submit"
          >
            {status.busy === 'submit' ? 'Sending…' : 'Submit'}
          </button>
          <button
            type="button"
            className="fill-button fill-button--plain"
            disabled={Boolean(status.busy)}
            onClick={() => void save()}
            data-testid="fill-save"
          >
            {status.busy === 'save' ? 'Saving…' : 'Save and continue later'}
          </button>
        </div>
      </form>
    </main>
  );
}
