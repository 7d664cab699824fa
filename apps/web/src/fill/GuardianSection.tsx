import type { FormGuardian } from '@pd/contracts';
import type { Errors } from './fillState.ts';
import { SignatureField } from './SignatureField.tsx';

/** For a client under 18: a parent or guardian's name, relationship and signature (the server insists too). */
export function GuardianSection({
  guardian,
  errors,
  onChange,
}: {
  guardian: FormGuardian;
  errors: Errors;
  onChange: (guardian: FormGuardian) => void;
}) {
  const field = (key: 'name' | 'relationship', label: string, autoComplete: string) => {
    const error = errors[`guardian.${key}`];
    return (
      <div className={`fill-question${error ? ' fill-question--invalid' : ''}`}>
        <label className="fill-label" htmlFor={`guardian-${key}`}>
          {label}
          <span className="fill-required"> *</span>
        </label>
        <input
          id={`guardian-${key}`}
          className="fill-input"
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `guardian-${key}-error` : undefined}
          autoComplete={autoComplete}
          maxLength={key === 'name' ? 200 : 60}
          value={guardian[key]}
          onChange={(e) => onChange({ ...guardian, [key]: e.target.value })}
        />
        {error && (
          <p className="fill-error" id={`guardian-${key}-error`} data-testid={`error-guardian.${key}`}>
            {error}
          </p>
        )}
      </div>
    );
  };
  const signatureError = errors['guardian.signature'];
  return (
    <fieldset className="fill-group" data-testid="fill-guardian">
      <legend className="fill-group__title">Parent or guardian</legend>
      <p className="fill-display">
        The client is under 18, so a parent or guardian completes this part and signs.
      </p>
      {field('name', 'Parent or guardian’s full name', 'name')}
      {field('relationship', 'Relationship to the client', 'off')}
      <fieldset className={`fill-question${signatureError ? ' fill-question--invalid' : ''}`}>
        <legend className="fill-label">Parent or guardian’s signature *</legend>
        <SignatureField
          name="guardian"
          label="Parent or guardian’s signature"
          value={guardian.signature}
          onChange={(signature) => onChange({ ...guardian, signature })}
        />
        {signatureError && (
          <p className="fill-error" data-testid="error-guardian.signature">
            {signatureError}
          </p>
        )}
      </fieldset>
    </fieldset>
  );
}
